// Alerts and impersonations do not travel: the API only counts them per employee.

import type { StayingBehind } from '../export.js'

export const SLASH_STAYING_BEHIND: readonly StayingBehind[] = [
  {
    type: 'email_alert',
    why: 'the API serves only their counts per employee, not the alerts',
    answers: [{ path: '/v1/slash/employees/alert_statistics', fields: ['*'] }],
  },
  {
    type: 'impersonation',
    why: 'the API serves only their counts per employee, not the records',
    answers: [{ path: '/v1/slash/employees/impersonation_statistics', fields: ['*'] }],
  },
]
