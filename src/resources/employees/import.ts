// What an import does for employees beyond merging their records: checks their workspace and
// reporting line, and puts a changed manager's reference into their reports.

import { type RawBuilder, sql } from 'kysely'
import { readThrough } from '../../db/dialect.js'
import { analyzeTemporary, type WriteSession, workspaceList } from '../../db/write-session.js'
import {
  kept,
  notInWorkspace,
  stayInWorkspaceCheck,
  workspaceAfterImport,
  workspaceCheck,
} from '../../records/checks.js'
import type { ChangedRecords, Check, HistoryMoment, ImportSteps } from '../../records/spec.js'
import { MANAGER_SLOT, renderStaleReports } from './manager-slot.js'
import { keepPseudonyms, pseudonymsMissing, renderChanged, renderPseudonymous } from './pseudonyms.js'
import { EMPLOYEE_STATISTICS } from './statistics.js'

/** The workspace an employee id will belong to after the import, or null when it will not exist. */
export const employeeWorkspace = (column: string): RawBuilder<string | null> =>
  workspaceAfterImport('employee', 'employees', column)

/**
 * Refuses the staged records of `type` (`stg_<type>` with an `employee_id`) whose employee will not
 * exist, or will belong to another workspace than their parent, whose workspace staging resolved
 * into `workspace_id` (null: the parent is missing, which is another check's).
 */
export function employeeOfParentCheck(type: string, parent: string): Check {
  return {
    query: sql`select line, employee_id as value, employee_workspace as other from (
        select s.line, s.employee_id, s.workspace_id as parent_workspace,
          ${employeeWorkspace('s.employee_id')} as employee_workspace
        from ${sql.raw(`stg_${type}`)} s) r
      where parent_workspace is not null
        and ${notInWorkspace('employee_workspace', 'parent_workspace')}`,
    // Unknown or elsewhere alike: whether the id exists in another workspace is not told.
    message: (v) => `${type}.employee_id: employee ${v} is not in the ${parent}'s workspace`,
  }
}

/**
 * Refuses the staged records of `type` (`stg_<type>` with `workspace_id` and `employee_id`) whose
 * employee will not be in their workspace.
 */
export function employeeInWorkspaceCheck(type: string): Check {
  return {
    query: sql`select line, employee_id as value, employee_workspace as other from (
        select s.line, s.employee_id, s.workspace_id, ${employeeWorkspace('s.employee_id')} as employee_workspace
        from ${sql.raw(`stg_${type}`)} s) c
      where ${notInWorkspace('employee_workspace', 'workspace_id')}`,
    message: (v) => `${type}.employee_id: employee ${v} is not in this workspace`,
  }
}

const CHECKS: readonly Check[] = [
  workspaceCheck('employee', 'employee.workspace'),
  stayInWorkspaceCheck('employee', 'employees', 'an employee'),
  {
    query: sql`select line, manager_id as value, manager_workspace as other from (
        select s.line, s.manager_id, s.workspace_id, ${employeeWorkspace('s.manager_id')} as manager_workspace
        from stg_employee s where s.manager_id is not null) m
      where ${notInWorkspace('manager_workspace', 'workspace_id')}`,
    message: (v) => `employee.manager: employee ${v} is not in the employee's workspace`,
  },
  {
    // A reporting line that comes back to where it started. The database held none before, so any
    // cycle runs through an employee of the file, and every member of a cycle manages someone: the
    // walk starts only from the file's managers, and UNION (not UNION ALL) ends it on a revisit.
    // The stored reports are looked up from the file's employees, never the other way round: as a
    // scalar subquery, which PostgreSQL cannot turn into a join or a hash of every employee.
    query: sql`with recursive chain (start_id, manager_id) as (
        select s.id, s.manager_id from stg_employee s
        where s.manager_id is not null
          and (exists (select 1 from stg_employee x where x.manager_id = s.id)
            or (select 1 from employees e
              where e.workspace_id = s.workspace_id and e.manager_id = s.id and ${kept('e')} limit 1) is not null)
        union
        select c.start_id,
          case when exists (select 1 from stg_employee x where x.id = c.manager_id)
            then (select x.manager_id from stg_employee x where x.id = c.manager_id limit 1)
            else (select e.manager_id from employees e where e.id = c.manager_id and ${kept('e')}) end
        from chain c where c.manager_id <> c.start_id)
      select (select min(s.line) from stg_employee s where s.id = chain.start_id) as line,
        start_id as value, null as other
      from chain where manager_id = start_id`,
    message: (v) => `employee.manager: the reporting line of employee ${v} comes back to itself (a cycle)`,
  },
]

/**
 * The references of the file's employees that manage an employee about to be merged, for the merge
 * to put into their reports' JSON (MERGED_JSON): managers are few, so their references stay in the
 * page cache, where looking each one up among the staged employees would read a page of those wide
 * rows per merged employee.
 */
async function collectManagerReferences(session: WriteSession, changed: ChangedRecords): Promise<void> {
  await session.exec(
    sql.raw(`insert into stg_manager_ref (id, ref_json)
      select x.id, x.ref_json from stg_employee x
      where x.id in (select manager_id from stg_employee where ${changed.where('employee')})`),
  )
}

/**
 * The references of the file's changed employees, into a narrow table, for the items of other
 * resources that embed an employee's reference and are rendered while merging (attacks, group
 * members): looking each up among the stored employees reads a page of wide rows per item. Filled
 * once per import, by the first resource that asks.
 */
export async function stageEmployeeReferences(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('employee') === 'none') return
  if ((await session.rows(sql`select 1 as one from stg_employee_ref limit 1`)).length > 0) return
  await session.exec(
    sql.raw(`insert into stg_employee_ref (id, ref_json)
      select id, ref_json from stg_employee where ${changed.where('employee')} order by id`),
  )
}

/**
 * The employees of each touched workspace per status (CONTRACT 15), with the sum of their karma
 * scores and how many have one (CONTRACT 17), for /v1/employees/statistics;
 * and the ids of their active employees, in id order, which the later resources' statistics probe.
 * A workspace's employees are read in their stored order (employees_by_workspace): through
 * employees_by_manager, which leads with the workspace too, SQLite would read a page per employee.
 */
async function deriveStatistics(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  const employees = sql.raw(readThrough(session.dialect, 'employees', 'employees_by_workspace'))
  await session.exec(sql`insert into stg_active_employee (id, workspace_id)
    select id, workspace_id from ${employees} where status = 'active' and workspace_id in ${touched} order by id`)
  await analyzeTemporary(session, 'stg_active_employee')
  await session.exec(sql`delete from employee_statistics where workspace_id in ${touched}`)
  await session.exec(sql`insert into employee_statistics (workspace_id, status, employees, karma_sum, karma_count)
    select workspace_id, status, count(*), coalesce(sum(karma_score), 0), count(karma_score) from ${employees}
    where workspace_id in ${touched}
    group by workspace_id, status`)
}

/**
 * Each employee's karma where it differs from their latest kept (or they have none kept); an import
 * at the same `as_of` as that row rewrites it. Employees the import deleted take theirs with them.
 */
async function karmaHistory(session: WriteSession, moment: HistoryMoment): Promise<void> {
  const workspaces = sql.raw(moment.workspaces)
  if (moment.deleted('employee'))
    await session.exec(sql`delete from karma_history where workspace_id in ${workspaces}
      and not exists (select 1 from employees e where e.id = karma_history.employee_id)`)
  await session.exec(sql`insert into karma_history (workspace_id, employee_id, as_of, score, security_level)
    select e.workspace_id, e.id, ${moment.asOf}, e.karma_score, e.karma_level from employees e
    where e.workspace_id in ${workspaces} and not exists (
      select 1 from (select h.score, h.security_level from karma_history h
        where h.workspace_id = e.workspace_id and h.employee_id = e.id
        order by h.as_of desc limit 1) l
      where l.score is not distinct from e.karma_score and l.security_level is not distinct from e.karma_level)
    on conflict (workspace_id, employee_id, as_of)
    do update set score = excluded.score, security_level = excluded.security_level`)
}

/**
 * An erasure: the employees an erased employee managed have no manager (their stored JSON's slot
 * too), and their pseudonymous renderings, which named the manager, are rendered again.
 */
async function forgetErasedManagers(session: WriteSession): Promise<Record<string, number>> {
  const managed = await session.rows<{ id: string }>(sql`select e.id from employees e
    where (e.workspace_id, e.manager_id) in (select workspace_id, id from stg_erased) order by e.id`)
  if (managed.length === 0) return {}
  await session.exec(
    sql.raw(`update employees set manager_id = null, json = ${MANAGER_SLOT.withValue(session.dialect, 'json', "'null'")}
      where (workspace_id, manager_id) in (select workspace_id, id from stg_erased)`),
  )
  await renderPseudonymous(
    session,
    managed.map((e) => e.id),
  )
  return { 'employees they managed, now without a manager': managed.length }
}

export const EMPLOYEE_IMPORT: ImportSteps = {
  checks: CHECKS,
  helpers: {
    stg_manager_ref: ['id', 'ref_json'],
    stg_employee_ref: ['id', 'ref_json'],
    stg_active_employee: ['id', 'workspace_id'],
  },
  beforeMerge: collectManagerReferences,
  async afterMerge(session, changed) {
    await renderStaleReports(session, changed)
    await renderChanged(session, changed)
  },
  async derive(session) {
    await keepPseudonyms(session)
    await deriveStatistics(session)
  },
  erase: forgetErasedManagers,
  async skipErased(session) {
    await session.exec(sql`update stg_employee set manager_id = null
      where manager_id in (select id from stg_erased)`)
  },
  missing: pseudonymsMissing,
  keptStatistics: [EMPLOYEE_STATISTICS.step],
  history: { tables: [{ table: 'karma_history', follows: 'employee_id' }], record: karmaHistory },
}
