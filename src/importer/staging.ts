// Staging tables: every valid record of an import lands in a temporary table of its type (with its
// line number), so that references, duplicates and changes are checked with set-based SQL against
// the whole file and the database, with memory that stays flat whatever the file size.

import type { Value } from '../db/bulk-rows.js'
import type { Database } from '../db/tables.js'
import { sameAroundSlot } from '../render/employee-slot.js'

export type RecordType =
  | 'organization'
  | 'workspace'
  | 'employee'
  | 'course'
  | 'course_progress'
  | 'course_feedback'
  | 'breach'
  | 'compromised_employee'

export type StagingRow = Value[]

export interface StagingSpec {
  /** Temporary table holding this type's records. */
  staging: string
  /** Table the records are merged into. */
  target: keyof Database
  /** Columns of a staging row, in the order records.ts produces them. */
  columns: readonly string[]
  /** Columns that identify a record (its upsert key). */
  key: readonly string[]
  /** Column naming the record's workspace, when the record carries it. */
  workspaceColumn: string | null
  /** Columns the importer derives into the target besides `columns` (filled in staging after load). */
  derived: readonly string[]
  /** Columns of the target cleared when a record changes, so that they are rendered again. */
  rendered: readonly string[]
  /**
   * The order rows are written in: the order the API lists them, so that the rows of one page sit
   * together on disk (a page read touches a few neighbouring pages, not one per item).
   */
  writeOrder?: string
  /** Target columns computed while merging: column → SQL over the staging table. */
  computed?: Record<string, string>
  /** Columns only staging holds: used to compute others while merging, not stored. */
  stagingOnly?: readonly string[]
  /**
   * What else must hold for a stored row `t` to equal its staged record, when the record is stored
   * in a form that plain column equality cannot compare (SQL over `t` and the staging table).
   */
  sameStored?: string
}

export const STAGING: Record<RecordType, StagingSpec> = {
  organization: {
    staging: 'stg_organization',
    target: 'organizations',
    columns: ['id', 'created_at', 'updated_at'],
    key: ['id'],
    workspaceColumn: null,
    derived: [],
    rendered: [],
  },
  workspace: {
    staging: 'stg_workspace',
    target: 'workspaces',
    columns: ['id', 'organization_id', 'name', 'created_at', 'updated_at'],
    key: ['id'],
    workspaceColumn: 'id',
    derived: [],
    rendered: [],
  },
  employee: {
    staging: 'stg_employee',
    target: 'employees',
    columns: [
      'id',
      'workspace_id',
      'status',
      'karma_score',
      'manager_id',
      'created_at',
      'ref_json',
      'json_head',
      'json_tail',
    ],
    key: ['id'],
    workspaceColumn: 'workspace_id',
    derived: [],
    rendered: [],
    writeOrder: 'workspace_id, created_at desc, id desc',
    // The whole JSON, with the manager's reference from the file when it is there, else from the
    // database (the checks guarantee one of them).
    computed: {
      json: `stg_employee.json_head || coalesce(
        (select x.ref_json from stg_employee x where x.id = stg_employee.manager_id),
        (select m.ref_json from employees m where m.id = stg_employee.manager_id),
        'null') || stg_employee.json_tail`,
    },
    stagingOnly: ['json_head', 'json_tail'],
    // The employee's own fields, compared around the manager's slot (its reference follows the
    // manager's record, see render/employee-slot.ts).
    sameStored: sameAroundSlot('t.json', 'stg_employee.json_head', 'stg_employee.json_tail'),
  },
  course: {
    staging: 'stg_course',
    target: 'courses',
    columns: ['workspace_id', 'id', 'created_at', 'json', 'ref_json'],
    key: ['workspace_id', 'id'],
    workspaceColumn: 'workspace_id',
    derived: [],
    rendered: [],
  },
  course_progress: {
    staging: 'stg_course_progress',
    target: 'course_progress',
    columns: ['employee_id', 'course_id', 'status', 'json_tail'],
    key: ['employee_id', 'course_id'],
    workspaceColumn: null,
    derived: ['workspace_id'],
    rendered: [],
  },
  course_feedback: {
    staging: 'stg_course_feedback',
    target: 'course_feedback',
    columns: ['id', 'employee_id', 'course_id', 'sentiment', 'created_at'],
    key: ['id'],
    workspaceColumn: null,
    derived: ['workspace_id'],
    rendered: [],
  },
  breach: {
    staging: 'stg_breach',
    target: 'breaches',
    columns: [
      'workspace_id',
      'id',
      'name',
      'domain',
      'criticality',
      'last_breached_at',
      'created_at',
      'updated_at',
    ],
    key: ['workspace_id', 'id'],
    workspaceColumn: 'workspace_id',
    derived: [],
    rendered: ['json'],
  },
  compromised_employee: {
    staging: 'stg_compromised_employee',
    target: 'compromised_employees',
    columns: [
      'workspace_id',
      'breach_id',
      'employee_id',
      'compromised_at',
      'warned_at',
      'acknowledged_at',
      'json_tail',
    ],
    key: ['workspace_id', 'breach_id', 'employee_id'],
    workspaceColumn: 'workspace_id',
    derived: [],
    rendered: [],
  },
}

/** What a second record with the same key is told, while reading (parse-worker.ts) or after (checks.ts). */
export function duplicateMessage(type: RecordType, key: string, firstLine: number | string): string {
  return `duplicate ${type} ${key} (first at line ${firstLine})`
}

/**
 * SQL: the key of `a` equals that of `b` (two aliases of a type's staging or target table).
 * @example keysEqual(STAGING.course, 't', 'stg_course') // t.workspace_id = stg_course.workspace_id and t.id = stg_course.id
 */
export function keysEqual(spec: StagingSpec, a: string, b: string): string {
  return spec.key.map((k) => `${a}.${k} = ${b}.${k}`).join(' and ')
}

/** Every column a staging table has: line, the record's columns, and derived ones. */
export function stagingColumns(spec: StagingSpec): string[] {
  return ['line', ...spec.columns, ...spec.derived]
}

/** Columns written to the target table on merge, as staged (computed ones aside). */
export function mergedColumns(spec: StagingSpec): string[] {
  return [...spec.columns, ...spec.derived].filter((c) => !spec.stagingOnly?.includes(c))
}
