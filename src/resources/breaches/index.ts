// Breaches: the data breaches that affect a workspace, and the employees each compromised.

import type { Resource } from '../resource.js'
import { BREACH_DEMO } from './demo.js'
import { BREACH_EVENTS, COMPROMISED_EMPLOYEE_EVENTS } from './events.js'
import { BREACH_CLIENT_SAMPLES, BREACH_EXAMPLES } from './examples.js'
import { BREACH_EXPORTS } from './export.js'
import { BREACH_IMPORT } from './import.js'
import { breachRecord, compromisedEmployeeRecord } from './records.js'
import {
  BREACH_NOT_FOUND,
  Breach,
  BreachStatistics,
  BreachStatisticsPoint,
  CompromisedEmployee,
  CompromisedEmployeeChange,
} from './schema.js'
import { BREACHES_READ } from './scopes.js'
import { BREACH_SQL } from './sql.js'

export const breaches = {
  name: 'breaches',
  about: 'data breaches and the employees they compromised',
  scopes: [BREACHES_READ],
  tag: {
    name: 'Breaches',
    description: 'Data breaches affecting a workspace and the employees they compromised.',
  },
  notFound: [BREACH_NOT_FOUND],
  schemas: [Breach, CompromisedEmployee, CompromisedEmployeeChange, BreachStatistics, BreachStatisticsPoint],
  routes: async (app) => (await import('./routes.js')).breachRoutes(app),
  examples: BREACH_EXAMPLES,
  clientSamples: BREACH_CLIENT_SAMPLES,
  client: {
    namespace: 'breaches',
    operations: {
      listBreaches: { method: 'list', page: 'page', filters: 'BreachFilters' },
      getBreachStatistics: {
        method: 'statistics',
        doc: [
          "@example const { impacted_employees_count } = await client.breaches.statistics({ workspaceId, breachedAfter: '2026-01-01' })",
        ],
      },
      getBreachStatisticsHistory: {
        method: 'statistics.history',
        doc: [
          "@example const weeks = await client.breaches.statistics.history({ workspaceId, interval: 'week' })",
        ],
      },
      listCompromisedEmployees: {
        method: 'compromisedEmployees',
        page: 'compromisedEmployeesPage',
        filters: 'CompromisedFilters',
        doc: [
          '@example for await (const c of client.breaches.compromisedEmployees({ breachId, workspaceId, acknowledged: false })) …',
        ],
      },
    },
  },
  records: [breachRecord, compromisedEmployeeRecord],
  import: BREACH_IMPORT,
  exports: BREACH_EXPORTS,
  sql: BREACH_SQL,
  demo: BREACH_DEMO,
  events: [BREACH_EVENTS, COMPROMISED_EMPLOYEE_EVENTS],
} satisfies Resource<'breach' | 'compromised_employee'>
