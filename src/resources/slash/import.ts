// What an import does for alerts and impersonations beyond merging their records: checks their
// workspace and employee, and derives the per-employee tallies of the touched workspaces.

import { stayInWorkspaceCheck, workspaceCheck } from '../../records/checks.js'
import type { Check, ImportSteps } from '../../records/spec.js'
import { employeeInWorkspaceCheck } from '../employees/import.js'
import { deriveTallies } from '../tallies.js'
import { ALERTS_TALLY, IMPERSONATIONS_TALLY } from './tally.js'

const CHECKS: readonly Check[] = [
  workspaceCheck('email_alert'),
  stayInWorkspaceCheck('email_alert', 'email_alerts', 'an alert'),
  employeeInWorkspaceCheck('email_alert'),
  workspaceCheck('impersonation'),
  stayInWorkspaceCheck('impersonation', 'impersonations', 'an impersonation'),
  employeeInWorkspaceCheck('impersonation'),
]

export const SLASH_IMPORT: ImportSteps = {
  checks: CHECKS,
  async derive(session) {
    await deriveTallies(session, ALERTS_TALLY)
    await deriveTallies(session, IMPERSONATIONS_TALLY)
  },
}
