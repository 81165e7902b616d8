// Every statement of the reports resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`reports.sql:breakdownPage`). A breakdown's cells without a window were rendered at
// import (import.ts); a member's item is rendered here from their kept figures and their employee's
// row. A window's figures are counted from each member's spans of time, and from their own rows
// (attacks_by_employee, email_reports_by_employee) only where the window lies inside a span.

import { type RawBuilder, sql } from 'kysely'
import type { WorkspaceRows } from '../../access.js'
import type { DialectName } from '../../db/dialect.js'
import type { ListDefinition } from '../../paging/keyset.js'
import type { PositionShape } from '../../paging/paging.js'
import type { CreatedWindow } from '../../routing/parameters.js'
import {
  DRIVEN_ORDER,
  type DrillDownValues,
  drillDownDriver,
  drillingDown,
  drivenBy,
  keptConditions,
  ownConditions,
  type ReadOrder,
} from '../drill-down.js'
import { inGrant, SAMPLE } from '../sql.js'
import { CELL_FIGURE_SQL, cellOf, type Figures } from './import.js'
import {
  ATTACK_COUNTS,
  EMPLOYEE_JSON,
  KARMA_JSON,
  objectSql,
  timestampJson,
  WINDOW_FIELDS,
} from './render.js'
import { RepeatOffender, SimulationCoverage, TrainingCoverage } from './schema.js'
import { DIMENSIONS, type Dimension, MEMBER_COLUMN_OF } from './values.js'

const LATER = SAMPLE.later

/** A breakdown's positions: its sort key (the cell's count), then its key's stand-in (import.ts). */
const CELL_POSITION: PositionShape = {
  at: /^[01]\d{26}$/,
  id: /^[\s\S]{0,200}$/,
  maxCursorLength: 512,
}

/** SQL: the window's bounds on `column`, joined by `and` (true without a window). */
function windowOn(column: string, w: CreatedWindow): RawBuilder<unknown> {
  const bounds: RawBuilder<unknown>[] = []
  if (w.created_after !== undefined) bounds.push(sql`${sql.ref(column)} >= ${w.created_after}`)
  if (w.created_before !== undefined) bounds.push(sql`${sql.ref(column)} <= ${w.created_before}`)
  return bounds.length === 0 ? sql`1 = 1` : sql.join(bounds, sql` and `)
}

/** SQL: whether the window holds every time from `first` to `last` (none held counts as held). */
function spans(first: string, last: string, w: CreatedWindow): RawBuilder<unknown> {
  const ends: RawBuilder<unknown>[] = []
  if (w.created_after !== undefined) ends.push(sql`${sql.ref(first)} >= ${w.created_after}`)
  if (w.created_before !== undefined) ends.push(sql`${sql.ref(last)} <= ${w.created_before}`)
  return sql`(${sql.ref(first)} is null or (${sql.join(ends, sql` and `)}))`
}

const windowed = (w: CreatedWindow) => w.created_after !== undefined || w.created_before !== undefined

/** SQL: part / whole in percent, rounded half up to an integer; 0 when whole is 0 (CONTRACT 15). */
const percentSql = (part: RawBuilder<unknown>, whole: RawBuilder<unknown>) =>
  sql`case when ${whole} = 0 then 0 else (200 * ${part} + ${whole}) / (2 * ${whole}) end`

/**
 * SQL: part / whole in percent, rounded half up to one decimal, as JSON writes the number (CONTRACT
 * 16; `17`, `12.5`); whole is never 0 here.
 */
function tenthPercentJson(part: RawBuilder<unknown>, whole: RawBuilder<unknown>): RawBuilder<unknown> {
  const tenths = sql`((2000 * ${part} + ${whole}) / (2 * ${whole}))`
  return sql`case when ${tenths} % 10 = 0 then cast(${tenths} / 10 as text)
    else cast(${tenths} / 10 as text) || '.' || cast(${tenths} % 10 as text) end`
}

/** SQL: a member `m`'s sent attacks created in the window. */
const attacksOf = (w: CreatedWindow) => sql`from attacks a
  where a.workspace_id = m.workspace_id and a.employee_id = m.employee_id and a.sent_at is not null
    and ${windowOn('a.created_at', w)}`

/** SQL: whether the window misses the span from `first` to `last` (null: no time at all). */
function misses(first: string, last: string, w: CreatedWindow): RawBuilder<unknown> {
  const ends = [sql`${sql.ref(first)} is null`]
  if (w.created_after !== undefined) ends.push(sql`${sql.ref(last)} < ${w.created_after}`)
  if (w.created_before !== undefined) ends.push(sql`${sql.ref(first)} > ${w.created_before}`)
  return sql`(${sql.join(ends, sql` or `)})`
}

/**
 * SQL, 1 or 0: whether a member `m` has a time in the window among those spanning `first` to `last`
 * (null: none). A span the window misses has none, and one it reaches with an end has one (that
 * end); only a span that holds the window inside, past both its ends, is looked at row by row, by
 * `probe` (a one-sided window never asks it).
 */
function hasInWindow(first: string, last: string, w: CreatedWindow, probe: RawBuilder<unknown>) {
  const missed = misses(first, last, w)
  if (w.created_after === undefined || w.created_before === undefined)
    return sql`case when ${missed} then 0 else 1 end`
  return sql`case when ${missed} then 0
    when ${sql.ref(first)} >= ${w.created_after} or ${sql.ref(last)} <= ${w.created_before} then 1
    when exists (${probe}) then 1 else 0 end`
}

/**
 * SQL: the members `m` of a cell `c` of the dimension `by`, as `from … where`, one for each kind of
 * cell a dimension has: a group's members through its memberships; the others' through the index of
 * the member's own column, the keyed cells and the row without a key each by a condition the index
 * answers. SQLite, without statistics, would rather walk the workspace's members in their key's
 * order than look each one up from that index: it is named there.
 */
function cellMembers(by: Dimension, dialect: DialectName): RawBuilder<unknown>[] {
  if (by === 'group')
    return [
      sql`report_cell_members cm
        join report_members m on m.workspace_id = cm.workspace_id and m.employee_id = cm.employee_id
        where cm.workspace_id = c.workspace_id and cm.dimension = c.dimension and cm.cell = c.cell`,
    ]
  const column = sql.ref(`m.${MEMBER_COLUMN_OF[by]}`)
  const members =
    dialect === 'sqlite'
      ? sql`report_members m indexed by ${sql.id(`report_members_by_${by}`)}`
      : sql`report_members m`
  return [
    sql`${members} where m.workspace_id = c.workspace_id and ${column} = c.sort_id`,
    sql`${members} where m.workspace_id = c.workspace_id and ${column} is null`,
  ]
}

/** SQL over members `m`, grouped: how many have an attack, a tricked one, a reported one, an email report in the window. */
function windowCounts(w: CreatedWindow) {
  const attacks = sql`select 1 ${attacksOf(w)}`
  return {
    attacked: sql`sum(${hasInWindow('m.attack_first', 'm.attack_last', w, attacks)})`,
    tricked: sql`sum(${hasInWindow('m.tricked_first', 'm.tricked_last', w, sql`${attacks} and a.tricked_at is not null`)})`,
    reported: sql`sum(${hasInWindow('m.reported_first', 'm.reported_last', w, sql`${attacks} and a.reported_at is not null`)})`,
    reporters: sql`sum(${hasInWindow(
      'm.report_first',
      'm.report_last',
      w,
      sql`select 1 from email_reports r where r.workspace_id = m.workspace_id and r.employee_id = m.employee_id
      and ${windowOn('r.reported_at', w)}`,
    )})`,
  }
}

/** SQL: a cell `c`'s figures of the window, between its head and its tail, from its members' spans. */
function cellWindowJson(w: CreatedWindow, dialect: DialectName): RawBuilder<string> {
  const { attacked, tricked, reported, reporters } = windowCounts(w)
  const values: Record<(typeof WINDOW_FIELDS)[number], RawBuilder<unknown>> = {
    employees_attacked_count: attacked,
    vulnerability_rate: percentSql(tricked, attacked),
    reporting_rate: percentSql(reported, attacked),
    reporters_count: reporters,
    employee_reporting_rate: tenthPercentJson(reporters, sql`c.employees`),
  }
  const fields = WINDOW_FIELDS.map(
    (field, i) => sql`${sql.raw(`'${i === 0 ? '' : ','}"${field}":'`)} || ${values[field]}`,
  )
  // A list's statement is built once for every dimension (its values are parameters): each cell
  // takes the branch of its own dimension.
  const ofDimension = DIMENSIONS.map((by) => {
    const [keyed, none] = cellMembers(by, dialect).map(
      (members) => sql`(select ${sql.join(fields, sql` || `)} from ${members})`,
    )
    const figures = none === undefined ? keyed : sql`case when c.cell = '-' then ${none} else ${keyed} end`
    return sql`when ${sql.lit(by)} then ${figures}`
  })
  return sql<string>`c.head || case c.dimension ${sql.join(ofDimension, sql` `)} end || ',' || c.tail`
}

/** The kept counts of a member `m`'s sent attacks, as the lists name them. */
const KEPT_ATTACK_COUNTS = {
  attacks_count: 'm.attacks',
  tricked_count: 'm.tricked',
  reported_count: 'm.reported',
} as const satisfies Record<keyof typeof ATTACK_COUNTS, string>

/** SQL: a member `m`'s training coverage item. */
const TRAINING_ITEM = objectSql(TrainingCoverage, {
  employee: EMPLOYEE_JSON,
  courses_count: 'm.courses',
  completed_count: 'm.completed',
  missed_count: 'm.missed_count',
  upcoming_count: 'm.upcoming',
  not_started_count: 'm.not_started',
  last_completed_at: timestampJson('m.last_completed_at'),
})

export interface BreakdownValues extends CreatedWindow, DrillDownValues {
  by: Dimension
}

export interface OffenderValues extends CreatedWindow, DrillDownValues {
  min_tricked?: number | undefined
}

export interface SimulationValues extends CreatedWindow, DrillDownValues {
  attacked?: boolean | undefined
}

export interface TrainingValues extends DrillDownValues {
  missed?: boolean | undefined
}

/**
 * The members `m` of the granted workspace the filters keep, begun, when a kept filter drives them,
 * from its rows `d` (their sort key is the members'), and filtered by the others.
 */
function filteredMembers(from: WorkspaceRows, v: DrillDownValues) {
  const plain = () => from.selectFrom('report_members as m')
  const driver = drillDownDriver(v)
  // Both begin the same columns of m and e; only the driven one also has d, which the page's
  // order names (orderBy: DRIVEN_ORDER).
  const members =
    driver === undefined
      ? plain()
      : (drivenBy(from, driver).innerJoin('report_members as m', (j) =>
          j
            .onRef('m.workspace_id', '=', 'd.workspace_id')
            .onRef('m.sort_at', '=', 'd.sort_at')
            .onRef('m.employee_id', '=', 'd.employee_id'),
        ) as unknown as ReturnType<typeof plain>)
  let rows = members
  for (const condition of [...ownConditions(v, 'm'), ...keptConditions(v, memberOrder(v) ?? MEMBER_ORDER)])
    rows = rows.where(condition)
  return rows
}

/** The members `m` the filters keep, with their employee `e`. */
const membersOf = (from: WorkspaceRows, v: DrillDownValues) =>
  filteredMembers(from, v).innerJoin('employees as e', (j) =>
    j.onRef('e.workspace_id', '=', 'm.workspace_id').onRef('e.id', '=', 'm.employee_id'),
  )

/** SQL conditions on a member `m` that the filters keep, each probed on the member's row. */
const probedFilters = (v: DrillDownValues) => [
  ...ownConditions(v, 'm'),
  ...keptConditions(v, MEMBER_ORDER, true),
]

/** The page's order for these filters: the members' sort key, or the kept rows' that drive it. */
const memberOrder = (v: DrillDownValues) => (drillDownDriver(v) === undefined ? undefined : DRIVEN_ORDER)

/** The members' own order, where a page read from elsewhere reads them. */
const MEMBER_ORDER: ReadOrder = { at: 'm.sort_at', id: 'm.employee_id', workspace: 'm.workspace_id' }

/** The filters of a page samples read (one driving, the others probed). */
const DRILLED = { department: 'Sales', manager_tree: SAMPLE.id, group_id: [SAMPLE.id, SAMPLE.workspaceId] }

/** SQL: a cell `c`'s answer, with the window's figures where the window cuts its members' times. */
function cellJsonSql(v: CreatedWindow, dialect: DialectName): RawBuilder<string> {
  return windowed(v)
    ? sql<string>`case when ${spans('c.attack_first', 'c.attack_last', v)}
        and ${spans('c.report_first', 'c.report_last', v)} then c.json else ${cellWindowJson(v, dialect)} end`
    : sql<string>`c.json`
}

/** SQL over members `m`, grouped: a cell's figures, with the window's counts where one is given. */
function memberFigures(v: CreatedWindow) {
  const counts = windowed(v) ? windowCounts(v) : undefined
  return Object.entries({ ...CELL_FIGURE_SQL, ...counts }).map(([name, value]) =>
    (typeof value === 'string' ? sql.raw(value) : value).as(name),
  )
}

/** A cell of a breakdown over filtered members, as drilledCells reads it. */
export interface DrilledCellRow extends Figures {
  cell: string
  /** Its key ('' for the members without one). */
  sort_id: string
  /** The workspace's cell's answer up to its window's figures: it starts with its key and name. */
  head: string
  pseudonym: string | null
}

/** A breakdown's cell as an aggregate key's page starts from it: its key, its size, and its manager's pseudonym. */
export interface CellSize {
  cell: string
  sort_id: string
  employees: number | string
  /** Its members with a karma score (null: not derived since this was kept). */
  karma_count: number | string | null
  pseudonym: string | null
}

export const REPORT_SQL = {
  /**
   * A page of a breakdown's cells: employees_count descending, then key ascending, the row without
   * a key last. A window's figures are counted for the cells whose members' attacks or reports it
   * cuts; a cell it spans whole answers as kept.
   */
  breakdownPage: {
    name: 'report_breakdown',
    rows: (from, v, dialect) => {
      const json = cellJsonSql(v, dialect)
      return from
        .selectFrom('report_cells as c')
        .select([
          json.as('json'),
          'c.sort_at as sort_at',
          'c.position_id as sort_id',
          'c.sort_id as order_id',
        ])
        .where('c.dimension', '=', v.by)
    },
    at: 'c.sort_at',
    id: 'c.sort_id',
    ascending: true,
    position: CELL_POSITION,
    resolvePosition: (standIn) => sql`coalesce((select k.sort_id from report_cells k
      where k.workspace_id = c.workspace_id and k.dimension = c.dimension and k.position_id = ${standIn} limit 1), ${standIn})`,
    samples: {
      'a later page, by manager': {
        values: { by: 'manager' },
        after: true,
        limit: 50,
      },
      'a later page, by department, created window': {
        values: { by: 'department', created_after: SAMPLE.after[0], created_before: LATER },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<BreakdownValues>,

  /**
   * The breakdown by manager as a pseudonymous key sees it: the same rows, ordered by the key it is
   * shown (the manager's pseudonym) where counts tie, so that no order of real ids shows through.
   */
  breakdownByPseudonym: {
    name: 'report_breakdown_pseudonymous',
    rows: (from, v, dialect) =>
      from
        .selectFrom('report_cells as c')
        .leftJoin('employees_pseudonymous as p', (j) =>
          j.onRef('p.workspace_id', '=', 'c.workspace_id').onRef('p.id', '=', 'c.sort_id'),
        )
        .select([cellJsonSql(v, dialect).as('json'), 'c.sort_at as sort_at', 'p.pseudonym as sort_id'])
        .where('c.dimension', '=', v.by),
    at: 'c.sort_at',
    id: 'p.pseudonym',
    ascending: true,
    position: CELL_POSITION,
    samples: {
      'a later page': { values: { by: 'manager' }, after: true, limit: 50 },
    },
  } satisfies ListDefinition<BreakdownValues>,

  /**
   * A page of the members tricked at least min_tricked times, in employees order: the members
   * tricked that often over all time, each counted within a window that cuts their attacks (and
   * left out when they fall short in it).
   */
  offendersPage: {
    name: 'report_repeat_offenders',
    rows: (from, v, dialect) => {
      const least = v.min_tricked ?? 2
      const item = (counts: Readonly<Record<keyof typeof ATTACK_COUNTS, string>>, lastTricked: string) =>
        sql.raw(
          objectSql(RepeatOffender, {
            employee: EMPLOYEE_JSON,
            karma: KARMA_JSON,
            ...counts,
            last_tricked_at: timestampJson(lastTricked),
          }),
        )
      const kept = item(KEPT_ATTACK_COUNTS, 'm.last_tricked_at')
      const counted = sql<string>`(select case when ${sql.raw(ATTACK_COUNTS.tricked_count)} >= ${least}
          then ${item(ATTACK_COUNTS, 'max(a.tricked_at)')} end ${attacksOf(v)})`
      const rendered = windowed(v)
        ? sql<string>`case when ${spans('m.attack_first', 'm.attack_last', v)} then ${kept}
            when ${misses('m.tricked_first', 'm.tricked_last', v)} then null
            else ${counted} end`
        : kept
      const keepsNull = windowed(v) && dialect === 'postgres'
      // Filtered, the page is read from the members they keep (in their order: a management line's
      // or a group's kept rows, or an index of the filtered column): a team's offenders are then found
      // among the team, not among every offender of the workspace. Whether each one is an offender is
      // looked up in the threshold's narrow rows, by the key the page is read by, before the member's
      // wide row: a team scattered through the workspace has few offenders among many members.
      if (drillingDown(v)) {
        const { at, id, workspace } = memberOrder(v) ?? MEMBER_ORDER
        return membersOf(from, v)
          .select([rendered.as('json'), 'm.sort_at as sort_at', 'm.employee_id as sort_id'])
          .where(
            sql<boolean>`exists (select 1 from report_offenders o where o.workspace_id = ${sql.ref(workspace)}
              and o.threshold = ${least} and o.sort_at = ${sql.ref(at)} and o.employee_id = ${sql.ref(id)})`,
          )
          .$if(keepsNull, (q) => q.where(sql<boolean>`${rendered} is not null`))
      }
      // The item is looked up per threshold row, in the page's order: joined, PostgreSQL misjudges
      // how many members a threshold holds and reads both tables whole.
      const json = sql<string>`(select ${rendered} from report_members m join employees e on e.workspace_id = m.workspace_id and e.id = m.employee_id
        where m.workspace_id = o.workspace_id and m.sort_at = o.sort_at and m.employee_id = o.employee_id)`
      return from
        .selectFrom('report_offenders as o')
        .select([json.as('json'), 'o.sort_at as sort_at', 'o.employee_id as sort_id'])
        .where('o.threshold', '=', least)
        .$if(keepsNull, (q) => q.where(sql<boolean>`${json} is not null`))
    },
    dropsNullItems: (v, dialect) => dialect === 'sqlite' && windowed(v),
    at: 'o.sort_at',
    id: 'o.employee_id',
    orderBy: (v) => (drillingDown(v) ? (memberOrder(v) ?? MEMBER_ORDER) : undefined),
    carries: 'id',
    samples: {
      'a later page': { values: {}, after: true, limit: 50 },
      'a later page, min_tricked, created window': {
        values: { min_tricked: 3, created_after: SAMPLE.after[0], created_before: LATER },
        after: true,
        limit: 50,
      },
      'a later page, drilled down': { values: DRILLED, after: true, limit: 50 },
    },
  } satisfies ListDefinition<OffenderValues>,

  /** A page of the members with their simulated phishing, in employees order. */
  simulationPage: {
    name: 'report_simulation_coverage',
    rows: (from, v) => {
      const item = (counts: Readonly<Record<keyof typeof ATTACK_COUNTS, string>>, lastAttacked: string) =>
        sql.raw(
          objectSql(SimulationCoverage, {
            employee: EMPLOYEE_JSON,
            ...counts,
            last_attacked_at: lastAttacked,
          }),
        )
      const kept = item(KEPT_ATTACK_COUNTS, timestampJson('m.last_attacked_at'))
      const none = item({ attacks_count: '0', tricked_count: '0', reported_count: '0' }, "'null'")
      const counted = sql`(select ${item(ATTACK_COUNTS, timestampJson('max(a.sent_at)'))} ${attacksOf(v)})`
      const json = windowed(v)
        ? sql<string>`case when ${spans('m.attack_first', 'm.attack_last', v)} then ${kept}
            when ${misses('m.attack_first', 'm.attack_last', v)} then ${none}
            else ${counted} end`
        : kept
      const attacked = hasInWindow('m.attack_first', 'm.attack_last', v, sql`select 1 ${attacksOf(v)}`)
      const anyAttack = sql<boolean>`${attacked} = 1`
      return membersOf(from, v)
        .select([json.as('json'), 'm.sort_at as sort_at', 'm.employee_id as sort_id'])
        .$if(v.attacked !== undefined && !windowed(v), (q) => q.where('m.attacked', '=', v.attacked ? 1 : 0))
        .$if(v.attacked !== undefined && windowed(v), (q) =>
          q.where(v.attacked ? anyAttack : sql<boolean>`${attacked} = 0`),
        )
    },
    at: 'm.sort_at',
    id: 'm.employee_id',
    orderBy: memberOrder,
    carries: 'id',
    samples: {
      'a later page': { values: {}, after: true, limit: 50 },
      'a later page, drilled down': { values: DRILLED, after: true, limit: 50 },
      'a first page, one group': { values: { group_id: [SAMPLE.id] }, after: false, limit: 50 },
      'a later page, never attacked in a window': {
        values: { attacked: false, created_after: SAMPLE.after[0], created_before: LATER },
        after: true,
        limit: 50,
      },
      'a later page, attacked': { values: { attacked: true }, after: true, limit: 50 },
    },
  } satisfies ListDefinition<SimulationValues>,

  /** A page of the members with their training, in employees order. */
  trainingPage: {
    name: 'report_training_coverage',
    rows: (from, v) =>
      membersOf(from, v)
        .select([
          sql.raw<string>(TRAINING_ITEM).as('json'),
          'm.sort_at as sort_at',
          'm.employee_id as sort_id',
        ])
        .$if(v.missed !== undefined, (q) => q.where('m.missed', '=', v.missed ? 1 : 0)),
    at: 'm.sort_at',
    id: 'm.employee_id',
    orderBy: memberOrder,
    carries: 'id',
    samples: {
      'a later page': { values: {}, after: true, limit: 50 },
      'a first page, department, country_code, manager_id': {
        values: { department: 'Sales', country_code: ['DE'], manager_id: SAMPLE.id },
        after: false,
        limit: 50,
      },
      'a later page, missed': { values: { missed: true }, after: true, limit: 50 },
    },
  } satisfies ListDefinition<TrainingValues>,

  /** Every cell of a dimension with its size (and, by manager, the manager's pseudonym). */
  cellSizes: inGrant(
    (from: WorkspaceRows, by: Dimension): Promise<CellSize[]> =>
      from
        .selectFrom('report_cells as c')
        .leftJoin('employees_pseudonymous as p', (j) =>
          j.on(
            sql<boolean>`${sql.lit(by === 'manager')} and p.workspace_id = c.workspace_id and p.id = c.sort_id`,
          ),
        )
        .select(['c.cell', 'c.sort_id', 'c.employees', 'c.karma_count', 'p.pseudonym'])
        .where('c.dimension', '=', by)
        .execute(),
    { 'by manager': ['manager'] },
  ),

  /** Of these cells of a dimension, each one's answer (with the window's figures), by its key. */
  cellAnswers: inGrant(
    async (
      from: WorkspaceRows,
      v: BreakdownValues,
      cells: readonly string[],
      dialect: DialectName,
    ): Promise<Map<string, string>> => {
      if (cells.length === 0) return new Map()
      const rows = await from
        .selectFrom('report_cells as c')
        .select(['c.cell', cellJsonSql(v, dialect).as('json')])
        .where('c.dimension', '=', v.by)
        .where('c.cell', 'in', cells)
        .execute()
      return new Map(rows.map((r) => [r.cell, r.json]))
    },
    { 'two cells by department': [{ by: 'department' }, ['kEngineering', '-'], 'sqlite'] },
  ),

  /**
   * The figures over the members of these cells of a dimension, each member once (groups overlap),
   * with the window's counts where one is given: a merged row of an aggregate key's breakdown.
   */
  mergedFigures: inGrant(
    async (from: WorkspaceRows, v: BreakdownValues, cells: readonly string[]): Promise<Figures> => {
      const keyed = cells.filter((c) => c !== '-').map((c) => c.slice(1))
      const none = cells.includes('-')
      let members: RawBuilder<boolean>
      if (v.by === 'group')
        members = sql<boolean>`m.employee_id in (select cm.employee_id from report_cell_members cm
          where cm.workspace_id = m.workspace_id and cm.dimension = 'group' and cm.cell in (${sql.join(cells)}))`
      else {
        const column = sql.ref(`m.${MEMBER_COLUMN_OF[v.by]}`)
        const held = [
          ...(none ? [sql<boolean>`${column} is null`] : []),
          ...(keyed.length > 0 ? [sql<boolean>`${column} in (${sql.join(keyed)})`] : []),
        ]
        members = held.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(held, sql` or `)})`
      }
      let rows = from.selectFrom('report_members as m').select(memberFigures(v)).where(members)
      for (const condition of probedFilters(v)) rows = rows.where(condition)
      return (await rows.executeTakeFirst()) as unknown as Figures
    },
    {
      'by group, created window': [
        { by: 'group', created_after: SAMPLE.after[0], created_before: LATER },
        ['kx', '-'],
      ],
      'by department, drilled down': [{ by: 'department', ...DRILLED }, ['kSales', '-']],
    },
  ),

  /**
   * The members of these cells of the breakdown by group (the members without a group: `-`) that
   * the filters keep, by cell.
   */
  groupCellMembers: inGrant(
    async (
      from: WorkspaceRows,
      v: DrillDownValues,
      cells: readonly string[],
    ): Promise<Map<string, Set<string>>> => {
      const members = new Map<string, Set<string>>(cells.map((c) => [c, new Set()]))
      if (cells.length === 0) return members
      let rows = from
        .selectFrom('report_cell_members as cm')
        .select(['cm.cell', 'cm.employee_id'])
        .where('cm.dimension', '=', 'group')
        .where('cm.cell', 'in', cells)
      if (drillingDown(v)) {
        let kept = rows.innerJoin('report_members as m', (j) =>
          j.onRef('m.workspace_id', '=', 'cm.workspace_id').onRef('m.employee_id', '=', 'cm.employee_id'),
        )
        for (const condition of probedFilters(v)) kept = kept.where(condition)
        rows = kept as unknown as typeof rows
      }
      for (const r of await rows.execute()) members.get(r.cell)?.add(r.employee_id)
      return members
    },
    { 'two cells': [{}, ['kx', '-']], 'two cells, drilled down': [DRILLED, ['kx', '-']] },
  ),

  /**
   * The cells of the breakdown over the members the filters keep, each with its figures over them
   * (the window's counts where one is given), its key, the start of the workspace's cell's answer
   * (which names it), and by manager the manager's pseudonym. The members are grouped once; a group's through their memberships.
   */
  drilledCells: inGrant(
    async (from: WorkspaceRows, v: BreakdownValues, dialect: DialectName): Promise<DrilledCellRow[]> => {
      // A member's cell: their own column's value, or by group each group they are a member of.
      const column = v.by === 'group' ? 'gm.group_id' : `m.${MEMBER_COLUMN_OF[v.by]}`
      const cell = sql.raw<string>(cellOf(column))
      const members =
        v.by === 'group'
          ? (filteredMembers(from, v).leftJoin('group_members as gm', (j) =>
              j.onRef('gm.workspace_id', '=', 'm.workspace_id').onRef('gm.employee_id', '=', 'm.employee_id'),
            ) as unknown as ReturnType<typeof filteredMembers>)
          : filteredMembers(from, v)
      const grouped = members
        .select(['m.workspace_id', cell.as('cell'), ...memberFigures(v)])
        .groupBy(['m.workspace_id', cell])
      // Each cell's kept row is looked up by its cell (SQLite is told the index: before the first
      // import after the migration that made it, no statistics name it).
      const byCell = sql.raw(dialect === 'sqlite' ? ' indexed by report_cells_by_cell' : '')
      const head = sql<string>`(select k.head from report_cells k${byCell}
        where k.workspace_id = x.workspace_id and k.dimension = ${v.by} and k.cell = x.cell)`
      const key = sql<string>`case when x.cell = '-' then '' else substr(x.cell, 2) end`
      const pseudonym =
        v.by === 'manager'
          ? sql<string | null>`(select p.pseudonym from employees_pseudonymous p
              where p.workspace_id = x.workspace_id and p.id = substr(x.cell, 2))`
          : sql<null>`null`
      const rows = await from
        .selectFrom(grouped.as('x'))
        .selectAll('x')
        .select([key.as('sort_id'), head.as('head'), pseudonym.as('pseudonym')])
        .execute()
      return rows as unknown as DrilledCellRow[]
    },
    {
      'by manager, drilled down': [{ by: 'manager', ...DRILLED }, 'sqlite'],
      'by group, one department, created window': [
        { by: 'group', department: 'Sales', created_after: SAMPLE.after[0], created_before: LATER },
        'sqlite',
      ],
    },
  ),
}
