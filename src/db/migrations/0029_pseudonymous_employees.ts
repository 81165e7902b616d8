import { type Kysely, sql } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Each employee as a pseudonymous key sees them (CONTRACT 19), kept so that such a key's pages are
// sent as stored: in a table of their own, listed in the employees' order with what the list
// filters by, so that the employees' rows (which identified pages read) stay as narrow as they were.
// Every pseudonym is cleared: the next start derives each again with its rendering
// (resources/employees/pseudonyms.ts).

export default function pseudonymousEmployees(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('employees_pseudonymous')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('karma_score', 'integer')
        .addColumn('json', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('employees_pseudonymous_by_workspace')
        .on('employees_pseudonymous')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()
      await sql`update employees set pseudonym = null`.execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('employees_pseudonymous').execute()
    },
  }
}
