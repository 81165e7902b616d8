import type { Kysely } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Groups and their members (CONTRACT 15), each with the index of its list's order.
export default function groups(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('groups')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('updated_at', key, (c) => c.notNull())
        .addColumn('employees_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('json', 'text')
        .execute()
      await db.schema
        .createIndex('groups_by_workspace')
        .on('groups')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()

      await db.schema
        .createTable('group_members')
        .addColumn('group_id', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('added_at', key, (c) => c.notNull())
        .addColumn('json_tail', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'employee_id'])
        .execute()
      // Serves the members list, and finds a workspace's memberships (--replace, derived counts).
      await db.schema
        .createIndex('group_members_by_group')
        .on('group_members')
        .columns(['workspace_id', 'group_id', 'added_at desc', 'employee_id desc'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('group_members').execute()
      await db.schema.dropTable('groups').execute()
    },
  }
}
