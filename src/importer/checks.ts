// Checks that need the whole file and the database: duplicate keys, references that must resolve
// (in the file or in the database), and records that would move between workspaces. Each check is
// one set-based query returning the offending lines.
//
// "Effective" state: what the database will hold after the import. With --replace, rows of the
// replaced workspaces that the file does not hold will be deleted, so they do not count.

import { type RawBuilder, sql } from 'kysely'
import type { WriteSession } from '../db/write-session.js'
import { duplicateMessage, type RecordType, STAGING } from './staging.js'

export interface Finding {
  line: number
  message: string
}

interface Check {
  query: RawBuilder<{ line: number; value: string | null; other: string | null }>
  message: (value: string | null, other: string | null) => string
}

const kept = (alias: string) =>
  sql.raw(`not exists (select 1 from stg_replaced sr where sr.workspace_id = ${alias}.workspace_id)`)

const workspaceExists = (column: string) =>
  sql.raw(`(exists (select 1 from stg_workspace sw where sw.id = ${column})
    or exists (select 1 from workspaces dw where dw.id = ${column}))`)

/** The workspace an employee id will belong to after the import, or null when it will not exist. */
const employeeWorkspace = (column: string) =>
  sql`coalesce(
    (select se.workspace_id from stg_employee se where se.id = ${sql.raw(column)} limit 1),
    (select de.workspace_id from employees de where de.id = ${sql.raw(column)} and ${kept('de')}))`

const courseExists = (workspace: string, course: string) =>
  sql`(exists (select 1 from stg_course sc where sc.workspace_id = ${sql.raw(workspace)} and sc.id = ${sql.raw(course)})
    or exists (select 1 from courses dc where dc.workspace_id = ${sql.raw(workspace)} and dc.id = ${sql.raw(course)} and ${kept('dc')}))`

const breachExists = (workspace: string, breach: string) =>
  sql`(exists (select 1 from stg_breach sb where sb.workspace_id = ${sql.raw(workspace)} and sb.id = ${sql.raw(breach)})
    or exists (select 1 from breaches db where db.workspace_id = ${sql.raw(workspace)} and db.id = ${sql.raw(breach)} and ${kept('db')}))`

function duplicateCheck(type: RecordType): Check {
  const spec = STAGING[type]
  const keys = spec.key.join(', ')
  const same = spec.key.map((k) => `s.${k} = d.${k}`).join(' and ')
  const keyText = spec.key.map((k) => `s.${k}`).join(` || ' ' || `)
  // Grouping walks the key index once; only duplicated keys are looked up again.
  return {
    query: sql.raw(`select s.line as line, ${keyText} as value, cast(d.first_line as text) as other
      from (select ${keys}, min(line) as first_line from ${spec.staging} group by ${keys} having count(*) > 1) d
      join ${spec.staging} s on ${same} and s.line > d.first_line`),
    message: (key, first) => duplicateMessage(type, key ?? '', first ?? ''),
  }
}

const CHECKS: Check[] = [
  ...(Object.keys(STAGING) as RecordType[]).map(duplicateCheck),
  {
    query: sql`select s.line, s.organization_id as value, null as other from stg_workspace s
      where not exists (select 1 from stg_organization o where o.id = s.organization_id)
        and not exists (select 1 from organizations o where o.id = s.organization_id)`,
    message: (v) => `workspace.organization_id: organization ${v} does not exist`,
  },
  {
    query: sql`select s.line, w.organization_id as value, null as other from stg_workspace s
      join workspaces w on w.id = s.id where w.organization_id <> s.organization_id`,
    message: (v) =>
      `workspace: belongs to organization ${v}; moving a workspace to another organization is not supported`,
  },
  {
    query: sql`select s.line, s.workspace_id as value, null as other from stg_employee s
      where not ${workspaceExists('s.workspace_id')}`,
    message: (v) => `employee.workspace: workspace ${v} does not exist`,
  },
  {
    query: sql`select s.line, e.workspace_id as value, null as other from stg_employee s
      join employees e on e.id = s.id where e.workspace_id <> s.workspace_id`,
    message: (v) =>
      `employee: belongs to workspace ${v}; moving an employee to another workspace is not supported`,
  },
  {
    query: sql`select line, manager_id as value, manager_workspace as other from (
        select s.line, s.manager_id, s.workspace_id, ${employeeWorkspace('s.manager_id')} as manager_workspace
        from stg_employee s where s.manager_id is not null) m
      where manager_workspace is null or manager_workspace <> workspace_id`,
    message: (v, w) =>
      w === null
        ? `employee.manager: employee ${v} does not exist`
        : `employee.manager: employee ${v} belongs to another workspace`,
  },
  {
    query: sql`select s.line, s.workspace_id as value, null as other from stg_course s
      where not ${workspaceExists('s.workspace_id')}`,
    message: (v) => `course.workspace_id: workspace ${v} does not exist`,
  },
  {
    query: sql`select s.line, s.workspace_id as value, null as other from stg_breach s
      where not ${workspaceExists('s.workspace_id')}`,
    message: (v) => `breach.workspace_id: workspace ${v} does not exist`,
  },
  ...(['course_progress', 'course_feedback'] as const).flatMap((type): Check[] => [
    {
      query: sql`select s.line, s.employee_id as value, null as other from ${sql.table(STAGING[type].staging)} s
        where s.workspace_id is null`,
      message: (v) => `${type}.employee_id: employee ${v} does not exist`,
    },
    {
      query: sql`select s.line, s.course_id as value, null as other from ${sql.table(STAGING[type].staging)} s
        where s.workspace_id is not null and not ${courseExists('s.workspace_id', 's.course_id')}`,
      message: (v) => `${type}.course_id: course ${v} does not exist in the employee's workspace`,
    },
  ]),
  {
    query: sql`select s.line, s.breach_id as value, null as other from stg_compromised_employee s
      where not ${breachExists('s.workspace_id', 's.breach_id')}`,
    message: (v) => `compromised_employee.breach_id: breach ${v} does not exist in this workspace`,
  },
  {
    query: sql`select line, employee_id as value, employee_workspace as other from (
        select s.line, s.employee_id, s.workspace_id, ${employeeWorkspace('s.employee_id')} as employee_workspace
        from stg_compromised_employee s) c
      where employee_workspace is null or employee_workspace <> workspace_id`,
    message: (v, w) =>
      w === null
        ? `compromised_employee.employee_id: employee ${v} does not exist`
        : `compromised_employee.employee_id: employee ${v} belongs to another workspace`,
  },
  {
    // A reporting line that comes back to where it started. The database held none before, so any
    // cycle runs through an employee of the file, and every member of a cycle manages someone: the
    // walk starts only from the file's managers, and UNION (not UNION ALL) ends it on a revisit.
    query: sql`with recursive chain (start_id, manager_id) as (
        select s.id, s.manager_id from stg_employee s
        where s.manager_id is not null
          and (exists (select 1 from stg_employee x where x.manager_id = s.id)
            or exists (select 1 from employees e where e.manager_id = s.id and ${kept('e')}))
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
 * Gives progress and feedback records the workspace of their (effective) employee. The staging
 * table is rebuilt with CREATE TABLE … AS SELECT: one bulk write, where an UPDATE would rewrite
 * every row (on PostgreSQL, a new version of each).
 */
export async function resolveWorkspaces(session: WriteSession): Promise<void> {
  for (const type of ['course_progress', 'course_feedback'] as const) {
    const spec = STAGING[type]
    const table = spec.staging
    const columns = ['line', ...spec.columns].map((c) => `s.${c}`).join(', ')
    await session.exec(
      sql`create temporary table ${sql.raw(`${table}_resolved`)} as
        select ${sql.raw(columns)}, ${employeeWorkspace('s.employee_id')} as workspace_id from ${sql.raw(table)} s`,
    )
    await session.exec(sql.raw(`drop table ${table}`))
    await session.exec(sql.raw(`alter table ${table}_resolved rename to ${table}`))
    await session.exec(sql.raw(`create index ${table}_key on ${table} (${spec.key.join(', ')})`))
    if (session.dialect === 'postgres') await session.exec(sql.raw(`analyze ${table}`))
  }
}

/** Runs every check; returns at most `limit` findings in line order. */
export async function findProblems(session: WriteSession, limit: number): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const check of CHECKS) {
    const rows = await session.rows<{ line: number; value: string | null; other: string | null }>(
      sql`${check.query} order by line limit ${sql.lit(limit)}`,
    )
    for (const row of rows)
      findings.push({ line: Number(row.line), message: check.message(row.value, row.other) })
  }
  findings.sort((a, b) => a.line - b.line)
  return findings.slice(0, limit)
}
