// What an import does for alerts and impersonations beyond merging their records: checks their
// workspace and employee, and derives the per-employee tallies of the touched workspaces.

import { sql } from 'kysely'
import { notInWorkspace, stayInWorkspaceCheck, workspaceCheck } from '../../records/checks.js'
import type { Check, ImportSteps } from '../../records/spec.js'
import { employeeWorkspace } from '../employees/import.js'
import { deriveTallies } from '../tallies.js'
import { ALERTS_TALLY, IMPERSONATIONS_TALLY } from './tally.js'

/** Refuses the staged records of `type` whose employee will not be in their workspace. */
const employeeInWorkspace = (type: string): Check => ({
  query: sql`select line, employee_id as value, employee_workspace as other from (
      select s.line, s.employee_id, s.workspace_id, ${employeeWorkspace('s.employee_id')} as employee_workspace
      from ${sql.raw(`stg_${type}`)} s) c
    where ${notInWorkspace('employee_workspace', 'workspace_id')}`,
  message: (v) => `${type}.employee_id: employee ${v} is not in this workspace`,
})

const CHECKS: readonly Check[] = [
  workspaceCheck('email_alert'),
  stayInWorkspaceCheck('email_alert', 'email_alerts', 'an alert'),
  employeeInWorkspace('email_alert'),
  workspaceCheck('impersonation'),
  stayInWorkspaceCheck('impersonation', 'impersonations', 'an impersonation'),
  employeeInWorkspace('impersonation'),
]

export const SLASH_IMPORT: ImportSteps = {
  checks: CHECKS,
  async derive(session) {
    await deriveTallies(session, ALERTS_TALLY)
    await deriveTallies(session, IMPERSONATIONS_TALLY)
  },
}
