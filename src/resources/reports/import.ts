// What an import keeps for reports (CONTRACT 18), for every workspace it touched, derived again
// from what the other resources hold after it: each member (an active employee) with their figures,
// the cells members form per dimension, each group's members, and the thresholds repeat offenders
// are walked by.

import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { encodeRows, type Value } from '../../db/bulk-rows.js'
import type { Database } from '../../db/tables.js'
import { type WriteSession, workspaceList } from '../../db/write-session.js'
import { meanHalfUp, percent } from '../../domain/rates.js'
import type { ImportSteps } from '../../records/spec.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { AFTER_WINDOW_FIELD, WINDOW_FIELDS } from './render.js'
import { BreakdownCell } from './schema.js'
import type { ReportCellsTable } from './tables.js'
import { MAX_TRICKED, MEMBER_COLUMN_OF } from './values.js'

const TABLES = [
  'report_cells',
  'report_cell_members',
  'report_offenders',
  'report_members',
] as const satisfies readonly (keyof Database)[]

/**
 * Each active employee of the touched workspaces, with their figures over all time: progress
 * entries by status, compromised records, sent attacks (tricked, reported, the span of their
 * created_at) and email reports (the span of their reported_at).
 */
function insertMembers(touched: string): string {
  return `insert into report_members (workspace_id, sort_at, employee_id, department, country_code,
      manager_id, karma_score, at_risk, courses, completed, missed, missed_count, upcoming, not_started,
      last_completed_at, compromised, unacknowledged, attacks, attacked, tricked, reported,
      attack_first, attack_last, tricked_first, tricked_last, reported_first, reported_last,
      last_attacked_at, last_tricked_at, reporter, report_first, report_last)
    select e.workspace_id, e.created_at, e.id, e.department, e.country_code, e.manager_id, e.karma_score,
      case when e.karma_level in ('dangerous', 'bad') then 1 else 0 end,
      coalesce(p.courses, 0), coalesce(p.completed, 0), case when p.missed > 0 then 1 else 0 end,
      coalesce(p.missed, 0), coalesce(p.upcoming, 0), coalesce(p.not_started, 0), p.last_completed_at,
      case when c.employee_id is null then 0 else 1 end, coalesce(c.unacknowledged, 0),
      coalesce(a.attacks, 0), case when a.attacks > 0 then 1 else 0 end, coalesce(a.tricked, 0),
      coalesce(a.reported, 0), a.first_at, a.last_at, a.tricked_first, a.tricked_last,
      a.reported_first, a.reported_last, a.last_sent_at, a.last_tricked_at,
      case when r.employee_id is null then 0 else 1 end, r.first_at, r.last_at
    from employees e
    left join (
      select employee_id, count(*) as courses,
        sum(case when status = 'completed' then 1 else 0 end) as completed,
        sum(case when status = 'missed' then 1 else 0 end) as missed,
        sum(case when status = 'upcoming' then 1 else 0 end) as upcoming,
        sum(case when status is null then 1 else 0 end) as not_started,
        max(last_completed_at) as last_completed_at
      from course_progress where workspace_id in ${touched} group by employee_id) p on p.employee_id = e.id
    left join (
      select employee_id, count(*) as attacks,
        sum(case when tricked_at is null then 0 else 1 end) as tricked,
        sum(case when reported_at is null then 0 else 1 end) as reported,
        max(tricked_at) as last_tricked_at, max(sent_at) as last_sent_at,
        min(created_at) as first_at, max(created_at) as last_at,
        min(case when tricked_at is null then null else created_at end) as tricked_first,
        max(case when tricked_at is null then null else created_at end) as tricked_last,
        min(case when reported_at is null then null else created_at end) as reported_first,
        max(case when reported_at is null then null else created_at end) as reported_last
      from attacks where workspace_id in ${touched} and sent_at is not null
      group by workspace_id, employee_id) a on a.employee_id = e.id
    left join (
      select employee_id, max(case when acknowledged_at is null then 1 else 0 end) as unacknowledged
      from compromised_employees where workspace_id in ${touched} group by employee_id) c on c.employee_id = e.id
    left join (
      select employee_id, min(reported_at) as first_at, max(reported_at) as last_at
      from email_reports where workspace_id in ${touched} group by employee_id) r on r.employee_id = e.id
    where e.workspace_id in ${touched} and e.status = 'active'
    order by e.workspace_id, e.created_at, e.id`
}

/** SQL: a cell of a nullable column: '-' for none, else 'k' and the value. */
export const cellOf = (column: string) => `case when ${column} is null then '-' else 'k' || ${column} end`

/** SQL: the dimensions of a member's own columns, a row each (`d.dimension`). */
const COLUMN_DIMENSIONS = `(${Object.keys(MEMBER_COLUMN_OF)
  .map((dimension) => `select '${dimension}' as dimension`)
  .join(' union all ')})`

/** SQL: a member `m`'s cell of the dimension `d.dimension`. */
const COLUMN_CELL = `case d.dimension ${Object.entries(MEMBER_COLUMN_OF)
  .map(([dimension, column]) => `when '${dimension}' then ${cellOf(`m.${column}`)}`)
  .join(' ')} end`

/**
 * Each member in each group they belong to, or in no group's cell (the other dimensions' cells are
 * read from the members' own columns). The memberships lead (CROSS JOIN keeps SQLite's order), each
 * one's member a look-up, and the members in no group are told apart by one list of the workspaces'
 * members in groups, not by a look-up per member, which SQLite, with no statistics, would answer from
 * the memberships' other index, the whole workspace each time.
 */
function insertGroupMembers(touched: string): string {
  return `insert into report_cell_members (workspace_id, dimension, cell, employee_id)
    select m.workspace_id, 'group', 'k' || g.group_id, m.employee_id
      from group_members g cross join report_members m
      where g.workspace_id in ${touched} and m.workspace_id = g.workspace_id and m.employee_id = g.employee_id
    union all select m.workspace_id, 'group', '-', m.employee_id from report_members m
      where m.workspace_id in ${touched}
        and m.employee_id not in (select g.employee_id from group_members g where g.workspace_id in ${touched})`
}

/** A member tricked n times has a row at each threshold from 1 to n (at most MAX_TRICKED). */
function insertOffenders(touched: string): string {
  return `with recursive steps (n) as (select 1 union all select n + 1 from steps where n < ${MAX_TRICKED})
    insert into report_offenders (workspace_id, threshold, sort_at, employee_id)
    select m.workspace_id, s.n, m.sort_at, m.employee_id from report_members m join steps s on s.n <= m.tricked
    where m.workspace_id in ${touched} and m.tricked > 0
    order by m.workspace_id, s.n, m.sort_at, m.employee_id`
}

/** A cell's counts over its members (CELL_FIGURES's columns), as either database returns them. */
export interface Figures {
  employees: number | string
  karma_sum: number | string
  karma_count: number | string
  at_risk: number | string
  covered: number | string
  completed: number | string
  attacked: number | string
  tricked: number | string
  reported: number | string
  reporters: number | string
  compromised: number | string
  unacknowledged: number | string
}

interface CellFigures extends Figures {
  workspace_id: string
  dimension: string
  cell: string
  attack_first: string | null
  attack_last: string | null
  report_first: string | null
  report_last: string | null
  manager_ref: string | null
  group_name: string | null
}

/** SQL: each of a cell's figures (and its members' spans of time) over its members `m`, grouped. */
export const CELL_FIGURE_SQL = {
  employees: 'count(*)',
  karma_sum: 'coalesce(sum(m.karma_score), 0)',
  karma_count: 'count(m.karma_score)',
  at_risk: 'sum(m.at_risk)',
  covered: 'sum(case when m.courses > 0 then 1 else 0 end)',
  completed: 'sum(m.completed)',
  attacked: 'sum(m.attacked)',
  tricked: 'sum(case when m.tricked > 0 then 1 else 0 end)',
  reported: 'sum(case when m.reported > 0 then 1 else 0 end)',
  reporters: 'sum(m.reporter)',
  compromised: 'sum(m.compromised)',
  unacknowledged: 'sum(m.unacknowledged)',
} as const satisfies Record<keyof Figures, string>

const CELL_FIGURES = [
  ...Object.entries(CELL_FIGURE_SQL).map(([name, value]) => `${value} as ${name}`),
  'min(m.attack_first) as attack_first, max(m.attack_last) as attack_last',
  'min(m.report_first) as report_first, max(m.report_last) as report_last',
].join(', ')

/**
 * Each cell's figures over its members, with what names it (a manager's reference, a group's name):
 * the cells of a member's own columns from the members alone, a group's through its memberships.
 */
function cellFigures(touched: string): string {
  return `select x.*, me.ref_json as manager_ref, g.name as group_name from (
      select m.workspace_id, d.dimension, ${COLUMN_CELL} as cell, ${CELL_FIGURES}
      from report_members m cross join ${COLUMN_DIMENSIONS} d
      where m.workspace_id in ${touched}
      group by 1, 2, 3
      union all
      select cm.workspace_id, cm.dimension, cm.cell, ${CELL_FIGURES}
      from report_cell_members cm
      join report_members m on m.workspace_id = cm.workspace_id and m.employee_id = cm.employee_id
      where cm.workspace_id in ${touched} and cm.dimension = 'group'
      group by cm.workspace_id, cm.dimension, cm.cell) x
    left join employees me on x.dimension = 'manager' and x.cell <> '-' and me.id = substr(x.cell, 2)
    left join groups g on x.dimension = 'group' and x.cell <> '-' and g.id = substr(x.cell, 2)`
}

const cellJson = jsonOf(BreakdownCell)

/** Counts of a cell list past this are beyond any workspace (a sort key of fixed width). */
const COUNT_SPAN = 10 ** 15

/**
 * A cell's sort key, 27 characters as every list's (paging.ts PositionShape): the row without a
 * key last, then employees_count descending; the key, ascending, is the position's id.
 */
export function cellSortAt(employees: number, keyed: boolean): string {
  return `${keyed ? '0' : '1'}${String(COUNT_SPAN - employees).padStart(26, '0')}`
}

/** Bytes of a key, as a cursor's JSON holds it, that a cursor of at most 512 characters has room for. */
const KEY_ROOM = 200
/** Of a longer key, the start a stand-in keeps. */
const KEY_START = 120

/**
 * What stands for a cell's key in a cursor: the key itself, or, for one too long for a cursor, its
 * start, U+0001 and a digest of it. A page resumes after the cell its stand-in names; when that cell
 * is gone, after the stand-in itself, which sorts before every longer key of that start.
 */
export function positionIdOf(key: string): string {
  if (Buffer.byteLength(JSON.stringify(key)) <= KEY_ROOM) return key
  let start = ''
  for (const character of key) {
    if (Buffer.byteLength(JSON.stringify(start + character)) > KEY_START) break
    start += character
  }
  return `${start}\u0001${createHash('sha256').update(key).digest('hex').slice(0, 32)}`
}

/** A cell's answer (BreakdownCell's JSON) from its figures. */
export function cellAnswer(f: Figures, key: string | null, name: string | null): string {
  const n = Number(f.employees)
  const attacked = Number(f.attacked)
  return cellJson({
    key,
    name,
    employees_count: n,
    average_karma_score: meanHalfUp(Number(f.karma_sum), Number(f.karma_count)),
    at_risk_employees_count: Number(f.at_risk),
    covered_employees: Number(f.covered),
    average_courses_completed: meanHalfUp(Number(f.completed), n) ?? 0,
    employees_attacked_count: attacked,
    vulnerability_rate: percent(Number(f.tricked), attacked),
    reporting_rate: percent(Number(f.reported), attacked),
    reporters_count: Number(f.reporters),
    employee_reporting_rate: percent(Number(f.reporters), n, 1),
    compromised_employees_count: Number(f.compromised),
    unacknowledged_employees_count: Number(f.unacknowledged),
  })
}

/** A cell rendered: its answer without a window, and that answer's parts around the window's figures. */
function renderCell(f: CellFigures): Value[] {
  const n = Number(f.employees)
  const keyed = f.cell !== '-'
  const key = keyed ? f.cell.slice(1) : null
  let name: string | null = null
  if (key !== null) {
    if (f.dimension === 'manager')
      name = f.manager_ref === null ? null : (JSON.parse(f.manager_ref) as { name: string | null }).name
    else if (f.dimension === 'group') name = f.group_name
    else name = key
  }
  const json = cellAnswer(f, key, name)
  // Within strings quotes are escaped: these keys appear only where the object's own fields are.
  const head = json.slice(0, json.indexOf(`,"${WINDOW_FIELDS[0]}":`) + 1)
  const tail = json.slice(json.indexOf(`,"${AFTER_WINDOW_FIELD}":`) + 1)
  return [
    f.workspace_id,
    f.dimension,
    cellSortAt(n, keyed),
    key ?? '',
    positionIdOf(key ?? ''),
    f.cell,
    n,
    Number(f.karma_count),
    f.attack_first,
    f.attack_last,
    f.report_first,
    f.report_last,
    json,
    head,
    tail,
  ]
}

const CELL_COLUMNS = [
  'workspace_id',
  'dimension',
  'sort_at',
  'sort_id',
  'position_id',
  'cell',
  'employees',
  'karma_count',
  'attack_first',
  'attack_last',
  'report_first',
  'report_last',
  'json',
  'head',
  'tail',
] as const satisfies readonly (keyof ReportCellsTable)[]

/** The reports of the touched workspaces, derived again whole. */
async function deriveReports(session: WriteSession): Promise<void> {
  const touched = await workspaceList(session, 'stg_touched')
  for (const table of [...TABLES, 'report_workspaces'])
    await session.exec(sql`delete from ${sql.table(table)} where workspace_id in ${sql.raw(touched)}`)
  await session.exec(sql`insert into report_workspaces (workspace_id)
    select w.id from workspaces w where w.id in ${sql.raw(touched)}`)
  await session.exec(sql.raw(insertMembers(touched)))
  await session.exec(sql.raw(insertGroupMembers(touched)))
  await session.exec(sql.raw(insertOffenders(touched)))
  const cells = await session.rows(sql.raw<CellFigures>(cellFigures(touched)))
  if (cells.length > 0)
    await session.insertMany('report_cells', CELL_COLUMNS, encodeRows(session.dialect, cells.map(renderCell)))
}

export const REPORTS_IMPORT: ImportSteps = {
  derive: deriveReports,
  missing: sql`not exists (select 1 from report_workspaces r where r.workspace_id = w.id)`,
  analyze: [...TABLES],
}
