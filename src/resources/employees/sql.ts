// Every statement of the employees resource, named: the SQL snapshots (sql/*/api.sql) label each
// by its name here (`employees.sql:listPage`).

import { type SqlBool, sql } from 'kysely'
import { type KeyRows, type WorkspaceRows, workspaceValue } from '../../access.js'
import { meanHalfUp } from '../../domain/rates.js'
import { keptPoints } from '../../history/read.js'
import type { Kept } from '../../history/twins.js'
import type { ListDefinition, ListQuery } from '../../paging/keyset.js'
import { Counted } from '../../privacy/aggregate.js'
import type { Counts } from '../../schemas/disclosure.js'
import {
  DRIVEN_ORDER,
  type DrillDownValues,
  type Driver,
  drillDownDriver,
  drivenBy,
  keptConditions,
  ownConditions,
  type ReadOrder,
} from '../drill-down.js'
import { byKey, inGrant, inWorkspace, SAMPLE } from '../sql.js'
import { type EmployeeStatistics, KARMA_SCORED } from './schema.js'
import type { EmployeeStatisticsTable } from './tables.js'
import { EMPLOYEE_STATUSES, type EmployeeStatus } from './values.js'

// The stored JSON is complete (manager reference included) and never null once imported.
const employeeJson = sql<string>`e.json`

/**
 * Whom an employee's item carries (CONTRACT 20): the employee and the manager its reference names
 * (the stored JSON's `manager` is spliced from `manager_id`). The disclosure tests hold it to the
 * classes' walk of every item.
 */
const EMPLOYEE_CARRIES =
  sql<string>`e.id || case when e.manager_id is null then '' else ',' || e.manager_id end`.as('people')

/** What GET /v1/employees filters by: its query parameters, parsed. */
export interface EmployeeListValues extends DrillDownValues {
  status?: EmployeeStatus[] | undefined
  karma_score_gte?: number | undefined
  karma_score_lte?: number | undefined
}

/** Where a page's rows begin: the employees' table (`e`), or the kept rows of a filter (`d`) joined to it. */
interface PageSource {
  plain(from: WorkspaceRows): ListQuery
  driven(from: WorkspaceRows, driver: Driver): ListQuery
  /** The table `e` has the employees' own columns (department, country, manager). */
  own: boolean
  /**
   * Where the table lacks them: the rows begun from the employees' table (`x`), filtered there by
   * its indexes of those columns (in list order), each joined to its row of `e`.
   */
  ownFirst?(from: WorkspaceRows): ListQuery
}

/** The employees' own order, where a page begins from their table `x`. */
const OWN_ORDER: ReadOrder = { at: 'x.created_at', id: 'x.id', workspace: 'x.workspace_id' }

/** The list's own order, where a page is read from the rendered rows `e`. */
const LIST_ORDER: ReadOrder = { at: 'e.created_at', id: 'e.id', workspace: 'e.workspace_id' }

/** The order a page is read in: a kept filter's rows', the employees' table's, or none other than the list's. */
function pageOrder(source: PageSource, v: EmployeeListValues) {
  if (drillDownDriver(v) !== undefined) return DRIVEN_ORDER
  if (source.ownFirst !== undefined && ownConditions(v, 'x').length > 0) return OWN_ORDER
  return undefined
}

/**
 * A page of a workspace's employees: `source` selects each one's JSON and sort key from its table
 * (aliased `e`, with `status`, `karma_score` and `created_at`), here filtered by the query.
 */
function employeePage(name: string, source: PageSource): ListDefinition<EmployeeListValues> {
  return {
    name,
    rows: (from, v) => {
      const driver = drillDownDriver(v)
      const order = pageOrder(source, v)
      let rows =
        driver !== undefined
          ? source.driven(from, driver)
          : order === OWN_ORDER && source.ownFirst
            ? source.ownFirst(from)
            : source.plain(from)
      if (v.status !== undefined) rows = rows.where(sql<SqlBool>`e.status in (${sql.join(v.status)})`)
      if (v.karma_score_gte !== undefined)
        rows = rows.where(sql<SqlBool>`e.karma_score >= ${v.karma_score_gte}`)
      if (v.karma_score_lte !== undefined)
        rows = rows.where(sql<SqlBool>`e.karma_score <= ${v.karma_score_lte}`)
      const own = ownConditions(v, source.own ? 'e' : 'x')
      if (source.own || order === OWN_ORDER) for (const condition of own) rows = rows.where(condition)
      else if (own.length > 0)
        // The pseudonymous renderings hold no department: the employee's own row answers.
        rows = rows.where(
          sql<SqlBool>`exists (select 1 from employees x where x.id = e.id and ${sql.join(own, sql` and `)})`,
        )
      for (const condition of keptConditions(v, order ?? LIST_ORDER)) rows = rows.where(condition)
      return rows
    },
    at: 'e.created_at',
    id: 'e.id',
    orderBy: (v) => pageOrder(source, v),
    carries: true,
    samples: {
      'first page': { values: {}, after: false, limit: 50 },
      'a later page': { values: {}, after: true, limit: 50 },
      'status (two values), karma_score_gte, karma_score_lte': {
        values: {
          status: ['active', 'pending'],
          karma_score_gte: 1,
          karma_score_lte: 9,
        },
        after: true,
        limit: 50,
      },
      'department, country_code (two values), manager_id': {
        values: { department: 'Sales', country_code: ['DE', 'FR'], manager_id: SAMPLE.id },
        after: false,
        limit: 50,
      },
      'group_id (one value)': { values: { group_id: [SAMPLE.id] }, after: true, limit: 50 },
      'manager_tree, group_id (two values)': {
        values: { manager_tree: SAMPLE.id, group_id: [SAMPLE.id, SAMPLE.workspaceId] },
        after: true,
        limit: 50,
      },
    },
  }
}

/** How many active employees the workspace has, one row (none before its first import). */
const activeEmployees = (from: WorkspaceRows) =>
  from.selectFrom('employee_statistics').select('employees').where('status', '=', 'active')

const ACTIVE_EMPLOYEES = workspaceValue(activeEmployees)

/** The same number as a column `population` of another statement over the granted workspace. */
export const activeEmployeesColumn = (from: WorkspaceRows) => activeEmployees(from).as('population')

export const EMPLOYEE_SQL = {
  /** A page of a workspace's employees, newest first (created_at desc, id desc). */
  listPage: employeePage('employees', {
    plain: (from) =>
      from
        .selectFrom('employees as e')
        .select([employeeJson.as('json'), 'e.created_at as sort_at', 'e.id as sort_id', EMPLOYEE_CARRIES]),
    driven: (from, driver) =>
      drivenBy(from, driver)
        .innerJoin('employees as e', 'e.id', 'd.employee_id')
        .select([employeeJson.as('json'), 'd.sort_at', 'd.employee_id as sort_id', EMPLOYEE_CARRIES]),
    own: true,
  }),

  /** The same page as a pseudonymous key sees it: as the import rendered it (./pseudonyms.ts). */
  pseudonymousListPage: employeePage('employees (pseudonymous)', {
    plain: (from) =>
      from
        .selectFrom('employees_pseudonymous as e')
        .select(['e.json', 'e.created_at as sort_at', 'e.id as sort_id', 'e.people']),
    driven: (from, driver) =>
      drivenBy(from, driver)
        .innerJoin('employees_pseudonymous as e', 'e.id', 'd.employee_id')
        .select(['e.json', 'd.sort_at', 'd.employee_id as sort_id', 'e.people']),
    own: false,
    ownFirst: (from) =>
      from
        .selectFrom('employees as x')
        .innerJoin('employees_pseudonymous as e', 'e.id', 'x.id')
        .select(['e.json', 'x.created_at as sort_at', 'x.id as sort_id', 'e.people']),
  }),

  /** One employee the key can reach, or null (unknown, another organization, another workspace). */
  find: byKey(
    async (key: KeyRows, employeeId: string): Promise<string | null> => {
      const row = await key
        .byId('employees as e', employeeId)
        .select(employeeJson.as('json'))
        .executeTakeFirst()
      return row?.json ?? null
    },
    {
      'an organization key': [SAMPLE.organizationKey, SAMPLE.id],
      'a workspace key': [SAMPLE.workspaceKey, SAMPLE.id],
    },
  ),

  /**
   * How many employees of the workspace have each status, and in all: derived at import (import.ts);
   * for an aggregate key, with the employees its mean karma describes, from the same rows.
   */
  statistics: inGrant(
    async (
      from: WorkspaceRows,
      aggregate = false,
    ): Promise<EmployeeStatistics | Counted<EmployeeStatistics>> => {
      const rows = await from
        .selectFrom('employee_statistics')
        .select(['status', 'employees', 'karma_sum', 'karma_count'])
        .execute()
      const answer = employeeStatisticsOf(rows)
      return aggregate ? new Counted(answer, undefined, employeeStatisticsCounts(rows)) : answer
    },
    { '': [false] as [boolean] },
  ),

  /**
   * How many active employees the workspace has: derived at import (import.ts), read prepared, as
   * an aggregate key's window statistics ask it on every request.
   */
  population: inGrant(
    async (from: WorkspaceRows): Promise<number> => Number((await from.value(ACTIVE_EMPLOYEES)) ?? 0),
    { '': [] },
  ),

  /** An employee's karma the imports kept over a series' span (CONTRACT 17), as the points' fields. */
  karmaKept: inGrant(
    (from: WorkspaceRows, employeeId: string, first: string, end: string): Promise<Kept[]> =>
      keptPoints(
        from
          .selectFrom('karma_history')
          .select(['as_of', 'score', 'security_level'])
          .where('employee_id', '=', employeeId),
        { first, end },
        ({ score, security_level }) => ({ score: score === null ? null : Number(score), security_level }),
      ),
    { span: [SAMPLE.id, SAMPLE.after[0], SAMPLE.later] },
  ),

  /** The kept pseudonym of each of these employees of the granted workspace (CONTRACT 19). */
  pseudonyms: inGrant(
    async (from: WorkspaceRows, ids: readonly string[]): Promise<Map<string, string>> => {
      if (ids.length === 0) return new Map()
      const rows = await from
        .selectFrom('employees_pseudonymous as p')
        .select(['p.id', 'p.pseudonym'])
        .where('p.id', 'in', ids)
        .execute()
      return new Map(rows.map((r) => [r.id, r.pseudonym] as const))
    },
    { 'two employees': [[SAMPLE.id, SAMPLE.id]] },
  ),

  /** The employee of the granted workspace whose pseudonym this is, or null. */
  idOfPseudonym: inGrant(
    async (from: WorkspaceRows, pseudonym: string): Promise<string | null> =>
      (
        await from
          .selectFrom('employees_pseudonymous as p')
          .select('p.id')
          .where('p.pseudonym', '=', pseudonym)
          .executeTakeFirst()
      )?.id ?? null,
    { '': [SAMPLE.id] },
  ),

  /**
   * The employee the key reaches whose pseudonym this is, as the import rendered them for a
   * pseudonymous key, or null.
   */
  findPseudonymous: byKey(
    async (key: KeyRows, pseudonym: string): Promise<string | null> =>
      (
        await key
          .byId('employees_pseudonymous as p', pseudonym, 'pseudonym')
          .select('p.json')
          .executeTakeFirst()
      )?.json ?? null,
    { 'an organization key': [SAMPLE.organizationKey, SAMPLE.id] },
  ),

  /** Whether an employee belongs to the granted workspace. */
  inWorkspace: inWorkspace('employees'),
}

/** A workspace's employee_statistics rows, one per status it has. */
export type EmployeeStatisticsRow = Pick<
  EmployeeStatisticsTable,
  'status' | 'employees' | 'karma_sum' | 'karma_count'
>

/** /v1/employees/statistics from a workspace's employee_statistics rows. */
export function employeeStatisticsOf(rows: readonly EmployeeStatisticsRow[]): EmployeeStatistics {
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.employees ?? 0)
  const statistics = Object.fromEntries(EMPLOYEE_STATUSES.map((status) => [status, count(status)]))
  const active = rows.find((r) => r.status === 'active')
  return {
    ...statistics,
    total: EMPLOYEE_STATUSES.reduce((sum, status) => sum + count(status), 0),
    average_karma_score: meanHalfUp(Number(active?.karma_sum ?? 0), Number(active?.karma_count ?? 0)),
  } as EmployeeStatistics
}

/** The employees the statistics' figures describe that they do not publish, from the same rows. */
export function employeeStatisticsCounts(rows: readonly EmployeeStatisticsRow[]): Counts {
  const active = rows.find((r) => r.status === 'active')
  return { [KARMA_SCORED.counted]: Number(active?.karma_count ?? 0) }
}

// What other resources' merges read of an employee: its reference, which the items they store
// embed (a group member, an attack). Changed employees' references are staged once per import.

/** SQL: the merge's join (mergeJoins) of the references import.ts's stageEmployeeReferences kept, as `alias`. */
export const employeeReferenceJoin = (alias: string, column: string): string =>
  `left join stg_employee_ref ${alias} on ${alias}.id = ${column}`

/**
 * SQL: the reference of employee `column` after the merge of employees: a changed one's from the
 * join above, any other's as stored.
 */
export const employeeReferenceAfterMerge = (alias: string, column: string): string =>
  `coalesce(${alias}.ref_json, (select e.ref_json from employees e where e.id = ${column}))`
