import type { Kysely } from 'kysely'

// A key may be limited to client addresses (allow_from: comma-separated CIDR ranges, null for any)
// and start working at a given time (not_before, null for at once). Keys stored before keep both null.
export default function keyAllowLists() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('api_keys').addColumn('allow_from', 'text').execute()
      await db.schema.alterTable('api_keys').addColumn('not_before', 'text').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('api_keys').dropColumn('not_before').execute()
      await db.schema.alterTable('api_keys').dropColumn('allow_from').execute()
    },
  }
}
