// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type { EmployeeAlertStatistics, EmployeeImpersonationStatistics } from './schema.js'

const alerts: EmployeeAlertStatistics = {
  employee: EXAMPLE_REFERENCE,
  emails_alerts_stats: { received_alerts_count: 6, reported_alerts_count: 1, marked_safe_alerts_count: 2 },
}

const impersonation: EmployeeImpersonationStatistics = {
  employee: EXAMPLE_REFERENCE,
  impersonation_stats: {
    attacks_impersonating_employee: 3,
    impersonation_attacks_confirmed: 2,
    impersonation_attacks_pending_review: 1,
    impersonation_attacks_denied: 0,
  },
}

export const SLASH_EXAMPLES = {
  listEmployeesAlertStatistics: { data: [alerts] },
  listEmployeesImpersonationStatistics: { data: [impersonation] },
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const SLASH_CLIENT_SAMPLES = {
  listEmployeesAlertStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const row of client.slash.alertStatistics({ workspaceId, createdAfter: '2026-01-01' })) {
  console.log(row.employee.id, row.emails_alerts_stats.received_alerts_count)
}`,
  listEmployeesImpersonationStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const row of client.slash.impersonationStatistics({ workspaceId })) {
  console.log(row.employee.id, row.impersonation_stats.impersonation_attacks_confirmed)
}`,
}
