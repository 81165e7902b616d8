import type { Kysely } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'
import { indexPseudonyms } from './0028_privacy.js'

// Each employee as a pseudonymous key sees them (CONTRACT 19), with their pseudonym, in a table of
// their own (resources/employees/pseudonyms.ts): such a key's pages are sent as stored, and an
// import or a rotation writes pseudonyms without updating the employees' rows, which stay in the
// order their pages read them (PostgreSQL put each updated row elsewhere in the table) and as narrow
// as they were. The pseudonyms leave the employees' rows: the next start derives each again, the
// same under the same secret, with its rendering.

export default function pseudonymousEmployees(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('employees_pseudonymous')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('pseudonym', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('karma_score', 'integer')
        .addColumn('json', 'text', (c) => c.notNull())
        .execute()
      // The list's order; a page's pseudonyms by their ids and a path's by its pseudonym, each index
      // matching every condition of its statement (SQLite, without statistics, would otherwise walk
      // the workspace by the list's index, which leads with it).
      await db.schema
        .createIndex('employees_pseudonymous_by_workspace')
        .on('employees_pseudonymous')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()
      await db.schema
        .createIndex('employees_pseudonymous_by_id')
        .on('employees_pseudonymous')
        .columns(['workspace_id', 'id'])
        .execute()
      await db.schema
        .createIndex('employees_pseudonymous_by_pseudonym')
        .on('employees_pseudonymous')
        .columns(['pseudonym', 'workspace_id'])
        .execute()
      await db.schema.dropIndex('employees_pseudonyms').execute()
      await db.schema.dropIndex('employees_by_pseudonym').execute()
      await db.schema.alterTable('employees').dropColumn('pseudonym').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('employees_pseudonymous').execute()
      // As 0028 left them, the pseudonyms to be derived again.
      await db.schema.alterTable('employees').addColumn('pseudonym', key).execute()
      await indexPseudonyms(db)
    },
  }
}
