import type { Kysely } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Events recorded by imports (CONTRACT 14), the webhook endpoints an operator configures, and the
// outbox of deliveries, written in the same transaction as the events.
export default function events(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('events')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('json', 'text', (c) => c.notNull())
        .execute()
      // The feed's order (keyset paging, ascending).
      await db.schema
        .createIndex('events_by_workspace')
        .on('events')
        .columns(['workspace_id', 'created_at', 'id'])
        .execute()
      // Retention prunes the oldest first by id: a UUIDv7 starts with its time.

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('organization_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key)
        .addColumn('url', 'text', (c) => c.notNull())
        // Comma-separated event types, or null for all.
        .addColumn('events', 'text')
        // `whsec_…`, or `enc:v1:…` when SECRETS_KEY encrypts it.
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('event_id', key, (c) => c.notNull())
        .addColumn('endpoint_id', key, (c) => c.notNull())
        // pending, delivered or failed.
        .addColumn('status', 'text', (c) => c.notNull())
        // Attempts made so far.
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', key, (c) => c.notNull())
        // A process sending it holds it until then; past it, another may take it.
        .addColumn('leased_until', key)
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('finished_at', key)
        .addPrimaryKeyConstraint('webhook_deliveries_pk', ['endpoint_id', 'event_id'])
        .execute()
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute()
      await db.schema
        .createIndex('webhook_deliveries_finished')
        .on('webhook_deliveries')
        .columns(['finished_at'])
        .execute()

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('endpoint_id', key, (c) => c.notNull())
        .addColumn('event_id', key, (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('attempted_at', key, (c) => c.notNull())
        .addColumn('next_attempt_at', key)
        .addPrimaryKeyConstraint('webhook_attempts_pk', ['endpoint_id', 'event_id', 'attempt'])
        .execute()
      await db.schema
        .createIndex('webhook_attempts_recent')
        .on('webhook_attempts')
        .columns(['endpoint_id', 'attempted_at'])
        .execute()
    },
  }
}
