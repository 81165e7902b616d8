// The employees' routes in the isolation property (test/helpers/isolation.ts).

import { unknownId } from '../../helpers/dataset.js'
import type { IsolationCase } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'
import { stateSeriesNow } from '../../helpers/series.js'
import { employeeStatistics } from './oracle.js'

const unknown = unknownId()

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/employees',
    data: (d, ws) => oracle.employees(d.all, ws).slice(0, 50),
  },
  { kind: 'workspace', path: '/v1/employees/statistics', data: (d, ws) => employeeStatistics(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/employees/statistics/history',
    data: (d, ws) => stateSeriesNow(employeeStatistics(d.all, ws)),
  },
  {
    kind: 'workspace',
    path: '/v1/employees/{employee_id}/karma_history',
    // An employee of A1, of A2, of organization B, or none.
    id: (d, pick) =>
      [d.employeesA1[2]?.id, d.employeesA2[0]?.id, d.foreignEmployee.id, unknown][pick] as string,
    notFound: 'employee_not_found',
    data(d, _, id) {
      const karma = d.all.find((r) => r.type === 'employee' && r.id === id)?.karma as {
        score: number
        security_level: string
      } | null
      return stateSeriesNow({ score: karma?.score ?? null, security_level: karma?.security_level ?? null })
    },
  },
  {
    kind: 'reach',
    path: '/v1/employees/{employee_id}',
    // An employee of A1, of A2, of organization B, or none.
    id: (d, pick) =>
      [d.employeesA1[2]?.id, d.employeesA2[0]?.id, d.foreignEmployee.id, unknown][pick] as string,
    data(d, id, reach) {
      const record = d.all.find((r) => r.type === 'employee' && r.id === id)
      const workspace = record ? (record.workspace as { id: string }).id : null
      const organization = d.all.find((r) => r.id === workspace)?.organization_id
      const reachable =
        workspace !== null &&
        organization === reach.organizationId &&
        (reach.workspace === null || reach.workspace === workspace)
      return reachable ? oracle.employeeJson(record as never, d.all) : null
    },
  },
]
