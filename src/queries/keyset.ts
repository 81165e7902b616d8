import {
  CompiledQuery,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  SqliteAdapter,
  sql,
} from 'kysely'
import type { Database } from '../db/tables.js'
import type { Page, Position } from '../http/paging.js'

/**
 * The rows after `position` in (timestamp desc, id desc) order: `(at, id) < (position)`, one
 * row-value comparison that both databases answer from the (…, at desc, id desc) index.
 */
export function after(at: string, id: string, position: Position): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(at)}, ${sql.ref(id)}) < (${position[0]}, ${position[1]})`
}

/** A list row: the item's stored JSON and its sort key (timestamp, id). */
export interface ListRow {
  json: string
  sort_at: string
  sort_id: string
}

/**
 * A list as a query: its rows after `position` (from the start when null), filtered, scoped and
 * ordered by (sort_at desc, sort_id desc), without a limit.
 */
// biome-ignore lint/suspicious/noExplicitAny: the list's tables differ; only its selection matters here
export type ListQuery = (position: Position | null) => SelectQueryBuilder<any, any, ListRow>

const UUID_LENGTH = 36

interface PageRow {
  body: Uint8Array | string | null
  count: number | string
  last: string | null
  more: number | boolean
}

/**
 * The page query around a list's compiled SQL, as text: the page's items joined into one value in
 * the database (SQLite hands it over as bytes: no per-row strings, no UTF-8 round trip; SQLite runs
 * the limited, ordered subquery as a co-routine that feeds the aggregate in list order, PostgreSQL
 * is told the order), the last item's sort key (ids are UUIDs and timestamps have one fixed width,
 * so `min(sort_at || sort_id)` is the last key in list order), and whether a row follows the page.
 * Written as text around the compiled list, and kept per list shape: building and compiling a
 * nested query costs more than running it.
 */
function pageSql(list: string, parameterCount: number, postgres: boolean): string {
  const limit = postgres ? `$${parameterCount + 1}` : '?'
  const body = postgres
    ? `string_agg(p.json, ',' order by p.sort_at desc, p.sort_id desc)`
    : `cast(group_concat(p.json, ',') as blob)`
  return `select exists(select 1 from (${list}) f limit 1 offset ${limit}) as more,
    ${body} as body, count(*) as count, min(p.sort_at || p.sort_id) as last
    from (${list} limit ${limit}) p`
}

const pageSqlCache = new Map<string, string>()
const MAX_CACHED_SHAPES = 1000

/** Reads one page of a list: one statement, whatever the page size. */
export async function readPage(
  db: Kysely<Database>,
  list: ListQuery,
  position: Position | null,
  limit: number,
): Promise<Page> {
  const compiled = list(position).compile()
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter)
  let text = pageSqlCache.get(compiled.sql)
  if (text === undefined) {
    if (pageSqlCache.size >= MAX_CACHED_SHAPES) pageSqlCache.clear()
    text = pageSql(compiled.sql, compiled.parameters.length, postgres)
    pageSqlCache.set(compiled.sql, text)
  }
  // SQLite's `?` are positional: the list's parameters and the limit, once per use.
  const parameters = postgres
    ? [...compiled.parameters, limit]
    : [...compiled.parameters, limit, ...compiled.parameters, limit]
  const { rows } = await db.executeQuery<PageRow>(CompiledQuery.raw(text, parameters))
  const page = rows[0] as PageRow
  const next: Position | null =
    page.more && page.last !== null ? [page.last.slice(0, -UUID_LENGTH), page.last.slice(-UUID_LENGTH)] : null
  return { body: page.body ?? '', count: Number(page.count), next }
}
