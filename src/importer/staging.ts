// Staging tables: every valid record of an import lands in a temporary table of its type (with its
// line number), so that references, duplicates and changes are checked with set-based SQL against
// the whole file and the database, with memory that stays flat whatever the file size. What each
// type stages is declared by its resource (src/resources/*/record*.ts).

import type { DialectName } from '../db/dialect.js'
import type { RecordSpec } from '../records/spec.js'
import { RECORDS, type RecordType } from '../resources/index.js'

export type { RecordType }

/** Every record type's spec, by type. */
export const SPECS = Object.fromEntries(RECORDS.map((spec) => [spec.type, spec])) as Record<
  RecordType,
  RecordSpec<RecordType>
>

/** Every record type, parents before children. */
export const TYPES: readonly RecordType[] = RECORDS.map((spec) => spec.type)

/** What a second record with the same key is told, while reading (parse-worker.ts) or after (checks.ts). */
export function duplicateMessage(type: RecordType, key: string, firstLine: number | string): string {
  return `duplicate ${type} ${key} (first at line ${firstLine})`
}

/**
 * SQL: the key of `a` equals that of `b` (two aliases of a type's staging or target table).
 * @example keysEqual(SPECS.course, 't', 'stg_course') // t.workspace_id = stg_course.workspace_id and t.id = stg_course.id
 */
export function keysEqual(spec: RecordSpec, a: string, b: string): string {
  return columnsEqual(spec.key, a, b)
}

/** SQL: the stored key (`storedKey`) of `a` equals that of `b`: how a stored row is found from a staged one. */
export function storedKeysEqual(spec: RecordSpec, a: string, b: string): string {
  return columnsEqual(spec.storedKey, a, b)
}

const columnsEqual = (columns: readonly string[], a: string, b: string) =>
  columns.map((k) => `${a}.${k} = ${b}.${k}`).join(' and ')

/** Columns the engine adds to a staging table besides the record's own. */
function derivedColumns(spec: RecordSpec): string[] {
  return spec.workspaceOf ? ['workspace_id'] : []
}

/** Every column a staging table has: line, the record's columns, and derived ones. */
export function stagingColumns(spec: RecordSpec): string[] {
  return ['line', ...spec.columns, ...derivedColumns(spec)]
}

/** Columns written to the target table on merge, as staged (computed ones aside). */
export function mergedColumns(spec: RecordSpec): string[] {
  return [...spec.columns, ...derivedColumns(spec)].filter((c) => !spec.stagingOnly.includes(c))
}

/** A staging or helper column's SQL type: the line and the record's declared integers, else text. */
export function columnType(column: string, dialect: DialectName, integers: readonly string[] = []): string {
  if (column === 'line' || integers.includes(column)) return 'integer'
  return dialect === 'postgres' ? 'text collate "C"' : 'text'
}

/**
 * The column definitions of a type's staging table. On SQLite the line is the row's id: every
 * index then carries it, so a look-up that needs only indexed columns and the line never reads the
 * staged rows (lines are unique, and read in order, so rows are appended).
 */
export function stagingTableColumns(spec: RecordSpec, dialect: DialectName): string {
  return stagingColumns(spec)
    .map((c) =>
      c === 'line' && dialect === 'sqlite'
        ? 'line integer primary key'
        : `${c} ${columnType(c, dialect, spec.integers)}`,
    )
    .join(', ')
}

/** SQL creating the index of a type's staging table on its key (and the columns it carries). */
export function stagingKeyIndex(spec: RecordSpec): string {
  return `create index ${spec.staging}_key on ${spec.staging} (${[...spec.key, ...spec.keyIndexIncludes].join(', ')})`
}
