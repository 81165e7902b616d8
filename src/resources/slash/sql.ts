// Every statement of the slash resource, named: the SQL snapshots (sql/*/api.sql) label each by its
// name here (`slash.sql:alertsPage`).

import { tallyList } from '../tallies.js'
import { ALERTS_TALLY, IMPERSONATIONS_TALLY } from './tally.js'

export const SLASH_SQL = {
  /** A page of the employees with alerts created in the window, in employees order (tallies.ts). */
  alertsPage: tallyList(ALERTS_TALLY),
  /** A page of the employees impersonated in the window, in employees order (tallies.ts). */
  impersonationsPage: tallyList(IMPERSONATIONS_TALLY),
}
