// The tables the employees resource owns, added to the engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    employees: EmployeesTable
    employees_pseudonymous: EmployeesPseudonymousTable
    employee_statistics: EmployeeStatisticsTable
    karma_history: KarmaHistoryTable
  }
}

export interface EmployeesTable {
  id: string
  workspace_id: string
  status: string
  karma_score: number | null
  /** The karma's security_level (null without a karma). */
  karma_level: string | null
  manager_id: string | null
  /** The department's name and the country, as in \`json\`: what reports group by (CONTRACT 18). */
  department: string | null
  country_code: string | null
  created_at: string
  /**
   * The employee as the API renders it, manager reference included (the column allows null, which
   * no import leaves). A manager's new reference is spliced into its slot
   * (resources/employees/manager-slot.ts).
   */
  json: string
  /** The employee's reference (id, name, primary_email_address, username) as embedded elsewhere. */
  ref_json: string
}

/**
 * Each employee as a pseudonymous key sees them (CONTRACT 19): their pseudonym, and their JSON through
 * the one step with what the list orders and filters by, rendered by the import (./pseudonyms.ts).
 */
export interface EmployeesPseudonymousTable {
  id: string
  workspace_id: string
  /** The employee's pseudonym (CONTRACT 19), under their organization's secret. */
  pseudonym: string
  created_at: string
  status: string
  karma_score: number | null
  json: string
  /** The real ids of the people the rendering carries (the employee, their manager), comma-separated (CONTRACT 20). */
  people: string | null
}

/**
 * How many employees of a workspace have a status (CONTRACT 15), the sum of their karma scores and
 * how many of them have one (CONTRACT 17), derived at import.
 */
export interface EmployeeStatisticsTable {
  workspace_id: string
  status: string
  employees: number
  karma_sum: number | string
  karma_count: number | string
}

/** An employee's karma from `as_of` on (CONTRACT 17), written when it differs from their previous row. */
export interface KarmaHistoryTable {
  workspace_id: string
  employee_id: string
  as_of: string
  score: number | null
  security_level: string | null
}
