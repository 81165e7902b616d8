// Course JSON, and the progress list's items (GET /v1/courses/employees_progress). An item is an
// employee's reference and every course progress entry of theirs, in course order: it embeds rows
// of three tables, so it is stored whole in `employee_progress`, one row per employee in list
// order, and put together in SQL from stored fragments whenever one of those rows changes (a page is
// then one range read). The fragments are rendered here in JS: a course's reference, and each entry
// after its course (`{"course":` + reference + tail).

import { type DialectName, joinedText } from '../../db/dialect.js'
import { jsonAround } from '../../records/fragments.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { Course, CourseProgress } from './schema.js'

/** A course's JSON. */
export const courseJson = jsonOf(Course)

/** The course as a progress entry embeds it. */
export const courseReferenceJson = jsonOf(CourseProgress.properties.course)

const aroundCourse = jsonAround(CourseProgress, 'course')

/** A progress entry after its course: `{"course":` + course reference + this. */
export function progressEntryTail(entry: Omit<CourseProgress, 'course'>): string {
  return aroundCourse(entry).tail
}

/**
 * SQL: an item of a course's enrolled employees, from its entry `p` and its employee's row `e`: the
 * entry's tail follows the employee as it follows the course in a progress item.
 */
export const ENROLLMENT_JSON = `'{"employee":' || e.ref_json || p.json_tail`

/**
 * SQL that writes the progress items of the employees `from` names (a table aliased `e` with an
 * employee's id, workspace_id, created_at and ref_json; `where` narrows it), in list order. Their
 * old items must be deleted first; employees that no longer exist get none. Each employee's entries
 * are gathered by a key-prefix read of course_progress (a handful of rows): no large join, no large
 * intermediate result.
 */
export function insertProgressItems(dialect: DialectName, from: string, where = ''): string {
  const entries = joinedText(
    dialect,
    `'{"course":' || c.ref_json || p.json_tail`,
    'c.created_at desc, c.id desc',
  )
  // PostgreSQL carries the employee's workspace over to a joined courses table and builds its hash
  // table again for every employee; a course looked up per entry (memoized) is read once.
  const course =
    dialect === 'postgres'
      ? `cross join lateral (select c.ref_json, c.created_at, c.id from courses c
          where c.workspace_id = p.workspace_id and c.id = p.course_id limit 1) c`
      : 'join courses c on c.workspace_id = p.workspace_id and c.id = p.course_id'
  return `insert into employee_progress (workspace_id, created_at, employee_id, json)
    select e.workspace_id, e.created_at, e.id,
      '{"employee":' || e.ref_json || ',"courses_progress":[' || coalesce((
        select ${entries}
        from course_progress p
        ${course}
        where p.workspace_id = e.workspace_id and p.employee_id = e.id), '') || ']}'
    from ${from} ${where}
    order by e.workspace_id, e.created_at desc, e.id desc`
}
