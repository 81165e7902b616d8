// Alerts and impersonations per employee, tallied (resources/tallies.ts).

import type { TallyKind } from '../tallies.js'
import { EmployeeAlertStatistics, EmployeeImpersonationStatistics } from './schema.js'

export const ALERTS_TALLY: TallyKind = {
  kind: 'employees_alert_statistics',
  table: 'email_alerts',
  at: 'created_at',
  category: 'action',
  item: EmployeeAlertStatistics,
  counts: {
    received_alerts_count: null,
    reported_alerts_count: 'reported',
    marked_safe_alerts_count: 'marked_safe',
  },
}

export const IMPERSONATIONS_TALLY: TallyKind = {
  kind: 'employees_impersonation_statistics',
  table: 'impersonations',
  at: 'created_at',
  category: 'verdict',
  item: EmployeeImpersonationStatistics,
  counts: {
    attacks_impersonating_employee: null,
    impersonation_attacks_confirmed: 'fraudulent',
    impersonation_attacks_pending_review: 'pending_review',
    impersonation_attacks_denied: 'safe',
  },
}
