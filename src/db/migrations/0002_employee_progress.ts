import { type Kysely, sql } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Progress list items stored whole (see resources/courses/render.ts), filled from the rows already
// imported. The SQL is this migration's own, frozen as it was written: later rendering changes
// must not change what an old migration does.

function fillItems(dialect: DialectName): string {
  const aggregate = dialect === 'postgres' ? 'string_agg' : 'group_concat'
  return `insert into employee_progress (workspace_id, created_at, employee_id, json)
    select e.workspace_id, e.created_at, e.id,
      '{"employee":' || e.ref_json || ',"courses_progress":[' || coalesce((
        select ${aggregate}('{"course":' || c.ref_json || p.json_tail, ',' order by c.created_at desc, c.id desc)
        from course_progress p
        join courses c on c.workspace_id = p.workspace_id and c.id = p.course_id
        where p.employee_id = e.id), '') || ']}'
    from employees e
    order by e.workspace_id, e.created_at desc, e.id desc`
}
export default function employeeProgress(dialect: DialectName) {
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
      await sql.raw(fillItems(dialect)).execute(db)
    },
  }
}
