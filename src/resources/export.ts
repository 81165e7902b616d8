// What a resource offers `awareness export` (CONTRACT 13): the operation it reads, and its CSV rows
// derived from its published schema (schemas/flatten.ts). The CLI loops over these declarations.

import type { TSchema } from 'typebox'
import { type FlatRow, flatColumns, flatRow, jsonColumns } from '../schemas/flatten.js'

export interface ResourceExport {
  /** Its name on the command line: `awareness export employees`. */
  name: string
  /** What one item is called, in the singular and the plural. */
  nouns: readonly [string, string]
  /**
   * The GET operation it reads. A path id `{breach_id}` in it comes from `--breach`; `workspace_id` from
   * `--workspace`, unless `workspace` is false.
   */
  path: string
  /** Items asked per page; absent when the operation answers one object. */
  pageSize?: number
  /** Whether the operation takes workspace_id (default true). */
  workspace?: boolean
  /** Whether it takes `after` (from `--after`). */
  after?: boolean
  /** Whether it renders its items in OCSF (`format=ocsf`, from `--format ocsf`). */
  ocsf?: boolean
  /**
   * A path id that may be left out: the export then reads every item of `list` (the parent list
   * of the workspace) in turn, and each item carries its parent's reference (`{"<id>": {"id"}}`,
   * and a last CSV column `<id>.id`).
   */
  everyParent?: { id: string; list: string; pageSize: number }
  /** Query parameters it passes on from options of their own: `by` from `--by`. */
  filters?: readonly ExportFilter[]
  /** What docs/export.md says of it beside its name (how its rows are made, what it takes). */
  note?: string
  /** CSV columns, in order. */
  columns: readonly string[]
  /** The columns whose cells hold JSON text. */
  json: readonly string[]
  /** The CSV rows of one item. */
  toRows(item: never): FlatRow[]
  /** Its import records, when `--format records` takes it. */
  records?: RecordsExport
}

/**
 * A query parameter an export passes on: its option is the parameter's name with dashes
 * (`created_after` from `--created-after <time>`); the server checks the value.
 */
export interface ExportFilter {
  parameter: string
  /**
   * The option's name when it is not the parameter's (`group` for `group_id`: `--group`). One that
   * is also a path id's option (`--group` of a group's members) is that option, read as the filter
   * by the exports that take the filter.
   */
  option?: string
  /** The option's value, as its help names it: `<dimension>`. */
  value: string
  description: string
  required?: boolean
}

/** The export of a list or object whose items are each one row of `schema`. */
export function rowPerItem(
  declaration: Omit<ResourceExport, 'columns' | 'json' | 'toRows'>,
  schema: TSchema,
): ResourceExport {
  return {
    ...declaration,
    columns: flatColumns(schema),
    json: jsonColumns(schema),
    toRows: (item) => [flatRow(schema, item)],
  }
}

/** An import record (CONTRACT 12): its type, then its fields. */
export type ImportRecord = { readonly type: string } & { readonly [field: string]: unknown }

/**
 * How a resource's items become the import records they were made of (`--format records`,
 * CONTRACT 13), so that an export re-imports unchanged into another instance.
 */
export interface RecordsExport {
  /**
   * The import record types it writes, its list's included: what `export all` carries; every other
   * type is listed in docs/export.md as what cannot travel.
   */
  types: readonly string[]
  /** The records of one item of the workspace `workspaceId` (empty: of every workspace the key reads). */
  of(item: never, workspaceId: string): ImportRecord[]
  /** Of an export without workspace_id (the organization's): the workspaces its item names. */
  workspaces?(item: never): string[]
  /** The list each item heads (a group's members), read after the item: its records follow the item's. */
  children?: {
    /** Its path, the item's id in `{<id>_id}`. */
    path: string
    id: string
    pageSize: number
    of(child: never, parentId: string, workspaceId: string): ImportRecord[]
  }
}

/**
 * An import record type no export writes, because the API only counts it: `export all` leaves it
 * behind, and docs/export.md says so with the answers that therefore differ after a move.
 */
export interface StayingBehind {
  type: string
  /** Why it cannot travel, for docs/export.md. */
  why: string
  /** The answers it changes: an operation's path, and the fields of its answer that differ (`*`: all). */
  answers: readonly { path: string; fields: readonly string[] }[]
}
