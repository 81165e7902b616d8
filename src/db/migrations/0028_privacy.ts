import { type Kysely, sql } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Privacy by key (CONTRACT 19): what a key and a webhook endpoint may see of a person, each
// organization's pseudonym secret, and each employee's pseudonym as the import keeps it (null
// until the next import or start derives it: resources/employees/pseudonyms.ts).

/** The employees' pseudonyms' indexes as 0028 made them (0029 moves the pseudonyms out, and back on its way down). */
export async function indexPseudonyms(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('employees_by_pseudonym')
    .on('employees')
    .columns(['pseudonym', 'workspace_id'])
    .where(sql.ref('pseudonym'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('employees_pseudonyms')
    .on('employees')
    .columns(['workspace_id', 'id'])
    .execute()
}

export default function privacy(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('api_keys')
        .addColumn('privacy', key, (c) => c.notNull().defaultTo('identified'))
        .execute()
      await db.schema.alterTable('api_keys').addColumn('min_group_size', 'integer').execute()
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('privacy', key, (c) => c.notNull().defaultTo('identified'))
        .execute()
      await db.schema
        .createTable('pseudonym_secrets')
        .addColumn('organization_id', key, (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .execute()
      await db.schema.alterTable('employees').addColumn('pseudonym', key).execute()
      // A path's pseudonym, and a page's pseudonyms by their ids, in the granted workspace: each index
      // matches every condition of its statement, so that SQLite, without statistics, takes it rather
      // than walk the workspace by another index that leads with it. Neither holds the other's columns:
      // PostgreSQL would read one whole in place of the table. Only kept pseudonyms are indexed: an
      // import looks for the employees without one by their workspace.
      await indexPseudonyms(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('employees_pseudonyms').execute()
      await db.schema.dropIndex('employees_by_pseudonym').execute()
      await db.schema.alterTable('employees').dropColumn('pseudonym').execute()
      await db.schema.dropTable('pseudonym_secrets').execute()
      await db.schema.alterTable('webhook_endpoints').dropColumn('privacy').execute()
      await db.schema.alterTable('api_keys').dropColumn('min_group_size').execute()
      await db.schema.alterTable('api_keys').dropColumn('privacy').execute()
    },
  }
}
