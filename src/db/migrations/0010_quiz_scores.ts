import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../dialect.js'

// Progress entries and their years gain quiz_score (CONTRACT 15): null in every stored entry, whose
// tails are rewritten, then the stored progress items are made again from them. A tail holds only
// enum values, timestamps and integers, never free text, so its text can be edited exactly. The
// SQL is this migration's own, frozen as it was written.

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

export default function quizScores(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // `,"status":…,"years":[{…},{…}]}` → `,"status":…,"years":[{…,"quiz_score":null},…],"quiz_score":null}`
      await sql`update course_progress set json_tail =
        replace(replace(substr(json_tail, 1, length(json_tail) - 1),
          '},{', ',"quiz_score":null},{'),
          '}]', ',"quiz_score":null}]') || ',"quiz_score":null}'
        where json_tail not like '%"quiz_score"%'`.execute(db)
      await sql`delete from employee_progress`.execute(db)
      await sql.raw(fillItems(dialect)).execute(db)
    },
  }
}
