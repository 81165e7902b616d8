import { type Kysely, sql } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Erasure (CONTRACT 20): what is kept of each erased person is a keyed hash of their id (under a
// secret of the service's own, in service_state, which no pseudonym rotation touches), when, why,
// and the recipients the disclosure record held for them. Keyed by the hash first: an import looks
// up the ids its records name, whatever their organization; listed by organization.

export default function erasures(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('erasures')
        .addColumn('id_hash', key, (c) => c.notNull())
        .addColumn('organization_id', key, (c) => c.notNull())
        .addColumn('erased_at', key, (c) => c.notNull())
        .addColumn('reason', 'text')
        // JSON: [{"recipient_kind", "recipient_id", "recipient_name"}], the disclosure record's.
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('lifted_at', 'text')
        .addPrimaryKeyConstraint('erasures_key', ['id_hash', 'organization_id', 'erased_at'])
        .execute()
      await db.schema
        .createIndex('erasures_by_organization')
        .on('erasures')
        .columns(['organization_id', 'erased_at'])
        .execute()
      // Where each event an erasure deleted stood in its feed: a client resuming after= its id goes
      // on from there (the id is a hash; nothing of the person).
      await db.schema
        .createTable('forgotten_events')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('forgotten_events').execute()
      await db.schema.dropTable('erasures').execute()
      await sql`delete from service_state where name = 'erasure_secret'`.execute(db)
    },
  }
}
