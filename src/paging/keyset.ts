import { CompiledQuery, type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import { GRANTED, type WorkspaceGrant, type WorkspaceRows, workspaceShape } from '../access.js'
import { type DialectName, dialectOf } from '../db/dialect.js'
import { organizationGenerationSql } from '../db/generation.js'
import type { DataRow } from '../db/postgres-data-rows.js'
import { forEachRow, postgresRowsOf } from '../db/postgres-rows.js'
import { statementStoreOf } from '../db/sqlite-statements.js'
import { tracedAll, tracedGet } from '../db/statement-spans.js'
import type { Database } from '../db/tables.js'
import { pageBuffers } from './page-buffers.js'
import type { Page, Position, PositionShape } from './paging.js'

/**
 * The rows after `position` in (timestamp desc, id desc) order: `(at, id) < (position)`, one
 * row-value comparison that both databases answer from the (…, at desc, id desc) index; `>` for an
 * ascending list.
 */
function after(
  at: string,
  id: string,
  position: Position,
  ascending: boolean,
  resolve?: (id: RawBuilder<unknown>) => RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  const operator = sql.raw(ascending ? '>' : '<')
  const positionId = resolve ? resolve(sql`${position[1]}`) : sql`${position[1]}`
  return sql<SqlBool>`(${sql.ref(at)}, ${sql.ref(id)}) ${operator} (${position[0]}, ${positionId})`
}

/** A list row: the item's stored JSON and its sort key (timestamp, id). */
export interface ListRow {
  json: string
  sort_at: string
  sort_id: string
}

type Scalar = string | number
/**
 * What a list's query is built from. Strings, numbers and lists of them may only be used as query
 * parameters; booleans and absent values (undefined) may change the query's shape.
 */
export type ListValue = Scalar | readonly Scalar[] | boolean | undefined
export type ListValues<V = Record<string, ListValue>> = { [K in keyof V]: ListValue }
type AnyValues = Record<string, ListValue>

/** What the paging adds to a list's statement: any select of a `ListRow` is one. */
export interface ListQuery {
  where(condition: Expression<SqlBool>): ListQuery
  orderBy(expression: Expression<unknown>, direction: 'asc' | 'desc'): ListQuery
  compile(): CompiledQuery<ListRow>
}

/** A list as its operation calls it, with values of type V. */
export interface ListStatement<V> {
  /** Names the list among the cached shapes. */
  name: string
  /**
   * Begun from the grant's rows: the types refuse a statement given the database. `dialect`: a list
   * may shape its rows for the database that plans them (the template is learnt per dialect).
   */
  rows: (from: WorkspaceRows, values: V, dialect: DialectName) => ListQuery
  at: string
  id: string
  /**
   * For these values, the columns the rows are ordered by in place of `at` and `id`, holding the
   * same values (a filter whose own index walks the list's order: a kept table keyed by the sort
   * key). It may depend only on which values are given and how many (a shape is learnt once).
   */
  orderBy?: (values: V) => { at: string; id: string } | undefined
  /** What its positions look like when not a timestamp and an id (paging.ts TIME_AND_ID). */
  position?: PositionShape
  /**
   * For a list whose ids may be too long for a cursor: it selects a short stand-in as `sort_id`,
   * and this gives, in SQL, the `id` a position's stand-in names (a page resumes after that row).
   * Such a list is read row by row (SQLite's joined page takes its last key from the selected ids),
   * and selects its id too, as `order_id`, after `sort_id`.
   */
  resolvePosition?: (standIn: RawBuilder<unknown>) => RawBuilder<unknown>
  /** Oldest first (the events feed); lists are newest first otherwise. */
  ascending?: true
  /**
   * A value that bounds `at` on the side the list starts from (`created_before` of a newest-first
   * list on `created_at`). A position lies within it, since its cursor was issued for these values,
   * so it is left out of a later page: SQLite would take it as the index range's bound and read
   * from it down to the position.
   */
  startBound?: string
  /**
   * Whether, for these values, a row's item may be null: the row is then not the list's (an
   * employee a window cuts, with none of their rows inside it). The page drops such rows after
   * computing each item once, rather than testing each row first and computing its item again.
   */
  dropsNullItems?: (values: V, dialect: DialectName) => boolean
  /**
   * Whom its items carry (CONTRACT 20), read with the page: its rows select, after their sort key
   * (and `order_id`), `people`, the real ids of the people each item carries, comma-separated, or
   * null; or (`'id'`) each item carries exactly the employee its sort id is, and nothing more is
   * selected. The page then carries them, and the disclosure record needs no walk of its items (a
   * measured fast path: docs/design.md).
   */
  carries?: true | 'id'
}

/** How a page reads its people: not at all, from each row's `people`, or from its sort ids. */
type Carrying = 'none' | 'people' | 'id'

/** The column a page's people are read from, of its rows `p`. */
const peopleColumn = (carrying: Carrying) => (carrying === 'id' ? 'sort_id' : 'people')

/**
 * A list: its rows, begun from the workspace grant and filtered, selecting `json`, `sort_at` and
 * `sort_id` in that order (PostgreSQL pages read the columns by position); `at` and `id` name the
 * sort key's columns. The paging (order, position, limit) is added here.
 */
export interface ListDefinition<V extends ListValues<V>> extends ListStatement<V> {
  /** The pages the SQL snapshots read (src/resources/sql.ts), by label. */
  samples?: Readonly<Record<string, { values: V; after: boolean; limit: number }>>
}

/** The list's rows after `position` (from the start when null), newest first. */
function ordered<V extends ListValues<V>>(
  from: WorkspaceRows,
  list: ListStatement<V>,
  values: V,
  position: Position | null,
  dialect: DialectName,
): ListQuery {
  const direction = list.ascending ? 'asc' : 'desc'
  const bound = position === null ? undefined : list.startBound
  const rows = list.rows(from, bound === undefined ? values : { ...values, [bound]: undefined }, dialect)
  const { at, id } = list.orderBy?.(values) ?? list
  return (
    position === null
      ? rows
      : rows.where(after(at, id, position, list.ascending === true, list.resolvePosition))
  )
    .orderBy(sql.ref(at), direction)
    .orderBy(sql.ref(id), direction)
}

// A list's SQL depends only on its shape: which values are absent, the booleans, how long each list
// of values is, whether a position is given. Building and compiling it with Kysely on every request
// costs as much as half of reading a page (docs/design.md), so each shape is built once with marker
// values in place of the real ones, and the compiled parameters tell which value goes where.
const MARKER = '\u0000list value '
const POSITION = ['\u0000position at', '\u0000position id'] as const

type Slot = { value: unknown } | { key: string; index?: number } | { position: 0 | 1 } | { workspace: true }

interface Template {
  sql: string
  /** Rows whose item is null are dropped (ListStatement.dropsNullItems). */
  dropsNull: boolean
  slots: Slot[]
  /** The statement read for each page size (sizes are bounded by the list's maximum). */
  pages: Map<number, string>
  /** SQLite: the joined page's statement for each page size. */
  joinedPages: Map<number, string>
  /** Bytes an item took on the last page read, a little more: the next page's first guess. */
  itemBytes: number
}

// Keys in the order the caller wrote them: a caller that changed its order would only add a shape.
function shapeOf(values: AnyValues, position: Position | null): string {
  let shape = position === null ? 'start' : 'after'
  for (const key in values) {
    const value = values[key]
    shape += ` ${key}:${value === undefined ? '-' : Array.isArray(value) ? `[${value.length}]` : typeof value === 'boolean' ? value : '?'}`
  }
  return shape
}

function markersFor<V extends ListValues<V>>(values: V): V {
  const markers: AnyValues = {}
  for (const [key, value] of Object.entries(values as AnyValues)) {
    markers[key] =
      value === undefined || typeof value === 'boolean'
        ? value
        : Array.isArray(value)
          ? value.map((_, i) => `${MARKER}${key}[${i}]`)
          : `${MARKER}${key}`
  }
  return markers as V
}

function slotOf(parameter: unknown): Slot {
  if (typeof parameter !== 'string' || !parameter.startsWith('\u0000')) return { value: parameter }
  if (parameter === POSITION[0]) return { position: 0 }
  if (parameter === POSITION[1]) return { position: 1 }
  if (parameter === GRANTED) return { workspace: true }
  const marked =
    parameter.startsWith(MARKER) && /^([^[]+)(?:\[(\d+)\])?$/.exec(parameter.slice(MARKER.length))
  if (!marked) throw new Error(`list parameter ${JSON.stringify(parameter)} was altered by its builder`)
  return marked[2] === undefined
    ? { key: marked[1] as string }
    : { key: marked[1] as string, index: Number(marked[2]) }
}

function learn<V extends ListValues<V>>(
  db: Kysely<Database>,
  dialect: DialectName,
  list: ListStatement<V>,
  values: V,
  position: Position | null,
): Template {
  const compiled = workspaceShape(db, (from) =>
    ordered(from, list, markersFor(values), position === null ? null : POSITION, dialect).compile(),
  )
  // A value written into the text instead of bound would be wrong for every other request.
  if (compiled.sql.includes('\u0000'))
    throw new Error(`list ${list.name}: a value was used outside a parameter`)
  const slots = compiled.parameters.map(slotOf)
  if (!slots.some((slot) => 'workspace' in slot))
    throw new Error(`list ${list.name}: its rows are not those of the granted workspace`)
  if (list.resolvePosition && !/ as "order_id"/.test(compiled.sql))
    throw new Error(
      `list ${list.name}: a list whose positions stand in for its ids selects its id as order_id`,
    )
  for (const [key, value] of Object.entries(values as AnyValues)) {
    const expected =
      value === undefined || typeof value === 'boolean' || (position !== null && key === list.startBound)
        ? 0
        : Array.isArray(value)
          ? value.length
          : 1
    const used = new Set(slots.flatMap((s) => ('key' in s && s.key === key ? [s.index ?? -1] : [])))
    if (used.size !== expected) throw new Error(`list ${list.name}: value ${key} is not used as a parameter`)
  }
  return {
    sql: compiled.sql,
    dropsNull: list.dropsNullItems?.(values, dialect) === true,
    slots,
    pages: new Map(),
    joinedPages: new Map(),
    itemBytes: 1024,
  }
}

function parametersOf(
  template: Template,
  grant: WorkspaceGrant,
  values: AnyValues,
  position: Position | null,
): unknown[] {
  return template.slots.map((slot) => {
    if ('value' in slot) return slot.value
    if ('workspace' in slot) return grant.workspaceId
    if ('position' in slot) return (position as Position)[slot.position]
    const value = values[slot.key]
    return slot.index === undefined ? value : (value as readonly Scalar[])[slot.index]
  })
}

// Shapes learnt, per dialect. Bounded: past MAX_CACHED_SHAPES the map starts again (lists have a few
// dozen shapes). Safe across imports and databases: a template holds SQL text and parameter slots,
// never a value, and every request binds its own.
const MAX_CACHED_SHAPES = 1000
const templates = { sqlite: new Map<string, Template>(), postgres: new Map<string, Template>() }

function templateFor<V extends ListValues<V>>(
  db: Kysely<Database>,
  sqlite: boolean,
  list: ListStatement<V>,
  values: V,
  position: Position | null,
): Template {
  const cache = sqlite ? templates.sqlite : templates.postgres
  const shape = `${list.name} ${shapeOf(values as AnyValues, position)}`
  let template = cache.get(shape)
  if (template === undefined) {
    if (cache.size >= MAX_CACHED_SHAPES) cache.clear()
    template = learn(db, sqlite ? 'sqlite' : 'postgres', list, values, position)
    cache.set(shape, template)
  }
  return template
}

/** A page row, as an array: the item, its sort key, the generation, and the people it carries (ListStatement.carries). */
type PageRow = [
  json: string,
  sort_at: string,
  sort_id: string,
  generation: number | string | null,
  people?: string | null,
]

// The organization's data generation, read by the page's own statement: the ETag of an answer then
// names the generation its page was read at, and a request runs one statement instead of two.
const GENERATION_SQLITE = `(${organizationGenerationSql('?')})`

/**
 * SQLite, a page of at most JOINED_PAGE_BYTES as its list's last pages went: the page query around
 * the list's compiled SQL. The page's items are joined into the response document by the database
 * and handed over as bytes (no per-row strings, no UTF-8 round trip), with the generation, how many
 * items, whether a row follows the page, and the last item's sort key (every `at` has one fixed
 * width, so `min(sort_at || sort_id)` is the last key in list order, `max` in an
 * ascending one). SQLite runs the limited, ordered subquery as a co-routine that feeds the aggregate
 * in list order. The document is a fresh buffer, sent and dropped at once: one of a few dozen KiB
 * dies young.
 *
 * The limit is written into the text, not bound: SQLite reads a bound LIMIT's value while planning
 * and then marks the statement to be compiled again whenever that parameter is bound, which
 * better-sqlite3 does on every run.
 */
function sqliteJoinedPageSql(list: string, limit: number, ascending: boolean, carries: Carrying): string {
  return `select ${GENERATION_SQLITE} as generation, count(p.json) as items, count(*) as rows,
    exists(select 1 from (${list}) f limit 1 offset ${limit}) as more,
    cast('{"data":[' || coalesce(group_concat(p.json, ','), '') || ']}' as blob) as document,
    ${ascending ? 'max' : 'min'}(p.sort_at || p.sort_id) as last${
      carries === 'none'
        ? ''
        : `,
    group_concat(p.${peopleColumn(carries)}, ',') as people`
    }
    from (${list} limit ${limit}) p`
}

/**
 * SQLite, the joined page of a list that drops rows whose item is null. Its items are computed once:
 * the list runs as a co-routine behind a fence (`limit -1`: a subquery with a limit is neither
 * merged into the query around it, which would compute the item again to test it, nor given its
 * condition), and the page's rows and one more are numbered rather than walked again for `more`.
 */
function sqliteJoinedDroppingPageSql(
  list: string,
  limit: number,
  ascending: boolean,
  carries: Carrying,
): string {
  return `select ${GENERATION_SQLITE} as generation, count(*) filter (where n <= ${limit}) as items,
    max(n) > ${limit} as more,
    cast('{"data":[' || coalesce(group_concat(json, ',') filter (where n <= ${limit}), '') || ']}' as blob) as document,
    ${ascending ? 'max' : 'min'}(sort_at || sort_id) filter (where n <= ${limit}) as last${
      carries === 'none'
        ? ''
        : `,
    group_concat(${peopleColumn(carries)}, ',') filter (where n <= ${limit}) as people`
    }
    from (select json, sort_at, sort_id${carries === 'people' ? ', people' : ''}, row_number() over () as n from (${droppingRows(list)} limit ${limit + 1}))`
}

/** A list's rows without those whose item is null, each item computed once (behind the fence). */
const droppingRows = (list: string) => `select * from (${list} limit -1) f where f.json is not null`

/**
 * Pages expected larger than this are read as rows into a kept buffer: a fresh buffer of a large
 * page lives through collections while it is written out, and such buffers pile up outside V8's
 * heap until full collections free them, back to back under load (docs/performance.md).
 */
const JOINED_PAGE_BYTES = 256 * 1024

interface JoinedPage {
  generation: number | null
  items: number
  /** Rows of the page, as many as items unless one lacks its item (refused). */
  rows?: number
  more: number
  document: Uint8Array
  last: string | null
  people?: string | null
}

/** Every list's `at` is this wide (PositionShape): a sort key splits there. */
const AT_WIDTH = 27

/**
 * A page read as rows (PostgreSQL's pages, and SQLite's larger ones): its rows and one more (which
 * only tells that more follow), in list order, each with the generation (computed once).
 * `generation` is the subquery reading it; `?` parameters come in the order of the text.
 */
function rowsPageSql(
  rows: string,
  limit: number,
  ascending: boolean,
  generation: string,
  orderId: string,
  carries: Carrying,
): string {
  const direction = ascending ? 'asc' : 'desc'
  return `select p.json, p.sort_at, p.sort_id, ${generation} as generation${carries === 'people' ? ', p.people' : ''}
    from (${rows} limit ${limit + 1}) p
    order by p.sort_at ${direction}, p.${orderId} ${direction}`
}

const OPEN = Buffer.from('{"data":[')
const CLOSE = Buffer.from(']}')
const COMMA = 0x2c

/**
 * A page's document `{"data":[…]}`, written as bytes while its rows arrive (the page's rows and one
 * more, which only tells that more follow): each item is encoded or copied at once and can be
 * collected young. Joining the strings first and encoding the result costs several times more for
 * a large page (docs/design.md).
 */
/**
 * The people of a streamed page's rows (ListStatement.carries), their bytes joined by commas as
 * they came, made a string once: real ids are ASCII.
 */
class PeopleBytes {
  private bytes = Buffer.allocUnsafe(2048)
  private size = 0

  add(row: DataRow, field: number): void {
    if (row.isNull(field)) return
    const length = row.byteLength(field)
    if (this.size + length + 1 > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.size + length + 1))
      this.bytes.copy(grown, 0, 0, this.size)
      this.bytes = grown
    }
    if (this.size > 0) this.bytes[this.size++] = COMMA
    this.size += row.copy(field, this.bytes, this.size)
  }

  text(): string {
    return this.bytes.toString('latin1', 0, this.size)
  }
}

class PageDocument {
  private bytes: Buffer
  private size: number
  /** Items written; at most the limit. */
  items = 0
  private more = false
  /** The position of the page's last item, for the cursor. */
  last: Position | null = null

  constructor(
    private readonly limit: number,
    expectedBytes: number,
  ) {
    this.bytes = pageBuffers.take(Math.max(expectedBytes, 1024))
    this.size = OPEN.copy(this.bytes, 0)
  }

  /** Whether the item just added is the page's last: its row gives the cursor. */
  get full(): boolean {
    return this.items === this.limit
  }

  /** Adds an item; false for the row after the page. */
  add(item: string): boolean {
    if (!this.open()) return false
    const itemBytes = Buffer.byteLength(item)
    this.reserve(itemBytes + 1)
    if (this.items++ > 0) this.bytes[this.size++] = COMMA
    // An item of as many bytes as characters is ASCII: copied as is.
    this.size += this.bytes.write(item, this.size, itemBytes, itemBytes === item.length ? 'latin1' : 'utf8')
    return true
  }

  /** Adds a streamed row's field as the item, byte for byte; false for the row after the page. */
  addField(row: DataRow, field: number): boolean {
    if (!this.open()) return false
    if (row.isNull(field)) throw new Error('a list row without its item')
    this.reserve(row.byteLength(field) + 1)
    if (this.items++ > 0) this.bytes[this.size++] = COMMA
    this.size += row.copy(field, this.bytes, this.size)
    return true
  }

  finish(): Page {
    this.reserve(CLOSE.length)
    this.size += CLOSE.copy(this.bytes, this.size)
    const bytes = this.bytes
    return {
      document: bytes.subarray(0, this.size),
      next: this.more ? this.last : null,
      empty: this.items === 0,
      release: () => pageBuffers.give(bytes),
    }
  }

  private open(): boolean {
    if (this.items < this.limit) return true
    this.more = true
    return false
  }

  private reserve(bytes: number): void {
    if (this.size + bytes <= this.bytes.length) return
    const larger = pageBuffers.take(Math.max(this.bytes.length * 2, this.size + bytes))
    this.bytes.copy(larger, 0, 0, this.size)
    pageBuffers.give(this.bytes)
    this.bytes = larger
  }
}

/**
 * Reads one page of a list. SQLite: one statement, whatever the page size. PostgreSQL: the page's
 * rows and one more (to know whether another page follows), streamed and joined here as bytes:
 * there the ordered aggregate sorts, and the probe reads the heap (docs/design.md).
 */
export async function readPage<V extends ListValues<V>>(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  list: ListStatement<V>,
  values: V,
  position: Position | null,
  limit: number,
): Promise<Page> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`page limit ${limit}`)
  const sqlite = dialectOf(db) === 'sqlite'
  const template = templateFor(db, sqlite, list, values, position)
  const parameters = parametersOf(template, grant, values as AnyValues, position)
  const ascending = list.ascending === true
  const carries: Carrying = list.carries === undefined ? 'none' : list.carries === 'id' ? 'id' : 'people'
  // A row's people: its `people` (after the generation), or its sort id.
  const peopleField = carries === 'id' ? 2 : 4
  const statements = sqlite ? statementStoreOf(db) : undefined
  if (sqlite && list.resolvePosition === undefined && limit * template.itemBytes <= JOINED_PAGE_BYTES) {
    let text = template.joinedPages.get(limit)
    if (text === undefined) {
      const joined = template.dropsNull ? sqliteJoinedDroppingPageSql : sqliteJoinedPageSql
      text = joined(template.sql, limit, ascending, carries)
      template.joinedPages.set(limit, text)
    }
    // `?` are positional: the generation's, then the list's parameters, once per use.
    const bound = template.dropsNull
      ? [grant.organizationId, ...parameters]
      : [grant.organizationId, ...parameters, ...parameters]
    const page = (
      statements !== undefined
        ? tracedGet(statements, text, bound)
        : (await db.executeQuery<JoinedPage>(CompiledQuery.raw(text, bound))).rows[0]
    ) as JoinedPage
    // A row without its item would be left out of the page silently: refused, as a row page does.
    if (page.rows !== undefined && page.rows !== page.items) throw new Error('a list row without its item')
    learnItemBytes(template, page.document.length, page.items)
    const next: Position | null =
      page.more && page.last !== null ? [page.last.slice(0, AT_WIDTH), page.last.slice(AT_WIDTH)] : null
    return {
      document: page.document,
      next,
      empty: page.items === 0,
      generation: String(page.generation ?? 0),
      ...(carries !== 'none' ? { people: page.people ?? '' } : {}),
    }
  }
  let text = template.pages.get(limit)
  if (text === undefined) {
    const orderId = list.resolvePosition ? 'order_id' : 'sort_id'
    // Checked where the statement is written: such a list never gets one, so it throws every time.
    if (!sqlite && template.dropsNull) throw new Error(`list ${list.name}: PostgreSQL pages drop no rows`)
    text = sqlite
      ? rowsPageSql(
          template.dropsNull ? droppingRows(template.sql) : template.sql,
          limit,
          ascending,
          GENERATION_SQLITE,
          orderId,
          carries,
        )
      : rowsPageSql(
          template.sql,
          limit,
          ascending,
          `(${organizationGenerationSql(`$${parameters.length + 1}`)})`,
          orderId,
          carries,
        )
    template.pages.set(limit, text)
  }
  // SQLite's generation parameter comes first in the text, PostgreSQL's is numbered last.
  const bound = sqlite ? [grant.organizationId, ...parameters] : [...parameters, grant.organizationId]
  const document = new PageDocument(limit, limit * template.itemBytes)
  let generation: string | undefined
  const people: string[] = []
  const add = (row: PageRow) => {
    generation ??= String(row[3] ?? 0)
    if (!document.add(row[0])) return
    if (carries !== 'none' && row[peopleField] != null) people.push(row[peopleField] as string)
    if (document.full) document.last = [row[1], row[2]]
  }
  const source = sqlite ? undefined : postgresRowsOf(db)
  if (source !== undefined) {
    // The item's bytes go into the page as PostgreSQL sent them; only the page's last row is
    // decoded, for the cursor.
    const streamed = carries !== 'none' ? new PeopleBytes() : undefined
    await forEachRow(source, text, bound, (row) => {
      generation ??= row.text(3) ?? '0'
      if (!document.addField(row, 0)) return
      streamed?.add(row, peopleField)
      if (document.full) document.last = [row.text(1) as string, row.text(2) as string]
    })
    if (streamed !== undefined) people.push(streamed.text())
  } else if (statements !== undefined) {
    for (const row of tracedAll(statements, text, bound) as PageRow[]) add(row)
  } else {
    // A Kysely instance of no pool of ours (the statement recorder of the SQL snapshots).
    const { rows } = await db.executeQuery<
      ListRow & { generation: number | string | null; people?: string | null }
    >(CompiledQuery.raw(text, bound))
    for (const row of rows) add([row.json, row.sort_at, row.sort_id, row.generation, row.people])
  }
  const page: Page = document.finish()
  // An empty page has no row to carry the generation: the caller reads it.
  if (generation !== undefined) page.generation = generation
  if (carries !== 'none') page.people = people.join(',')
  learnItemBytes(template, page.document.length, document.items)
  return page
}

/** The next page's first guess of an item's size, from a page just read (a little more). */
function learnItemBytes(template: Template, documentBytes: number, items: number): void {
  if (items > 0) template.itemBytes = Math.ceil((documentBytes / items) * 1.1)
}
