// The employees' routes in the isolation property (test/helpers/isolation.ts).

import { unknownId } from '../../helpers/dataset.js'
import type { IsolationCase } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'
import { employeeStatistics } from './oracle.js'

const orgOf = (all: readonly { id?: unknown; organization_id?: unknown }[], workspace: string) =>
  all.find((r) => r.id === workspace)?.organization_id

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/employees',
    url: (_, t) => `/v1/employees?workspace_id=${t.workspace}`,
    data: (d, t) => oracle.employees(d.all, t.workspace).slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/employees/statistics',
    url: (_, t) => `/v1/employees/statistics?workspace_id=${t.workspace}`,
    data: (d, t) => employeeStatistics(d.all, t.workspace),
  },
  {
    kind: 'reach',
    path: '/v1/employees/{employee_id}',
    url: (d, t) => `/v1/employees/${employeeOf(d, t.pick)}`,
    data(d, t, reach) {
      const record = d.all.find((r) => r.type === 'employee' && r.id === employeeOf(d, t.pick))
      const workspace = record ? (record.workspace as { id: string }).id : null
      const reachable =
        workspace !== null &&
        orgOf(d.all, workspace) === reach.organizationId &&
        (reach.workspace === null || reach.workspace === workspace)
      return reachable ? oracle.employeeJson(record as never, d.all) : null
    },
  },
]

const unknown = unknownId()
/** An employee of A1, of A2, of organization B, or none. */
function employeeOf(d: Parameters<IsolationCase['url']>[0], pick: number): string {
  return [d.employeesA1[2]?.id, d.employeesA2[0]?.id, d.foreignEmployee.id, unknown][pick] as string
}
