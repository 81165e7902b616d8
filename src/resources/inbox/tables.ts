// The tables the inbox resource owns, added to the engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    inbox_tickets: InboxTicketsTable
    email_reports: EmailReportsTable
    employee_tallies: EmployeeTalliesTable
    employee_tally_rows: EmployeeTallyRowsTable
    inbox_statistics: InboxStatisticsTable
  }
}

export interface InboxTicketsTable {
  workspace_id: string
  id: string
  /** `{"from","subject","message_uid"}` as imported. */
  email: string
  classification: string | null
  /** The classification, or `unreviewed`: what the filter reads (values.ts REVIEWS). */
  review: string
  fraud_type: string | null
  classified_at: string | null
  created_at: string
  updated_at: string
  /** Derived at import from its reports. */
  reports_count: number
  first_reported_at: string | null
  /** The ticket as the API renders it (null: to render). */
  json: string | null
}

export interface EmailReportsTable {
  id: string
  ticket_id: string
  /** The ticket's (resolved at import). */
  workspace_id: string
  employee_id: string
  source: string
  reported_at: string
  /** Its ticket's review, derived at import: what the per-employee counts read. */
  review: string
  /** 1 when its employee's status is active, derived at import: what the reporting rate reads. */
  active: number
  /** The report's JSON is `json_head` + its employee's reference + `json_tail` (render.ts). */
  json_head: string
  json_tail: string
}

/**
 * Derived at import: the rows a tally counts, as counts per time and category, keyed in the
 * tallies' order (resources/tallies.ts).
 */
export interface EmployeeTallyRowsTable {
  workspace_id: string
  kind: string
  /** The employee's created_at, as in their tally. */
  sort_at: string
  employee_id: string
  /** The rows' time. */
  at: string
  /** '' for none. */
  category: string
  /** How many rows have that time and category. */
  n: number
}

/** Derived at import, per kind of tallied rows and employee (resources/tallies.ts). */
export interface EmployeeTalliesTable {
  workspace_id: string
  kind: string
  employee_id: string
  /** The employee's created_at: where they sort. */
  sort_at: string
  first_at: string
  last_at: string
  /** The employee's reference, as their record left it. */
  ref_json: string
  /** The stats object over all their rows. */
  stats_json: string
}

/** Derived at import per workspace: the statistics without a window (CONTRACT 16). */
export interface InboxStatisticsTable {
  workspace_id: string
  reports: number
  reporters: number
  active_reporters: number
  first_reported_at: string | null
  last_reported_at: string | null
  tickets: number
  first_created_at: string | null
  last_created_at: string | null
  /** The tickets per review and fraud type: `[[review, fraud_type, count], …]`. */
  by_review: string
}
