// What employees were warned about and who was impersonated (the anchor's Slash family).

import type { Resource } from '../resource.js'
import { SLASH_DEMO } from './demo.js'
import { SLASH_CLIENT_SAMPLES, SLASH_EXAMPLES } from './examples.js'
import { SLASH_STAYING_BEHIND } from './export.js'
import { SLASH_IMPORT } from './import.js'
import { emailAlertRecord, impersonationRecord } from './records.js'
import { EmployeeAlertStatistics, EmployeeImpersonationStatistics } from './schema.js'
import { SLASH_READ } from './scopes.js'
import { SLASH_SQL } from './sql.js'

export const slash = {
  name: 'slash',
  about: 'the alerts employees were shown and who was impersonated',
  scopes: [SLASH_READ],
  tag: {
    name: 'Alerts and impersonation',
    description:
      'Per employee: the warnings shown on dangerous mail, and the attacks that used their identity.',
  },
  schemas: [EmployeeAlertStatistics, EmployeeImpersonationStatistics],
  routes: async (app) => (await import('./routes.js')).slashRoutes(app),
  examples: SLASH_EXAMPLES,
  clientSamples: SLASH_CLIENT_SAMPLES,
  client: {
    namespace: 'slash',
    operations: {
      listEmployeesAlertStatistics: {
        method: 'alertStatistics',
        page: 'alertStatisticsPage',
        filters: 'AlertStatisticsFilters',
        doc: ['@example for await (const row of client.slash.alertStatistics({ workspaceId })) …'],
      },
      listEmployeesImpersonationStatistics: {
        method: 'impersonationStatistics',
        page: 'impersonationStatisticsPage',
        filters: 'ImpersonationStatisticsFilters',
        doc: ['@example for await (const row of client.slash.impersonationStatistics({ workspaceId })) …'],
      },
    },
  },
  records: [emailAlertRecord, impersonationRecord],
  import: SLASH_IMPORT,
  exports: [],
  staysBehind: SLASH_STAYING_BEHIND,
  sql: SLASH_SQL,
  demo: SLASH_DEMO,
} satisfies Resource<'email_alert' | 'impersonation'>
