import type { Kysely } from 'kysely'

// A rotated key names its successor (rotated_to), which `keys list` shows beside it while both work.
export default function keyRotation() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('api_keys').addColumn('rotated_to', 'text').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('api_keys').dropColumn('rotated_to').execute()
    },
  }
}
