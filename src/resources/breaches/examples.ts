// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { monthlyExample } from '../../history/points.js'
import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type { Breach, CompromisedEmployee } from './schema.js'

const breach: Breach = {
  id: '2b0e6d7c-8f9a-4b1c-9d2e-3f4a5b6c7d8e',
  name: 'ExampleCorp',
  domain: 'examplecorp.com',
  status: 'active',
  criticality: 'high',
  impacted: 27,
  warned: 13,
  acknowledged: 11,
  last_breached_at: '2026-09-01T00:00:00.000310Z',
  created_at: '2026-09-03T12:00:00.000000Z',
  updated_at: '2026-09-10T12:00:00.000000Z',
}

const compromised: CompromisedEmployee = {
  employee: EXAMPLE_REFERENCE,
  compromised_at: '2026-09-01T00:00:00.000310Z',
  warned_at: '2026-10-02T00:00:00.000659Z',
  acknowledged_at: null,
  breached_accounts: [{ email: 'ada@example.com', compromised_at: '2026-09-01T00:00:00.000461Z' }],
}

export const BREACH_EXAMPLES = {
  listBreaches: { data: [breach] },
  listCompromisedEmployees: { data: [compromised] },
  getBreachStatistics: {
    data: {
      breaches_count: 12,
      impacted_employees_count: 87,
      warned_employees_count: 80,
      acknowledged_employees_count: 61,
    },
  },
  getBreachStatisticsHistory: monthlyExample([
    {
      breaches_count: 2,
      impacted_employees_count: 14,
      warned_employees_count: 14,
      acknowledged_employees_count: 9,
    },
    {
      breaches_count: 0,
      impacted_employees_count: 0,
      warned_employees_count: 0,
      acknowledged_employees_count: 0,
    },
  ]),
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const BREACH_CLIENT_SAMPLES = {
  getBreachStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const statistics = await client.breaches.statistics({ workspaceId, breachedAfter: '2026-01-01' })
console.log(statistics.impacted_employees_count, statistics.acknowledged_employees_count)`,
  getBreachStatisticsHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const weeks = await client.breaches.statistics.history({ workspaceId, interval: 'week' })
console.log(weeks.map((point) => point.breaches_count))`,
  listBreaches: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const breach of client.breaches.list({ workspaceId, status: ['active'] })) {
  console.log(breach.name, breach.criticality)
}`,
  listCompromisedEmployees: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const compromised = client.breaches.compromisedEmployees({
  breachId: '2b0e6d7c-8f9a-4b1c-9d2e-3f4a5b6c7d8e',
  workspaceId,
  acknowledged: false,
})
for await (const entry of compromised) console.log(entry.employee.id, entry.compromised_at)`,
}

/** The objects of breach.* and compromised_employee.* events (their webhooks' examples). */
export const EXAMPLE_BREACH = breach
export const EXAMPLE_COMPROMISED_CHANGE = { ...compromised, breach: { id: breach.id } }
