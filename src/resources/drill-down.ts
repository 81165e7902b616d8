// Drill-down filters (CONTRACT 18, amended): the employees' list and the member reports filtered by
// department, country, group, direct manager and whole management line. What an employee's
// department and country are, each list reads from its own row; their groups and every manager
// above them are kept at import in `drill_down`, keyed in the employees' list order, so that a page
// under one manager or of one group is read in order from there, whatever its size.

import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { WorkspaceRows } from '../access.js'
import { withKeyBuiltAfterIfEmpty } from '../db/indexes-after.js'
import { type WriteSession, workspaceList } from '../db/write-session.js'
import type { ImportSteps } from '../records/spec.js'
import { param } from '../routing/parameters.js'
import type { ExportFilter } from './export.js'

declare module '../db/tables.js' {
  interface Database {
    drill_down: DrillDownTable
    drill_down_workspaces: { workspace_id: string }
  }
}

/** An employee under a value of a kept filter, in the employees' list order. */
export interface DrillDownTable {
  workspace_id: string
  /** 'group': a group the employee is a member of; 'line': a manager above them, at any depth. */
  kind: string
  value: string
  /** The employee's created_at, then their id: the employees' list order. */
  sort_at: string
  employee_id: string
}

/** The filters, as parsed (their parameters: DRILL_DOWN_PARAMETERS). */
export interface DrillDownValues {
  department?: string | undefined
  country_code?: string[] | undefined
  group_id?: string[] | undefined
  manager_id?: string | undefined
  manager_tree?: string | undefined
}

/** The longest department name an import takes (records/fields.ts Text). */
const MAX_DEPARTMENT = 1000

/** The filters' query parameters (all optional; all given must hold). */
export const DRILL_DOWN_PARAMETERS = {
  department: param.text(
    MAX_DEPARTMENT,
    'Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name).',
  ),
  country_code: param.patternList(
    '^[A-Z]{2}$',
    'DE,FR',
    'Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case).',
  ),
  group_id: param.uuidList('Keeps the members of any of these groups.'),
  manager_id: param.optionalUuid(
    'Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym.',
  ),
  manager_tree: param.optionalUuid(
    'Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym.',
  ),
}

/** The filters as `awareness export` passes them on (`--department`, `--country-code`, `--group`, `--manager`, `--manager-tree`). */
export const DRILL_DOWN_EXPORT_FILTERS: readonly ExportFilter[] = [
  {
    parameter: 'department',
    value: '<name>',
    description: 'only the employees of this department (the whole name)',
  },
  {
    parameter: 'country_code',
    value: '<codes>',
    description: 'only the employees with one of these country codes (comma-separated)',
  },
  { parameter: 'group_id', option: 'group', value: '<id>', description: 'only the members of this group' },
  {
    parameter: 'manager_id',
    option: 'manager',
    value: '<id>',
    description: "only this employee's direct reports",
  },
  {
    parameter: 'manager_tree',
    value: '<id>',
    description: 'only the employees under this employee, at any depth',
  },
]

/** The filters whose values name a person: a pseudonymous key gives them as pseudonyms. */
export const DRILL_DOWN_PEOPLE = ['manager_id', 'manager_tree'] as const

/**
 * The kept filter a page is read in order from (`d`), when one narrows it by a single value: the
 * management line, or one group. Depends only on which filters are given and how many values.
 */
export function drillDownDriver(v: DrillDownValues): Driver | undefined {
  if (v.manager_tree !== undefined) return { kind: 'line', value: v.manager_tree }
  if (v.group_id !== undefined && v.group_id.length === 1)
    return { kind: 'group', value: v.group_id[0] as string }
  return undefined
}

/** The kept filter that drives a page, and its value. */
export interface Driver {
  kind: 'line' | 'group'
  value: string
}

/** The kept rows `d` of a filter's value, in the granted workspace. */
export const drivenBy = (from: WorkspaceRows, driver: Driver) =>
  from.selectFrom('drill_down as d').where('d.kind', '=', driver.kind).where('d.value', '=', driver.value)

/**
 * The columns a driven page is ordered by: the kept rows', which hold the list's sort key and their
 * workspace (a filter probed by them is tested before a joined row is read).
 */
export const DRIVEN_ORDER: ReadOrder = { at: 'd.sort_at', id: 'd.employee_id', workspace: 'd.workspace_id' }

/**
 * SQL conditions of the filters an employee's own row answers (department, country, direct
 * manager), over the row aliased `own` (the employees table's columns).
 */
export function ownConditions(v: DrillDownValues, own: string): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = []
  const column = (name: string) => sql.ref(`${own}.${name}`)
  if (v.department !== undefined) conditions.push(sql<SqlBool>`${column('department')} = ${v.department}`)
  if (v.country_code !== undefined)
    conditions.push(sql<SqlBool>`${column('country_code')} in (${sql.join(v.country_code)})`)
  if (v.manager_id !== undefined) conditions.push(sql<SqlBool>`${column('manager_id')} = ${v.manager_id}`)
  return conditions
}

/** The columns a page is read in the order of: the sort key and the row's workspace. */
export interface ReadOrder {
  at: string
  id: string
  workspace: string
}

/**
 * SQL conditions of the kept filters the page is not driven by (`undriven`: by none), probed by the
 * sort key and workspace of the rows the page is read in the order of.
 */
export function keptConditions(
  v: DrillDownValues,
  order: ReadOrder,
  undriven = false,
): RawBuilder<SqlBool>[] {
  const driver = undriven ? undefined : drillDownDriver(v)
  const kept = (kind: Driver['kind'], values: readonly string[]) =>
    sql<SqlBool>`exists (select 1 from drill_down g
      where g.workspace_id = ${sql.ref(order.workspace)} and g.kind = ${kind} and g.value in (${sql.join(values)})
        and g.sort_at = ${sql.ref(order.at)} and g.employee_id = ${sql.ref(order.id)})`
  const conditions: RawBuilder<SqlBool>[] = []
  if (v.manager_tree !== undefined && driver?.kind !== 'line') conditions.push(kept('line', [v.manager_tree]))
  if (v.group_id !== undefined && driver?.kind !== 'group') conditions.push(kept('group', v.group_id))
  return conditions
}

/** The filters given, in one order whatever the query's. */
export const drillDownValues = (v: DrillDownValues): DrillDownValues => ({
  department: v.department,
  country_code: v.country_code,
  group_id: v.group_id,
  manager_id: v.manager_id,
  manager_tree: v.manager_tree,
})

/** Whether any filter is given. */
export const drillingDown = (v: DrillDownValues): boolean =>
  v.department !== undefined ||
  v.country_code !== undefined ||
  v.group_id !== undefined ||
  v.manager_id !== undefined ||
  v.manager_tree !== undefined

// A stored reporting line with a cycle is refused by the import (employees/import.ts); the depth
// bound only keeps a damaged database from looping.
const MAX_DEPTH = 10_000

/**
 * The kept rows of the touched workspaces, derived again whole: each group membership, and each
 * manager above each employee (a walk up the reporting lines), inserted in key order. A value (a
 * group's or an employee's id) is one workspace's: ordering by it, not first by the workspace, is
 * the same order and cheaper to sort.
 */
async function deriveDrillDown(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await withKeyBuiltAfterIfEmpty(session, 'drill_down', async () => {
    for (const table of ['drill_down', 'drill_down_workspaces'])
      await session.exec(sql`delete from ${sql.table(table)} where workspace_id in ${touched}`)
    await session.exec(sql`insert into drill_down_workspaces (workspace_id)
      select w.id from workspaces w where w.id in ${touched}`)
    await session.exec(sql`insert into drill_down (workspace_id, kind, value, sort_at, employee_id)
      select m.workspace_id, 'group', m.group_id, e.created_at, e.id
      from group_members m join employees e on e.id = m.employee_id
      where m.workspace_id in ${touched}
      order by m.group_id, e.created_at, e.id`)
    await session.exec(sql`with recursive line (workspace_id, manager_id, sort_at, employee_id, depth) as (
        select e.workspace_id, e.manager_id, e.created_at, e.id, 1 from employees e
        where e.workspace_id in ${touched} and e.manager_id is not null
        union all
        select l.workspace_id, m.manager_id, l.sort_at, l.employee_id, l.depth + 1
        from line l join employees m on m.id = l.manager_id
        where m.manager_id is not null and l.depth < ${sql.lit(MAX_DEPTH)})
      insert into drill_down (workspace_id, kind, value, sort_at, employee_id)
      select workspace_id, 'line', manager_id, sort_at, employee_id from line
      order by manager_id, sort_at, employee_id`)
  })
}

/** What an import keeps for the filters: run after the employees and the groups' members are merged. */
export const DRILL_DOWN_IMPORT: Pick<ImportSteps, 'derive' | 'missing' | 'analyze'> = {
  derive: deriveDrillDown,
  missing: sql<SqlBool>`not exists (select 1 from drill_down_workspaces d where d.workspace_id = w.id)`,
  analyze: ['drill_down'],
}
