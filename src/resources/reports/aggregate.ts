// A breakdown as an aggregate key sees it (CONTRACT 19): every cell smaller than the key's minimum
// group size is merged into the row whose key is null; while that row is still too small and
// another row remains, the smallest other row (by employees_count, then key descending) joins it
// too. The merged row's figures are counted again over its members, each once (groups overlap);
// a row still too small shows no figure at all. A manager's row carries the manager's pseudonym
// and no name. The rows a key sees are ordered as every breakdown (employees_count descending, then
// the key shown, the null row last) and paged in memory: a workspace has few cells.

import Type from 'typebox'
import type { WorkspaceRows } from '../../access.js'
import type { DialectName } from '../../db/dialect.js'
import type { Page, Position } from '../../paging/paging.js'
import { nullFigures } from '../../privacy/aggregate.js'
import { peopleOf } from '../../privacy/people.js'
import { personal, personId } from '../../privacy/schemas.js'
import { cellAnswer, cellSortAt, positionIdOf } from './import.js'
import { type BreakdownValues, type CellSize, REPORT_SQL } from './sql.js'

interface Row {
  /** The cell (`k` and its key, `-` for the members without one). */
  cell: string
  employees: number
  /** The key the row shows: the manager's pseudonym by manager. */
  key: string
}

/** Code point order, as the databases' "C" collation sorts keys. */
const byCodePoint = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b))

function rowOf(c: CellSize, by: BreakdownValues['by']): Row {
  const key = by === 'manager' && c.cell !== '-' ? c.pseudonym : c.sort_id
  // An import derives every employee's pseudonym before their reports.
  if (key === null) throw new Error(`manager ${c.sort_id} has no pseudonym`)
  return { cell: c.cell, employees: Number(c.employees), key }
}

/** The cells the null row holds: those merged, and the one of the members without a key. */
const mergedRow = (merged: readonly Row[], none: Row | undefined): string[] => [
  ...merged.map((r) => r.cell),
  ...(none ? [none.cell] : []),
]

/** The cells merged into the null row: those below `min`, then the smallest others while it is. */
async function mergedCells(
  from: WorkspaceRows,
  v: BreakdownValues,
  keyed: readonly Row[],
  none: Row | undefined,
  min: number,
): Promise<{ merged: Row[]; kept: Row[]; size: number }> {
  const merged = keyed.filter((r) => r.employees < min)
  const others = keyed
    .filter((r) => r.employees >= min)
    .sort((a, b) => a.employees - b.employees || byCodePoint(b.key, a.key))
  const cells = () => mergedRow(merged, none)
  // Cells of a member's own column hold each member once; groups overlap, so their union is counted.
  const sizeOf = async (): Promise<number> =>
    v.by === 'group' && cells().length > 0
      ? Number((await REPORT_SQL.mergedFigures(from, { by: v.by }, cells())).employees)
      : merged.reduce((sum, r) => sum + r.employees, none?.employees ?? 0)
  let size = await sizeOf()
  while (size < min && others.length > 0) {
    merged.push(others.shift() as Row)
    size = await sizeOf()
  }
  return { merged, kept: others, size }
}

/** A page of the breakdown for an aggregate key whose minimum group size is `min`. */
export async function aggregateBreakdownPage(
  from: WorkspaceRows,
  v: BreakdownValues,
  min: number,
  position: Position | null,
  limit: number,
  dialect: DialectName,
): Promise<Page> {
  const sizes = await REPORT_SQL.cellSizes(from, v.by)
  const rows = sizes.map((c) => rowOf(c, v.by))
  const keyed = rows.filter((r) => r.cell !== '-')
  const none = rows.find((r) => r.cell === '-')
  const { merged, kept, size } = await mergedCells(from, v, keyed, none, min)
  const listed = kept
    .map((r) => ({ row: r, at: cellSortAt(r.employees, true), id: positionIdOf(r.key) }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : byCodePoint(a.row.key, b.row.key)))
  const nullRow = merged.length > 0 || none !== undefined
  const all: { row: Row | null; at: string; id: string }[] = [...listed]
  if (nullRow) all.push({ row: null, at: cellSortAt(size, false), id: '' })
  let start = 0
  if (position !== null) {
    const [at, standIn] = position
    // A stand-in of a long key names the row whose key it stands for, while that row is listed.
    const id = listed.find((e) => e.id === standIn)?.row.key ?? standIn
    start = all.findIndex((e) => e.at > at || (e.at === at && byCodePoint(e.row?.key ?? '', id) > 0))
    if (start < 0) start = all.length
  }
  const page = all.slice(start, start + limit)
  const more = start + limit < all.length
  // With nothing merged into it, the null row is the kept cell of the members without a key.
  const keptNone = merged.length === 0 && none !== undefined && size >= min
  const answers = await REPORT_SQL.cellAnswers(
    from,
    v,
    page.flatMap((e) => (e.row !== null ? [e.row.cell] : keptNone ? ['-'] : [])),
    dialect,
  )
  const items: string[] = []
  for (const entry of page) {
    if (entry.row === null) {
      if (keptNone) {
        items.push(answers.get('-') as string)
        continue
      }
      const answer = cellAnswer(await REPORT_SQL.mergedFigures(from, v, mergedRow(merged, none)), null, null)
      items.push(size < min ? JSON.stringify(nullFigures(JSON.parse(answer))) : answer)
      continue
    }
    const answer = answers.get(entry.row.cell)
    if (answer === undefined) throw new Error(`cell ${entry.row.cell} vanished while its page was read`)
    items.push(v.by === 'manager' ? asPseudonymous(answer, entry.row.key) : answer)
  }
  const last = page[page.length - 1]
  return {
    document: `{"data":[${items.join(',')}]}`,
    next: more && last !== undefined ? [last.at, last.id] : null,
    empty: items.length === 0,
  }
}

/** A breakdown's row by manager as a pseudonymous or aggregate key sees it: the manager's pseudonym, no name. */
export const MANAGER_CELL = peopleOf(
  Type.Object({ key: personId(Type.String()), name: personal(Type.String()) }),
)

/** A manager's row with the manager's pseudonym as its key and no name. */
const asPseudonymous = (answer: string, pseudonym: string): string =>
  JSON.stringify(MANAGER_CELL.hide(JSON.parse(answer), () => pseudonym))
