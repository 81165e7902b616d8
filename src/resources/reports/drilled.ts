// A breakdown over the members the drill-down filters keep (CONTRACT 18, amended:
// `by=manager&department=Sales` is Sales' teams): its cells counted at request over those members,
// each named as the workspace's breakdown names it, listed in the order of every breakdown and paged
// in memory; what was counted is kept while the data's generation lasts (a measured fast path:
// docs/design.md), so that the pages after the first read nothing.

import type { WorkspaceRows } from '../../access.js'
import type { DialectName } from '../../db/dialect.js'
import type { Page, Position } from '../../paging/paging.js'
import type { KeptValues } from '../../routing/kept.js'
import type { ListedBy } from '../../routing/list.js'
import { type DrillDownValues, drillDownValues } from '../drill-down.js'
import { CellOrder, type Listed, pageOfAnswers } from './cell-order.js'
import { cellAnswer, cellSortAt, positionIdOf } from './import.js'
import { BreakdownCell } from './schema.js'
import { type BreakdownValues, type DrilledCellRow, REPORT_SQL } from './sql.js'

/** The fields that name a cell, first in its answer; the others are counted over its members. */
const NAMING = ['key', 'name'] as const
const FIELDS = Object.keys(BreakdownCell.properties)
if (FIELDS.slice(0, NAMING.length).join() !== NAMING.join())
  throw new Error(`a breakdown cell must begin with ${NAMING.join(', ')}`)
const COUNTED_FROM = `"${FIELDS[NAMING.length]}":`

/** A cell over the filtered members. */
export interface DrilledCell {
  /** The cell (`k` and its key, `-` for the members without one). */
  cell: string
  /** Its key as stored ('' for the members without one). */
  key: string
  /** By manager, the manager's pseudonym (the key a pseudonymous or aggregate key is shown). */
  pseudonym: string | null
  employees: number
  /** Its members with a karma score. */
  karmaCount: number
  /** Its answer: the workspace's cell's key and name, the figures over the filtered members. */
  answer: string
}

/** A cell's answer: named as the workspace's cell is (its kept head), counted over the filtered members. */
function answerOf(row: DrilledCellRow): string {
  const counted = cellAnswer(row, null, null)
  return row.head.slice(0, row.head.indexOf(COUNTED_FROM)) + counted.slice(counted.indexOf(COUNTED_FROM))
}

const cellOf = (row: DrilledCellRow): DrilledCell => ({
  cell: row.cell,
  key: row.sort_id,
  pseudonym: row.pseudonym,
  employees: Number(row.employees),
  karmaCount: Number(row.karma_count),
  answer: answerOf(row),
})

/** A text naming the filters given, the same for the same filters whatever their order in the query. */
export const filtersKey = (v: DrillDownValues): string => JSON.stringify(drillDownValues(v))

/** What a breakdown over filtered members counted, with its rows in each order asked so far. */
interface Drilled {
  cells: DrilledCell[]
  orders: Map<ListedBy, CellOrder<DrilledRow>>
}

interface DrilledRow extends Listed {
  answer: string
}

/** The cells of the breakdown over the members the filters keep (with the window's figures), counted once per generation. */
export function drilledCells(
  from: WorkspaceRows,
  v: BreakdownValues,
  dialect: DialectName,
  kept: KeptValues,
): Promise<DrilledCell[]> {
  return drilledOf(from, v, dialect, kept).then((d) => d.cells)
}

function drilledOf(
  from: WorkspaceRows,
  v: BreakdownValues,
  dialect: DialectName,
  kept: KeptValues,
): Promise<Drilled> {
  const window = [v.created_after ?? '', v.created_before ?? '']
  return kept.get(
    `drilled ${v.by} ${JSON.stringify(window)} ${filtersKey(v)}`,
    async () => ({ cells: (await REPORT_SQL.drilledCells(from, v, dialect)).map(cellOf), orders: new Map() }),
    bytesOf,
  )
}

/** About the memory a breakdown's cells hold, with their two orders: a string's characters take two bytes. */
const bytesOf = (d: Drilled): number =>
  d.cells.reduce((sum, c) => sum + 2 * (c.answer.length + c.cell.length + c.key.length) + CELL_OVERHEAD, 0)
const CELL_OVERHEAD = 400

/** The key a cell is shown by: a manager by pseudonym where the reader sees people so. */
function shownKey(cell: DrilledCell, by: BreakdownValues['by'], listed: ListedBy): string {
  if (listed === 'key' || by !== 'manager' || cell.cell === '-') return cell.key
  // An import derives every employee's pseudonym before their reports.
  if (cell.pseudonym === null) throw new Error(`manager ${cell.key} has no pseudonym`)
  return cell.pseudonym
}

/**
 * A page of the breakdown over the members the filters keep, as read: the cells' real keys, in the
 * order of the key the reader is shown (`listed`).
 */
export async function drilledBreakdownPage(
  from: WorkspaceRows,
  v: BreakdownValues,
  position: Position | null,
  limit: number,
  dialect: DialectName,
  kept: KeptValues,
  listed: ListedBy,
): Promise<Page> {
  const drilled = await drilledOf(from, v, dialect, kept)
  let order = drilled.orders.get(listed)
  if (order === undefined) {
    order = new CellOrder(
      drilled.cells.map((c) => {
        const key = shownKey(c, v.by, listed)
        return { at: cellSortAt(c.employees, c.cell !== '-'), key, id: positionIdOf(key), answer: c.answer }
      }),
    )
    drilled.orders.set(listed, order)
  }
  const { rows, more } = order.after(position, limit)
  return pageOfAnswers(
    rows,
    rows.map((r) => r.answer),
    more,
  )
}
