// Rows on their way into a bulk insert, in the form each database loads fastest: SQLite binds a
// flat list of values to multi-row INSERTs, PostgreSQL takes COPY's text format. Encoding is plain
// data work, so it can run on another thread than the one that writes.

import type { DialectName } from './dialect.js'

export type Value = string | number | null

export type EncodedRows = { count: number; values: Value[] } | { count: number; copy: string }

export function encodeRows(dialect: DialectName, rows: readonly (readonly Value[])[]): EncodedRows {
  if (dialect === 'postgres') return { count: rows.length, copy: rows.map(copyLine).join('') }
  return { count: rows.length, values: rows.flat() }
}

/** One row in COPY's text format: tab-separated, \N for null, backslash escapes. */
function copyLine(row: readonly Value[]): string {
  let line = ''
  for (let i = 0; i < row.length; i++) {
    const value = row[i]
    if (i > 0) line += '\t'
    if (value === null || value === undefined) line += '\\N'
    else if (typeof value === 'number') line += String(value)
    else
      line += value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
  }
  return `${line}\n`
}
