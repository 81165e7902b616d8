import type { Kysely } from 'kysely'

// The delivery worker claims each endpoint's due deliveries on their own (a receiver that hangs holds
// only its own): this index finds them without reading the endpoint's delivered ones, or another's.
export default function deliveriesByEndpoint() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('webhook_deliveries_by_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'status', 'next_attempt_at'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('webhook_deliveries_by_endpoint').execute()
    },
  }
}
