// A progress list item (GET /v1/courses/employees_progress) is an employee's reference and every
// course progress entry of theirs, in course order. It embeds rows of three tables, so it is stored
// whole in `employee_progress`, one row per employee in list order, and rendered again in SQL
// whenever one of those rows changes: a page is then one range read.

import { type DialectName, joinedText } from '../db/dialect.js'

/**
 * SQL that (re)writes the items of the employees `employeeIds` selects (a subquery returning
 * employee ids; null for every employee, when the table is empty), in list order. Their old items
 * must be deleted first; employees that no longer exist get none. Each employee's entries are
 * gathered by a key-prefix read of course_progress (a handful of rows): no large join, no large
 * intermediate result.
 */
export function insertProgressItems(dialect: DialectName, employeeIds: string | null): string {
  const entries = joinedText(
    dialect,
    `'{"course":' || c.ref_json || p.json_tail`,
    'c.created_at desc, c.id desc',
  )
  return `insert into employee_progress (workspace_id, created_at, employee_id, json)
    select e.workspace_id, e.created_at, e.id,
      '{"employee":' || e.ref_json || ',"courses_progress":[' || coalesce((
        select ${entries}
        from course_progress p
        join courses c on c.workspace_id = p.workspace_id and c.id = p.course_id
        where p.employee_id = e.id), '') || ']}'
    from employees e
    ${employeeIds === null ? '' : `where e.id in (${employeeIds})`}
    order by e.workspace_id, e.created_at desc, e.id desc`
}
