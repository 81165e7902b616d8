// Rows on their way into a bulk insert, in the form each database loads fastest: SQLite binds a
// flat list of values to multi-row INSERTs, PostgreSQL takes COPY's text format. Encoding is plain
// data work, so it can run on another thread than the one that writes.

import type { DialectName } from './dialect.js'

export type Value = string | number | null

export type EncodedRows = { count: number; values: Value[] } | { count: number; copy: string }

/**
 * Rows encoded as they are added, so that no array per row is kept (the import adds hundreds of
 * thousands): a flat value list for SQLite, COPY text for PostgreSQL.
 */
export class RowBatch {
  count = 0
  private values: Value[] = []
  private copy = ''

  constructor(private readonly dialect: DialectName) {}

  /** Adds one row: `first` (when given), then `rest`. */
  add(rest: readonly Value[], first?: Value): void {
    this.count++
    if (this.dialect === 'postgres') {
      this.copy += copyLine(rest, first)
      return
    }
    if (first !== undefined) this.values.push(first)
    for (let i = 0; i < rest.length; i++) this.values.push(rest[i] as Value)
  }

  /** The rows added so far, encoded; the batch starts again empty. */
  take(): EncodedRows {
    const rows: EncodedRows =
      this.dialect === 'postgres'
        ? { count: this.count, copy: this.copy }
        : { count: this.count, values: this.values }
    this.count = 0
    this.values = []
    this.copy = ''
    return rows
  }
}

export function encodeRows(dialect: DialectName, rows: readonly (readonly Value[])[]): EncodedRows {
  const batch = new RowBatch(dialect)
  for (const row of rows) batch.add(row)
  return batch.take()
}

function copyValue(value: Value | undefined): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'number') return String(value)
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  )
}

/** One row in COPY's text format: tab-separated, \N for null, backslash escapes. */
function copyLine(rest: readonly Value[], first?: Value): string {
  let line = first === undefined ? '' : `${copyValue(first)}\t`
  for (let i = 0; i < rest.length; i++) {
    if (i > 0) line += '\t'
    line += copyValue(rest[i])
  }
  return `${line}\n`
}
