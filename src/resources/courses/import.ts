// What an import does for courses beyond merging their records: checks the references of progress
// and feedback, keeps the progress items (render.ts) in step with every row they embed, and derives
// the program statistics of the touched workspaces (CONTRACT 6).

import { sql } from 'kysely'
import { encodeRows } from '../../db/bulk-rows.js'
import { readWhole } from '../../db/dialect.js'
import { analyzeTemporary, type WriteSession, workspaceList } from '../../db/write-session.js'
import { rowExists, stayInWorkspaceCheck, workspaceCheck } from '../../records/checks.js'
import type { ChangedRecords, Check, ImportSteps } from '../../records/spec.js'
import { insertProgressItems } from './render.js'
import { PROGRAM_STATISTICS } from './statistics.js'

const courseExists = (workspace: string, id: string) => rowExists('stg_course', 'courses', workspace, id)

const CHECKS: readonly Check[] = [
  workspaceCheck('course'),
  ...(['course_progress', 'course_feedback'] as const).flatMap((type): Check[] => [
    {
      query: sql`select s.line, s.employee_id as value, null as other from ${sql.table(`stg_${type}`)} s
        where s.workspace_id is null`,
      message: (v) => `${type}.employee_id: employee ${v} does not exist`,
    },
    {
      query: sql`select s.line, s.course_id as value, null as other from ${sql.table(`stg_${type}`)} s
        where s.workspace_id is not null and not ${courseExists('s.workspace_id', 's.course_id')}`,
      message: (v) => `${type}.course_id: course ${v} does not exist in the employee's workspace`,
    },
  ]),
  // Feedback is keyed by its id alone: without this, a file naming a stored id under an employee of
  // another workspace, or organization, would take that row over.
  stayInWorkspaceCheck('course_feedback', 'course_feedback', 'feedback'),
]

/**
 * SQL: the workspace and employee of every stored entry on a changed staged course, found through
 * the employees of the course's workspace (course_progress is keyed by workspace and employee).
 */
export const progressOnStagedCourses = (changed: ChangedRecords): string =>
  `select p.workspace_id, p.employee_id from stg_course
    join employees e on e.workspace_id = stg_course.workspace_id
    join course_progress p on p.workspace_id = e.workspace_id and p.employee_id = e.id and p.course_id = stg_course.id
    where ${changed.whereStored('course')}`

async function progressItemsEmpty(session: WriteSession): Promise<boolean> {
  return (await session.rows(sql`select 1 as one from employee_progress limit 1`)).length === 0
}

/**
 * Employees whose progress item moves: changed employees, employees with a changed entry, and
 * those with an entry on a changed course. Runs before the merge, while changes can be told apart.
 */
async function collectStaleProgress(session: WriteSession, changed: ChangedRecords): Promise<void> {
  // Into an empty table every item is written anyway (renderStaleProgress).
  if (await progressItemsEmpty(session)) return
  await session.exec(
    sql.raw(`insert into stg_progress_stale (employee_id)
      select id from stg_employee where ${changed.where('employee')}
      union select employee_id from stg_course_progress where ${changed.where('course_progress')}
      union select employee_id from (${progressOnStagedCourses(changed)}) p`),
  )
}

/** --replace: the items of employees, and of entries, that the replace is about to delete. */
async function collectDeletedProgress(session: WriteSession): Promise<void> {
  const replaced = `workspace_id in ${await workspaceList(session, 'stg_replaced')}`
  const stale = (select: string) =>
    session.exec(sql.raw(`insert into stg_progress_stale (employee_id) ${select} on conflict do nothing`))
  await stale(`select id from employees where ${replaced}
    and not exists (select 1 from stg_employee s where s.id = employees.id)`)
  await stale(`select employee_id from course_progress
    where ${replaced}
      and not exists (select 1 from stg_course_progress s
        where s.employee_id = course_progress.employee_id and s.course_id = course_progress.course_id)`)
}

/**
 * Every employee's progress item, into an empty table, on SQLite. The entries are read in
 * course_progress's own order (by workspace and employee) from a narrow copy of the employees sorted the same
 * way, and the finished items are sorted into list order: walking the employees in list order
 * would read a page of course_progress per employee, a read that outgrows the page cache once the
 * tables do. PostgreSQL plans the one statement as a whole; the copy only adds to its time there.
 */
async function renderAllProgress(session: WriteSession): Promise<void> {
  await session.exec(
    sql.raw(`create temporary table stg_item_owner as
      select id, workspace_id, created_at, ref_json from ${readWhole(session.dialect, 'employees')} order by workspace_id, id`),
  )
  await session.exec(sql.raw(insertProgressItems(session.dialect, 'stg_item_owner e')))
  await session.exec(sql`drop table stg_item_owner`)
}

/** Writes the progress items of the employees collected as stale, after the merge and deletes. */
async function renderStaleProgress(session: WriteSession, changed: ChangedRecords): Promise<void> {
  // Every employee has an item, so an empty table means a first import: all are written.
  if (await progressItemsEmpty(session)) {
    if (session.dialect === 'sqlite') await renderAllProgress(session)
    else await session.exec(sql.raw(insertProgressItems(session.dialect, 'employees e')))
    return
  }
  await analyzeTemporary(session, 'stg_progress_stale')
  const stale = 'select employee_id from stg_progress_stale'
  // A new organization's employees have no item yet.
  if (!changed.onlyNewWorkspaces())
    await session.exec(sql.raw(`delete from employee_progress where employee_id in (${stale})`))
  await session.exec(sql.raw(insertProgressItems(session.dialect, 'employees e', `where e.id in (${stale})`)))
}

/**
 * Statistics that depend only on imported rows (CONTRACT 6): active employees, covered ones, and the
 * mean number of completed entries per active employee, rounded half up, for every touched workspace
 * (replaced ones included). The feedback counts depend
 * on the time of the request and are counted then (sql.ts).
 */
async function deriveStatistics(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  // The active employees were collected by employees' derive (stg_active_employee).
  const active = await session.rows<{ workspace_id: string; active: number }>(sql`
    select t.workspace_id, count(e.id) as active
    from stg_touched t left join stg_active_employee e on e.workspace_id = t.workspace_id
    group by t.workspace_id`)
  // An entry's workspace is its employee's. The active employees' ids are gathered first and their
  // entries read in course_progress's own order, rather than one look-up per employee in list order.
  const progress = await session.rows<{ workspace_id: string; covered: number; completed: number }>(
    sql`
    select p.workspace_id, count(distinct p.employee_id) as covered,
      sum(case when p.status = 'completed' then 1 else 0 end) as completed
    from course_progress p
    where p.workspace_id in ${touched}
      and p.employee_id in (select id from stg_active_employee)
    group by p.workspace_id`,
  )
  const byWorkspace = new Map(progress.map((p) => [p.workspace_id, p]))
  await session.exec(sql`delete from workspace_statistics where workspace_id in ${touched}`)
  const values = active.map((r) => {
    const count = Number(r.active)
    const covered = Number(byWorkspace.get(r.workspace_id)?.covered ?? 0)
    const completed = Number(byWorkspace.get(r.workspace_id)?.completed ?? 0)
    // Half up in integers: floor(completed / active + 1/2).
    const average = count === 0 ? 0 : Math.floor((2 * completed + count) / (2 * count))
    return [r.workspace_id, count, covered, average]
  })
  await session.insertMany(
    'workspace_statistics',
    ['workspace_id', 'active_employees', 'covered_employees', 'average_courses_completed'],
    encodeRows(session.dialect, values),
  )
}

export const COURSE_IMPORT: ImportSteps = {
  checks: CHECKS,
  // Employees whose progress item moves.
  helpers: { stg_progress_stale: ['employee_id'] },
  beforeMerge: collectStaleProgress,
  beforeReplace: collectDeletedProgress,
  derive: deriveStatistics,
  renderItems: { phase: 'progress items', render: renderStaleProgress },
  analyze: ['employee_progress'],
  keptStatistics: [PROGRAM_STATISTICS.step],
}
