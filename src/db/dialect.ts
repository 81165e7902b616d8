// Everything that differs between SQLite and PostgreSQL lives here, so that migrations, queries
// and the importer are written once.

import { type Expression, type Kysely, type RawBuilder, SqliteAdapter, sql } from 'kysely'
import type { Interval } from '../domain/time.js'
import type { Database } from './tables.js'

export type DialectName = 'sqlite' | 'postgres'

/**
 * The column type for ids and timestamps. PostgreSQL compares text with the database's collation,
 * which may ignore punctuation; the "C" collation makes its order bytewise like SQLite's.
 */
/** Which database a Kysely instance reads. */
export function dialectOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres'
}

export function keyText(dialect: DialectName): Expression<unknown> {
  return dialect === 'postgres' ? sql`text collate "C"` : sql`text`
}

/**
 * Table option for small rows always reached through their primary key: SQLite then keeps the rows
 * in the key's B-tree (one tree to write, no second lookup). PostgreSQL has no equivalent option.
 */
export function clusteredByKey(dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`without rowid` : sql``
}

/**
 * SQL text joining `value` over a group with commas, in `orderBy` order: SQLite's group_concat and
 * PostgreSQL's string_agg take the same ordered-aggregate form. An empty group gives null.
 */
export function joinedText(dialect: DialectName, value: string, orderBy: string): string {
  const name = dialect === 'postgres' ? 'string_agg' : 'group_concat'
  return `${name}(${value}, ',' order by ${orderBy})`
}

/** SQL text for the 1-based position of `needle` in `text` (0 when absent). */
export function textPosition(dialect: DialectName, text: string, needle: string): string {
  return dialect === 'postgres' ? `strpos(${text}, ${needle})` : `instr(${text}, ${needle})`
}

/**
 * An event id per row, as domain/event-ids.ts lays it out: its time (`tttttttt-tttt-7`) and step,
 * then the md5 of the import's secret, its time and step, and the row's key; in two parts, so that
 * the hash is taken once per row. `eventIdInput` goes in a subquery that is not pulled up
 * (`notPulledUp`), `eventIdSql` above it. PostgreSQL hashes in the first; SQLite's `event_id` (the
 * connection's own function, db/connection.ts) in the second, deterministic, so that a row's id is
 * the same wherever a statement names it (unlike a random function a planner may call once per
 * reference).
 */
export function eventIdInput(
  dialect: DialectName,
  timeAndStep: string,
  secret: string,
  key: RawBuilder<unknown>,
): RawBuilder<string> {
  if (dialect === 'sqlite') return sql`${key}`
  return sql`md5(cast(${secret} as text) || cast(${timeAndStep} as text) || '/' || ${key})`
}

export function eventIdSql(
  dialect: DialectName,
  timeAndStep: string,
  secret: string,
  input: RawBuilder<unknown>,
): RawBuilder<string> {
  if (dialect === 'sqlite') return sql`event_id(${timeAndStep}, ${secret}, ${input})`
  return sql`cast(${timeAndStep} as text) || substr(${input}, 1, 1) || '-8' || substr(${input}, 2, 3) || '-' || substr(${input}, 5, 12)`
}

/** Keeps a subquery whole, its columns computed once per row: PostgreSQL's OFFSET 0 fence. */
export const notPulledUp = (dialect: DialectName): RawBuilder<unknown> =>
  dialect === 'postgres' ? sql`offset 0` : sql``

/**
 * A table read whole and then sorted, never walked through one of its indexes: SQLite's NOT INDEXED
 * (PostgreSQL chooses by its statistics).
 */
export function readWhole(dialect: DialectName, table: string): string {
  return dialect === 'sqlite' ? `${table} not indexed` : table
}

/**
 * A table walked through the named index: SQLite's INDEXED BY, where several indexes lead with the
 * same column and only one walks the rows in their stored order (PostgreSQL chooses by its
 * statistics).
 */
export function readThrough(dialect: DialectName, table: string, index: string): string {
  return dialect === 'sqlite' ? `${table} indexed by ${index}` : table
}

/**
 * SQL text for the first instant of the UTC month, ISO week (from Monday) or day holding the canonical
 * timestamp or date in `column`, as a canonical timestamp.
 */
export function periodStartSql(dialect: DialectName, unit: Interval, column: string): string {
  const day = `substr(${column}, 1, 10)`
  const date =
    unit === 'day'
      ? day
      : unit === 'month'
        ? `substr(${column}, 1, 7) || '-01'`
        : dialect === 'postgres'
          ? `to_char(date_trunc('week', cast(${day} as date)), 'YYYY-MM-DD')`
          : `date(${day}, 'weekday 0', '-6 days')`
  return `${date} || 'T00:00:00.000000Z'`
}
