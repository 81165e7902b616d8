// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { monthlyExample } from '../../history/points.js'
import type { Employee, EmployeeReference } from './schema.js'

export const EXAMPLE_EMPLOYEE: Employee = {
  id: '8f0a3c5e-2b1d-4e6f-9a7b-1c2d3e4f5a6b',
  name: 'Ada Lovelace',
  username: 'ada.lovelace',
  primary_email_address: 'ada@example.com',
  email_addresses: [
    { address: 'ada@example.com', is_primary: true, source: 'okta' },
    { address: 'countess@example.com', is_primary: false, source: 'custom' },
  ],
  country_code: 'GB',
  department: { name: 'Engineering' },
  job_title: 'Analyst',
  language: 'english',
  timezone: 'Europe/London',
  status: 'active',
  karma: { score: 640, security_level: 'great' },
  manager: {
    id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    name: 'Charles Babbage',
    primary_email_address: 'charles@example.com',
    username: 'charles.babbage',
  },
  workspace: { id: '7cf3c256-32b9-4240-ad3f-b64afebede10' },
  created_at: '2024-01-13T10:00:00.123456Z',
  updated_at: '2024-06-02T08:30:00.000001Z',
}

/** The example employee as other items embed it. */
export const EXAMPLE_REFERENCE: EmployeeReference = {
  id: EXAMPLE_EMPLOYEE.id,
  name: EXAMPLE_EMPLOYEE.name,
  primary_email_address: EXAMPLE_EMPLOYEE.primary_email_address,
  username: EXAMPLE_EMPLOYEE.username,
}

export const EMPLOYEE_EXAMPLES = {
  listEmployees: { data: [EXAMPLE_EMPLOYEE] },
  getEmployee: { data: EXAMPLE_EMPLOYEE },
  getEmployeeStatistics: {
    data: {
      active: 1180,
      deactivated: 64,
      pending: 23,
      unlicensed: 7,
      total: 1274,
      average_karma_score: 512,
    },
  },
  getEmployeeStatisticsHistory: monthlyExample([
    {
      active: null,
      deactivated: null,
      pending: null,
      unlicensed: null,
      total: null,
      average_karma_score: null,
    },
    { active: 1164, deactivated: 60, pending: 30, unlicensed: 7, total: 1261, average_karma_score: 498 },
    { active: 1180, deactivated: 64, pending: 23, unlicensed: 7, total: 1274, average_karma_score: 512 },
  ]),
  getEmployeeKarmaHistory: monthlyExample([
    { score: null, security_level: null },
    { score: 610, security_level: 'good' },
    { score: 655, security_level: 'good' },
  ]),
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const EMPLOYEE_CLIENT_SAMPLES = {
  getEmployeeStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const { active, total } = await client.employees.statistics({ workspaceId })
console.log(\`\${active} of \${total} employees are active\`)`,
  listEmployees: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
// Every page, fetched as the loop goes.
for await (const employee of client.employees.list({ workspaceId, status: ['active'] })) {
  console.log(employee.primary_email_address, employee.karma?.score)
}
// Drilled down: everyone in Sales under one director, at any depth.
const director = '0b9f2c4e-5d7a-4e18-9c3b-2f6a8d1e7c45'
for await (const employee of client.employees.list({ workspaceId, department: 'Sales', managerTree: director })) {
  console.log(employee.name, employee.manager?.name)
}`,
  getEmployeeStatisticsHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
// One point per month of the last year, oldest first: null before the first import.
for (const point of await client.employees.statistics.history({ workspaceId })) {
  console.log(point.start, point.average_karma_score)
}`,
  getEmployeeKarmaHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const employeeId = '8f0a3c5e-2b1d-4e6f-9a7b-1c2d3e4f5a6b'
const weeks = await client.employees.karmaHistory({ employeeId, workspaceId, interval: 'week', from: '2026-01-01' })
console.log(weeks.map((point) => point.score))`,
  getEmployee: `const employee = await client.employees.get('8f0a3c5e-2b1d-4e6f-9a7b-1c2d3e4f5a6b')
console.log(employee.name, employee.karma?.security_level)`,
}
