// A breakdown as an aggregate key sees it (CONTRACT 19, amended 2026-12-01): every cell smaller than
// the key's minimum group size is merged into the row whose key is null; while that row holds
// members but too few, the smallest other row (by employees_count, then key descending) joins it
// too. By group (groups overlap), while two rows differ by too few members (those in one but not
// the other), the smaller of such a pair joins the null row, and the rules apply again. The merged
// row's figures are counted again over its members, each once; a row still too small shows no
// figure at all, and each row's figures over a narrower set of its members (the schema's classes)
// are null when that set is too small. A manager's row carries the manager's pseudonym and no
// name. The rows are ordered as every breakdown (employees_count descending, then the key shown,
// the null row last) and paged in memory: a workspace has few cells. Over filtered members (the
// drill-down filters), the same rules apply to the cells those members form.

import type { WorkspaceRows } from '../../access.js'
import type { DialectName } from '../../db/dialect.js'
import type { Page, Position } from '../../paging/paging.js'
import { nullFigures } from '../../privacy/aggregate.js'
import { figuresOf } from '../../privacy/figures.js'
import { peopleOf } from '../../privacy/people.js'
import type { KeptValues } from '../../routing/kept.js'
import { drillingDown } from '../drill-down.js'
import { KARMA_SCORED } from '../employees/schema.js'
import { byCodePoint, CellOrder, type Listed, pageOfAnswers } from './cell-order.js'
import { drilledCells, filtersKey } from './drilled.js'
import { cellAnswer, cellSortAt, positionIdOf } from './import.js'
import { BreakdownCell } from './schema.js'
import { type BreakdownValues, type CellSize, REPORT_SQL } from './sql.js'

interface Row {
  /** The cell (`k` and its key, `-` for the members without one). */
  cell: string
  employees: number
  /** Its members with a karma score (null: not derived since it was kept). */
  karmaCount: number | null
  /** The key the row shows: the manager's pseudonym by manager. */
  key: string
}

/** Smallest first: by employees_count, then the greater key. */
const smallestFirst = (a: Row, b: Row): number => a.employees - b.employees || byCodePoint(b.key, a.key)

function rowOf(c: CellSize, by: BreakdownValues['by']): Row {
  const key = by === 'manager' && c.cell !== '-' ? c.pseudonym : c.sort_id
  // An import derives every employee's pseudonym before their reports.
  if (key === null) throw new Error(`manager ${c.sort_id} has no pseudonym`)
  const karmaCount = c.karma_count === null ? null : Number(c.karma_count)
  return { cell: c.cell, employees: Number(c.employees), karmaCount, key }
}

/** The cells the null row holds: those merged, and the one of the members without a key. */
const mergedRow = (merged: readonly Row[], none: Row | undefined): string[] => [
  ...merged.map((r) => r.cell),
  ...(none ? [none.cell] : []),
]

/** Members in one set and not the other. */
function difference(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let shared = 0
  for (const id of small) if (large.has(id)) shared++
  return a.size + b.size - 2 * shared
}

/** The members of each group cell, and the null row's as the union of its cells'. */
class GroupMembers {
  private constructor(private readonly members: Map<string, Set<string>>) {}

  static async of(from: WorkspaceRows, v: BreakdownValues, cells: readonly string[]): Promise<GroupMembers> {
    return new GroupMembers(await REPORT_SQL.groupCellMembers(from, v, cells))
  }

  of(row: Row): Set<string> {
    return this.members.get(row.cell) ?? new Set()
  }

  union(rows: readonly Row[]): Set<string> {
    const all = new Set<string>()
    for (const row of rows) for (const id of this.of(row)) all.add(id)
    return all
  }
}

/**
 * By group: the row to merge next because it differs from another row of the answer by at least one
 * and fewer than `min` members (the smaller of each such pair, never the null row; the smallest of
 * all), or none. `nullMembers`: the null row's, empty while it has none.
 */
function nextByDifference(
  kept: readonly Row[],
  nullMembers: ReadonlySet<string>,
  members: GroupMembers,
  min: number,
): Row | undefined {
  const close = (x: number, y: number) => Math.abs(x - y) < min
  const candidates: Row[] = []
  const sorted = [...kept].sort(smallestFirst)
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Row
    if (nullMembers.size > 0 && close(a.employees, nullMembers.size)) {
      const d = difference(members.of(a), nullMembers)
      if (d > 0 && d < min) candidates.push(a)
    }
    for (let j = i + 1; j < sorted.length && close((sorted[j] as Row).employees, a.employees); j++) {
      const d = difference(members.of(a), members.of(sorted[j] as Row))
      // `a` sorts first: the smaller of the pair.
      if (d > 0 && d < min) candidates.push(a)
    }
  }
  return candidates.sort(smallestFirst)[0]
}

/** The cells merged into the null row, the rows kept, and the null row's size. */
async function mergedCells(
  from: WorkspaceRows,
  v: BreakdownValues,
  keyed: readonly Row[],
  none: Row | undefined,
  min: number,
): Promise<{ merged: Row[]; kept: Row[]; size: number }> {
  const merged = keyed.filter((r) => r.employees < min)
  const kept = keyed.filter((r) => r.employees >= min).sort(smallestFirst)
  const members =
    v.by === 'group' ? await GroupMembers.of(from, v, [...keyed.map((r) => r.cell), '-']) : undefined
  const nullMembers = () => members?.union([...merged, ...(none ? [none] : [])]) ?? new Set<string>()
  // Cells of a member's own column hold each member once; groups overlap, so their union is counted.
  const sizeOf = (): number =>
    members !== undefined
      ? nullMembers().size
      : merged.reduce((sum, r) => sum + r.employees, none?.employees ?? 0)
  let size = sizeOf()
  for (;;) {
    // A null row with no member needs no company.
    while (size > 0 && size < min && kept.length > 0) {
      merged.push(kept.shift() as Row)
      size = sizeOf()
    }
    if (members === undefined) break
    const next = nextByDifference(kept, nullMembers(), members, min)
    if (next === undefined) break
    kept.splice(kept.indexOf(next), 1)
    merged.push(next)
    size = sizeOf()
  }
  return { merged, kept, size }
}

/** What an aggregate key sees of each figure of a row (the schema's classes). */
const ROW_FIGURES = figuresOf(BreakdownCell, () => {
  throw new Error('a breakdown row refers to no other schema')
})

/** Whether the only count a row's figures need beside the row is its members with a karma (cellSizes reads it). */
const ROW_COUNTED_KARMA_ONLY = ROW_FIGURES.populations.counted.every((c) => c === KARMA_SCORED.counted)

/** A count of a row's answer as rendered (cellAnswer writes each once, as an integer). */
const countIn = (answer: string, field: string): number => {
  const at = answer.indexOf(`"${field}":`)
  return at < 0 ? 0 : Number.parseInt(answer.slice(at + field.length + 3), 10)
}

/** A row's answer with each figure over too few of its members null. */
function figuresShown(answer: string, karmaCount: number | null, min: number): string {
  // Parsed only when a figure is to be hidden: most rows of a large workspace show every one.
  if (
    ROW_COUNTED_KARMA_ONLY &&
    karmaCount !== null &&
    karmaCount >= min &&
    ROW_FIGURES.populations.fields.every((field) => countIn(answer, field) >= min)
  )
    return answer
  const row = JSON.parse(answer) as unknown
  const counts = karmaCount === null ? undefined : { [KARMA_SCORED.counted]: karmaCount }
  const shown = ROW_FIGURES.hide(row, min, counts)
  return shown === row ? answer : JSON.stringify(shown)
}

/** A row of the answer in order: a kept cell, or the null row (`row` null). */
interface Entry extends Listed {
  row: Row | null
}

/** Where a breakdown's cells are read: the workspace's, kept at import, or those over filtered members. */
interface CellSource {
  sizes(): Promise<CellSize[]>
  /** Of these cells, each one's answer (with the window's figures), by its key. */
  answers(cells: readonly string[]): Promise<Map<string, string>>
}

const keptCells = (from: WorkspaceRows, v: BreakdownValues, dialect: DialectName): CellSource => ({
  sizes: () => REPORT_SQL.cellSizes(from, v.by),
  answers: (cells) => REPORT_SQL.cellAnswers(from, v, cells, dialect),
})

async function filteredCells(
  from: WorkspaceRows,
  v: BreakdownValues,
  dialect: DialectName,
  kept: KeptValues,
): Promise<CellSource> {
  const cells = await drilledCells(from, v, dialect, kept)
  const byCell = new Map(cells.map((c) => [c.cell, c]))
  return {
    sizes: async () =>
      cells.map((c) => ({
        cell: c.cell,
        sort_id: c.key,
        employees: c.employees,
        karma_count: c.karmaCount,
        pseudonym: c.pseudonym,
      })),
    answers: async (wanted) =>
      new Map(
        wanted.flatMap((cell) => {
          const answer = byCell.get(cell)?.answer
          return answer === undefined ? [] : [[cell, answer] as const]
        }),
      ),
  }
}

/**
 * What an aggregate key's breakdown is at one minimum size, whatever the window: the rows in order,
 * the cells merged into the null row and its size. It depends on the members only (the state now),
 * so it is kept while the data's generation lasts, with the answers shown without a window (a
 * measured fast path: docs/design.md).
 */
interface Layout {
  order: CellOrder<Entry>
  merged: Row[]
  none: Row | undefined
  size: number
  /** The null row, when it is the kept cell of the members without a key (nothing merged into it). */
  keptNone: boolean
  /** The null row's answer without a window, once read. */
  nullAnswer?: string
  /** Without a window, each row's answer as shown, once read (a layout of at most KEPT_ANSWERS rows). */
  shown: Map<string, string>
}

/** A layout with more rows (a breakdown by manager of a large workspace) keeps no answers. */
const KEPT_ANSWERS = 1000

async function layoutOf(
  from: WorkspaceRows,
  v: BreakdownValues,
  min: number,
  sizes: readonly CellSize[],
): Promise<Layout> {
  const rows = sizes.map((c) => rowOf(c, v.by))
  const keyed = rows.filter((r) => r.cell !== '-')
  const none = rows.find((r) => r.cell === '-')
  const { merged, kept, size } = await mergedCells(from, v, keyed, none, min)
  const all: Entry[] = kept.map((r) => ({
    row: r,
    at: cellSortAt(r.employees, true),
    key: r.key,
    id: positionIdOf(r.key),
  }))
  if (merged.length > 0 || none !== undefined)
    all.push({ row: null, at: cellSortAt(size, false), key: '', id: '' })
  const keptNone = merged.length === 0 && none !== undefined && size >= min
  return { order: new CellOrder(all), merged, none, size, keptNone, shown: new Map() }
}

/** The null row's answer, its figures counted again over the merged cells' members. */
async function nullRowAnswer(from: WorkspaceRows, v: BreakdownValues, layout: Layout, min: number) {
  const figures = await REPORT_SQL.mergedFigures(from, v, mergedRow(layout.merged, layout.none))
  const answer = cellAnswer(figures, null, null)
  return layout.size < min
    ? JSON.stringify(nullFigures(JSON.parse(answer)))
    : figuresShown(answer, Number(figures.karma_count), min)
}

/** A page of the breakdown for an aggregate key whose minimum group size is `min`. */
export async function aggregateBreakdownPage(
  from: WorkspaceRows,
  v: BreakdownValues,
  min: number,
  position: Position | null,
  limit: number,
  dialect: DialectName,
  kept: KeptValues,
): Promise<Page> {
  // The layout depends on the members the filters keep, not on the window.
  const filtered = drillingDown(v)
  const cells = filtered ? await filteredCells(from, v, dialect, kept) : keptCells(from, v, dialect)
  const layout = await kept.get(`${v.by} ${min}${filtered ? ` ${filtersKey(v)}` : ''}`, async () =>
    layoutOf(from, v, min, await cells.sizes()),
  )
  const { order, none, keptNone } = layout
  const { rows: page, more } = order.after(position, limit)
  const windowed = v.created_after !== undefined || v.created_before !== undefined
  const keeps = !windowed && order.rows.length <= KEPT_ANSWERS
  const cellOf = (e: Entry): string | undefined => (e.row !== null ? e.row.cell : keptNone ? '-' : undefined)
  const unread = page.flatMap((e) => {
    const cell = cellOf(e)
    return cell === undefined || (keeps && layout.shown.has(cell)) ? [] : [cell]
  })
  const answers = await cells.answers(unread)
  const items: string[] = []
  for (const entry of page) {
    const cell = cellOf(entry)
    if (cell === undefined) {
      if (windowed) items.push(await nullRowAnswer(from, v, layout, min))
      else {
        layout.nullAnswer ??= await nullRowAnswer(from, v, layout, min)
        items.push(layout.nullAnswer)
      }
      continue
    }
    let shown = keeps ? layout.shown.get(cell) : undefined
    if (shown === undefined) {
      const answer = answers.get(cell)
      if (answer === undefined) throw new Error(`cell ${cell} vanished while its page was read`)
      const row = entry.row ?? none
      shown = figuresShown(answer, row?.karmaCount ?? null, min)
      if (v.by === 'manager' && entry.row !== null) shown = asPseudonymous(shown, entry.row.key)
      if (keeps) layout.shown.set(cell, shown)
    }
    items.push(shown)
  }
  return pageOfAnswers(page, items, more)
}

/** A breakdown's row by manager as a pseudonymous or aggregate key sees it: the manager's pseudonym, no name. */
export const MANAGER_CELL = peopleOf(BreakdownCell, undefined, { by: 'manager' })

/** A manager's row with the manager's pseudonym as its key and no name. */
const asPseudonymous = (answer: string, pseudonym: string): string =>
  JSON.stringify(MANAGER_CELL.hide(JSON.parse(answer), () => pseudonym))
