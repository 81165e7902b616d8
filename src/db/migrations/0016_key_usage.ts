import type { Kysely } from 'kysely'

// The usage record of keys (keys/usage.ts): counts per key, hour, route and status class; the
// client addresses per key and hour; failed authentications per address and hour. Pruned by hour.
export default function keyUsage() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('key_usage')
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('status_class', 'text', (c) => c.notNull())
        .addColumn('requests', 'bigint', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('first_seen', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('key_usage_pk', ['key_id', 'hour', 'route', 'status_class'])
        .execute()
      await db.schema.createIndex('key_usage_by_hour').on('key_usage').column('hour').execute()
      await db.schema
        .createTable('key_usage_addresses')
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('key_usage_addresses_pk', ['key_id', 'hour', 'address'])
        .execute()
      await db.schema
        .createIndex('key_usage_addresses_by_hour')
        .on('key_usage_addresses')
        .column('hour')
        .execute()
      await db.schema
        .createTable('auth_failures')
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('auth_failures_pk', ['hour', 'address'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['auth_failures', 'key_usage_addresses', 'key_usage'])
        await db.schema.dropTable(table).execute()
    },
  }
}
