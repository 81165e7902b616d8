// The tables the slash resource owns, added to the engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    email_alerts: EmailAlertsTable
    impersonations: ImpersonationsTable
  }
}

export interface EmailAlertsTable {
  workspace_id: string
  id: string
  /** The recipient warned. */
  employee_id: string
  /** reported, marked_safe, or null: none yet. */
  action: string | null
  created_at: string
  updated_at: string
}

export interface ImpersonationsTable {
  workspace_id: string
  id: string
  /** The employee whose identity was used. */
  employee_id: string
  verdict: string
  created_at: string
  updated_at: string
}
