// Everything that differs between SQLite and PostgreSQL lives here, so that migrations, queries
// and the importer are written once.

import { type Expression, type RawBuilder, sql } from 'kysely'

export type DialectName = 'sqlite' | 'postgres'

/**
 * The column type for ids and timestamps. PostgreSQL compares text with the database's collation,
 * which may ignore punctuation; the "C" collation makes its order bytewise like SQLite's.
 */
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

/** SQL for an integer as 12 lowercase hex digits (an event id's counter). */
export function hex12(dialect: DialectName, value: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql`lpad(to_hex(${value}), 12, '0')` : sql`printf('%012x', ${value})`
}

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
