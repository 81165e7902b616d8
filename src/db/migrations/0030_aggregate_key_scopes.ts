import type { Kysely } from 'kysely'
import type { DialectName } from '../dialect.js'

// An aggregate-only key carries only the scopes of the operations it may call (CONTRACT 19): the
// events feed is closed to it, so a key made before with every scope loses `events:read`. The list
// is this migration's own, as the scopes stood when it was written.

const UNUSABLE = ['events:read']

export default function aggregateKeyScopes(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const keys = db as unknown as Kysely<{ api_keys: { id: string; privacy: string; scopes: string } }>
      const aggregate = await keys
        .selectFrom('api_keys')
        .select(['id', 'scopes'])
        .where('privacy', '=', 'aggregate')
        .execute()
      for (const key of aggregate) {
        const kept = key.scopes.split(',').filter((scope) => !UNUSABLE.includes(scope))
        // A key made with nothing else keeps what it had: it answers 403 either way.
        if (kept.length > 0 && kept.length < key.scopes.split(',').length)
          await keys
            .updateTable('api_keys')
            .set({ scopes: kept.join(',') })
            .where('id', '=', key.id)
            .execute()
      }
    },
    // The scopes an aggregate key could never use are not given back.
    async down(): Promise<void> {},
  }
}
