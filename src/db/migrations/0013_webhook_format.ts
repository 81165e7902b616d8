import type { Kysely } from 'kysely'

// A webhook endpoint receives the events as the feed renders them (json) or in OCSF (ocsf); every
// endpoint created before had the first.
export default function webhookFormat() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('format', 'text', (c) => c.notNull().defaultTo('json'))
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('webhook_endpoints').dropColumn('format').execute()
    },
  }
}
