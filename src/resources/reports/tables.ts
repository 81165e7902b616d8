// The tables the reports resource owns (CONTRACT 18), derived at import (import.ts), added to the
// engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    report_workspaces: ReportWorkspacesTable
    report_members: ReportMembersTable
    report_offenders: ReportOffendersTable
    report_cell_members: ReportCellMembersTable
    report_cells: ReportCellsTable
  }
}

/** The workspaces whose report rows are derived (a release that added them derives the others). */
export interface ReportWorkspacesTable {
  workspace_id: string
}

/**
 * A member (an active employee) with their figures over all time, keyed in employees order
 * (sort_at: their created_at); the lists render their items from these and the employee's row.
 */
export interface ReportMembersTable {
  workspace_id: string
  sort_at: string
  employee_id: string
  department: string | null
  country_code: string | null
  manager_id: string | null
  karma_score: number | null
  /** 1 when their security_level is dangerous or bad. */
  at_risk: number
  /** Progress entries by status; `missed` is 1 when one of them is missed. */
  courses: number
  completed: number
  missed: number
  missed_count: number
  upcoming: number
  not_started: number
  /** The latest completed_at of any year of any entry. */
  last_completed_at: string | null
  /** 1 when compromised in a breach; `unacknowledged` 1 when one such record is not acknowledged. */
  compromised: number
  unacknowledged: number
  /** Sent attacks, those that tricked them and those they reported; `attacked` is 1 when any. */
  attacks: number
  attacked: number
  tricked: number
  reported: number
  /** The span of their sent attacks' created_at; of those that tricked them; of those they reported. */
  attack_first: string | null
  attack_last: string | null
  tricked_first: string | null
  tricked_last: string | null
  reported_first: string | null
  reported_last: string | null
  /** Their sent attacks' latest sent_at and tricked_at. */
  last_attacked_at: string | null
  last_tricked_at: string | null
  /** 1 when they reported an email; the span of their reports' reported_at. */
  reporter: number
  report_first: string | null
  report_last: string | null
}

/** A member tricked n times, at each threshold from 1 to n: repeat offenders walk one threshold. */
export interface ReportOffendersTable {
  workspace_id: string
  threshold: number
  sort_at: string
  employee_id: string
}

/**
 * The members of each group's cell (`dimension` 'group'): `cell` is '-' for the members in no group,
 * else 'k' and the group's id. The other dimensions' cells are the members' own columns.
 */
export interface ReportCellMembersTable {
  workspace_id: string
  dimension: string
  cell: string
  employee_id: string
}

/**
 * A breakdown's cell, keyed in list order: `sort_at` (the row without a key last, then the count
 * descending) and `sort_id` (the key, '' for none); `position_id` stands for the key in cursors. `json` answers without a window; a window's
 * figures go between `head` and `tail`. The spans of the members' attacks and reports tell whether
 * a window cuts them.
 */
export interface ReportCellsTable {
  workspace_id: string
  dimension: string
  sort_at: string
  sort_id: string
  /** The key's stand-in in a cursor: the key, or for a long one its start and a digest. */
  position_id: string
  cell: string
  employees: number
  /** Its members with a karma score, whom average_karma_score describes (CONTRACT 19); null until derived again. */
  karma_count: number | null
  attack_first: string | null
  attack_last: string | null
  report_first: string | null
  report_last: string | null
  json: string
  head: string
  tail: string
}
