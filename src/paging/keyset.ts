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
import type { Page, Position } from './paging.js'

/**
 * The rows after `position` in (timestamp desc, id desc) order: `(at, id) < (position)`, one
 * row-value comparison that both databases answer from the (…, at desc, id desc) index.
 */
function after(at: string, id: string, position: Position): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(at)}, ${sql.ref(id)}) < (${position[0]}, ${position[1]})`
}

/** A list row: the item's stored JSON and its sort key (timestamp, id). */
export interface ListRow {
  json: string
  sort_at: string
  sort_id: string
}

/**
 * A list: its rows, scoped and filtered, selecting `json`, `sort_at` and `sort_id`; `at` and `id`
 * name the sort key's columns. The paging (order, position, limit) is added here.
 */
export interface ListDefinition<V> {
  // biome-ignore lint/suspicious/noExplicitAny: the lists' tables differ; only their selection matters here
  rows(db: Kysely<Database>, values: V): SelectQueryBuilder<any, any, ListRow>
  at: string
  id: string
}

/** The list's rows after `position` (from the start when null), newest first. */
function ordered<V>(db: Kysely<Database>, list: ListDefinition<V>, values: V, position: Position | null) {
  return list
    .rows(db, values)
    .$if(position !== null, (q) => q.where(after(list.at, list.id, position as Position)))
    .orderBy(sql.ref(list.at), 'desc')
    .orderBy(sql.ref(list.id), 'desc')
}

const UUID_LENGTH = 36

interface PageRow {
  document: Uint8Array
  last: string | null
  more: number | boolean
}

/**
 * SQLite: the page query around a list's compiled SQL, as text. The page's items are joined into
 * the response document by the database and handed over as bytes (no per-row strings, no UTF-8
 * round trip, and no second copy to add the envelope in JS);
 * SQLite runs the limited, ordered subquery as a co-routine that feeds the aggregate in list order.
 * It also gives the last item's sort key (ids are UUIDs and timestamps have one fixed width, so
 * `min(sort_at || sort_id)` is the last key in list order) and whether a row follows the page.
 *
 * The limit is written into the text, not bound: SQLite reads a bound LIMIT's value while planning
 * and then marks the statement to be compiled again whenever that parameter is bound, which
 * better-sqlite3 does on every run.
 */
function sqlitePageSql(list: string, limit: number): string {
  return `select exists(select 1 from (${list}) f limit 1 offset ${limit}) as more,
    cast('{"data":[' || coalesce(group_concat(p.json, ','), '') || ']}' as blob) as document,
    min(p.sort_at || p.sort_id) as last
    from (${list} limit ${limit}) p`
}

/**
 * Reads one page of a list. SQLite: one statement, whatever the page size. PostgreSQL: the page's
 * rows and one more (to know whether another page follows), joined here: there the ordered
 * aggregate sorts, and the probe reads the heap (docs/design.md).
 */
export async function readPage<V>(
  db: Kysely<Database>,
  list: ListDefinition<V>,
  values: V,
  position: Position | null,
  limit: number,
): Promise<Page> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`page limit ${limit}`)
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  const query = ordered(db, list, values, position).compile()
  const parameters = [...query.parameters]
  if (!sqlite) {
    const text = `${query.sql} limit ${limit + 1}`
    const { rows } = await db.executeQuery<ListRow>(CompiledQuery.raw(text, parameters))
    const shown = rows.length > limit ? rows.slice(0, limit) : rows
    const last = shown[shown.length - 1]
    return {
      document: `{"data":[${shown.map((r) => r.json).join(',')}]}`,
      next: rows.length > limit && last ? [last.sort_at, last.sort_id] : null,
    }
  }
  // `?` are positional: the list's parameters, once per use.
  const text = sqlitePageSql(query.sql, limit)
  const { rows } = await db.executeQuery<PageRow>(CompiledQuery.raw(text, [...parameters, ...parameters]))
  const page = rows[0] as PageRow
  const next: Position | null =
    page.more && page.last !== null ? [page.last.slice(0, -UUID_LENGTH), page.last.slice(-UUID_LENGTH)] : null
  return { document: page.document, next }
}
