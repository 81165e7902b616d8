// Employees: their security score (karma), manager and addresses.

import type { Resource } from '../resource.js'
import { EMPLOYEE_DEMO } from './demo.js'
import { EMPLOYEE_EVENTS } from './events.js'
import { EMPLOYEE_CLIENT_SAMPLES, EMPLOYEE_EXAMPLES } from './examples.js'
import { EMPLOYEE_EXPORTS } from './export.js'
import { EMPLOYEE_IMPORT } from './import.js'
import { EMPLOYEE_PERSONS } from './persons.js'
import { employeeRecord } from './record.js'
import {
  EMPLOYEE_NOT_FOUND,
  Employee,
  EmployeeStatistics,
  EmployeeStatisticsPoint,
  ErasedEmployee,
  KarmaPoint,
} from './schema.js'
import { WORKSPACE_READ } from './scopes.js'
import { EMPLOYEE_SQL } from './sql.js'

export const employees = {
  name: 'employees',
  about: 'employees with their security score (karma)',
  scopes: [WORKSPACE_READ],
  tag: {
    name: 'Employees',
    description: 'Employees of a workspace, with their security score (karma).',
  },
  notFound: [EMPLOYEE_NOT_FOUND],
  persons: EMPLOYEE_PERSONS,
  schemas: [Employee, ErasedEmployee, EmployeeStatistics, EmployeeStatisticsPoint, KarmaPoint],
  routes: async (app) => (await import('./routes.js')).employeeRoutes(app),
  examples: EMPLOYEE_EXAMPLES,
  clientSamples: EMPLOYEE_CLIENT_SAMPLES,
  client: {
    namespace: 'employees',
    operations: {
      listEmployees: {
        method: 'list',
        page: 'page',
        filters: 'EmployeeFilters',
        doc: [
          "@example for await (const employee of client.employees.list({ workspaceId, status: ['active'] })) …",
        ],
      },
      getEmployeeStatistics: {
        method: 'statistics',
        doc: ['@example const { active, total } = await client.employees.statistics({ workspaceId })'],
      },
      getEmployeeStatisticsHistory: {
        method: 'statistics.history',
        doc: ['@example const months = await client.employees.statistics.history({ workspaceId })'],
      },
      getEmployee: { method: 'get', positional: 'employee_id' },
      getEmployeeKarmaHistory: {
        method: 'karmaHistory',
        doc: [
          "@example const weeks = await client.employees.karmaHistory({ employeeId, workspaceId, interval: 'week' })",
        ],
      },
    },
  },
  records: [employeeRecord],
  import: EMPLOYEE_IMPORT,
  exports: EMPLOYEE_EXPORTS,
  sql: EMPLOYEE_SQL,
  demo: EMPLOYEE_DEMO,
  events: [EMPLOYEE_EVENTS],
} satisfies Resource<'employee'>
