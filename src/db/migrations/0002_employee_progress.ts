import { type Kysely, sql } from 'kysely'
import { insertProgressItems } from '../../render/progress-items.js'
import { type DialectName, keyText } from '../dialect.js'

// Progress list items stored whole (see render/progress-items.ts), filled from the rows already
// imported.
export function employeeProgress(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('employee_progress')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.primaryKey())
        .addColumn('json', 'text', (c) => c.notNull())
        .execute()
      // The progress list's order (keyset paging).
      await db.schema
        .createIndex('employee_progress_by_workspace')
        .on('employee_progress')
        .columns(['workspace_id', 'created_at desc', 'employee_id desc'])
        .execute()
      await sql.raw(insertProgressItems(dialect, null)).execute(db)
    },
  }
}
