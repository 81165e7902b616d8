// The tables the breaches resource owns, added to the engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    breaches: BreachesTable
    breach_statistics: BreachStatisticsTable
    compromised_employees: CompromisedEmployeesTable
  }
}

export interface BreachesTable {
  workspace_id: string
  id: string
  name: string
  domain: string
  criticality: string
  last_breached_at: string
  created_at: string
  updated_at: string
  impacted: number
  warned: number
  acknowledged: number
  status: string
  /** The breach as the API renders it, with its derived counts (null: to render). */
  json: string | null
}

export interface CompromisedEmployeesTable {
  workspace_id: string
  breach_id: string
  employee_id: string
  compromised_at: string
  warned_at: string | null
  acknowledged_at: string | null
  /** The item after its employee: `{"employee":` + employee ref_json + json_tail. */
  json_tail: string
}

/** The breach statistics of a workspace without a window, derived at import (CONTRACT 15). */
export interface BreachStatisticsTable {
  workspace_id: string
  breaches_count: number
  /** Distinct employees compromised, warned and acknowledged in the workspace's breaches. */
  impacted_employees: number
  warned_employees: number
  acknowledged_employees: number
}
