// Rows a command prints (section 13's conventions): a table, JSON (an array) or CSV (RFC 4180,
// with a header), each field declared once with its header and its cell.

import { Option } from 'commander'
import { stringify } from 'csv-stringify/sync'
import { table } from './output.js'

export type Format = 'table' | 'json' | 'csv'

/** `--format table|json|csv`, table by default. */
export const formatOption = (): Option =>
  new Option('--format <format>', 'table, json (an array) or csv (RFC 4180, with a header)')
    .choices(['table', 'json', 'csv'])
    .default('table')

/** Rows written in the chosen format: JSON keeps the values' types, CSV and the table are text. */
export function write<T extends object>(
  rows: T[],
  format: Format,
  columns: Columns<T>,
  empty = 'nothing recorded',
): void {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(rows)}\n`)
    return
  }
  if (format === 'csv') {
    const records = rows.map((row) =>
      columns.map(([field]) => {
        const v = row[field]
        return v !== null && typeof v === 'object' ? JSON.stringify(v) : v
      }),
    )
    process.stdout.write(
      stringify(records, {
        header: true,
        columns: columns.map(([field]) => field),
        record_delimiter: 'windows',
        quoted_match: /[\r\n]/,
        escape_formulas: true,
      }),
    )
    return
  }
  if (rows.length === 0) {
    process.stderr.write(`${empty}\n`)
    return
  }
  process.stdout.write(
    table(
      columns.map(([, header]) => header),
      rows.map((row) => columns.map(([, , cell]) => cell(row))),
    ),
  )
}

/** A table's columns: each field as JSON and CSV name it, its table header, and its cell. */
export type Columns<T> = readonly (readonly [
  field: keyof T & string,
  header: string,
  cell: (row: T) => string,
])[]
