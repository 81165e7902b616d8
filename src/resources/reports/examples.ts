// Examples shown in the OpenAPI document (validated against the schemas by tests).

import type { Static } from 'typebox'
import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type { BreakdownCell, RepeatOffender, SimulationCoverage, TrainingCoverage } from './schema.js'

const cell: Static<typeof BreakdownCell> = {
  key: 'Finance',
  name: 'Finance',
  employees_count: 48,
  average_karma_score: 212,
  at_risk_employees_count: 11,
  covered_employees: 41,
  average_courses_completed: 3,
  employees_attacked_count: 44,
  vulnerability_rate: 27,
  reporting_rate: 18,
  reporters_count: 9,
  employee_reporting_rate: 18.8,
  compromised_employees_count: 6,
  unacknowledged_employees_count: 2,
}

const offender: Static<typeof RepeatOffender> = {
  employee: EXAMPLE_REFERENCE,
  karma: { score: 96, security_level: 'bad' },
  attacks_count: 6,
  tricked_count: 3,
  reported_count: 0,
  last_tricked_at: '2026-10-02T08:41:17.000310Z',
}

const simulated: Static<typeof SimulationCoverage> = {
  employee: EXAMPLE_REFERENCE,
  attacks_count: 0,
  tricked_count: 0,
  reported_count: 0,
  last_attacked_at: null,
}

const trained: Static<typeof TrainingCoverage> = {
  employee: EXAMPLE_REFERENCE,
  courses_count: 5,
  completed_count: 3,
  missed_count: 1,
  upcoming_count: 1,
  not_started_count: 0,
  last_completed_at: '2026-09-18T14:02:55.000120Z',
}

export const REPORT_EXAMPLES = {
  listReportBreakdown: { data: [cell] },
  listRepeatOffenders: { data: [offender] },
  listSimulationCoverage: { data: [simulated] },
  listTrainingCoverage: { data: [trained] },
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const REPORT_CLIENT_SAMPLES = {
  listReportBreakdown: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const cell of client.reports.breakdown({ workspaceId, by: 'department', createdAfter: '2026-07-01' })) {
  console.log(cell.key, cell.employees_count, cell.vulnerability_rate, cell.at_risk_employees_count)
}
// Who, in Sales? Its teams, one row per manager.
for await (const team of client.reports.breakdown({ workspaceId, by: 'manager', department: 'Sales' })) {
  console.log(team.name, team.employees_count, team.vulnerability_rate)
}`,
  listRepeatOffenders: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const row of client.reports.repeatOffenders({ workspaceId, minTricked: 3 })) {
  console.log(row.employee.id, row.tricked_count, row.last_tricked_at)
}`,
  listSimulationCoverage: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const never = client.reports.simulationCoverage({ workspaceId, attacked: false, createdAfter: '2026-07-01' })
for await (const row of never) console.log(row.employee.id)`,
  listTrainingCoverage: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const director = '0b9f2c4e-5d7a-4e18-9c3b-2f6a8d1e7c45'
// The members under one director, at any depth, with a missed course.
for await (const row of client.reports.trainingCoverage({ workspaceId, missed: true, managerTree: director })) {
  console.log(row.employee.id, row.missed_count, row.last_completed_at)
}`,
}
