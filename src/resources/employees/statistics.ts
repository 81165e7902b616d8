// The employees statistics (GET /v1/employees/statistics), kept by every import for `as_of` and
// their history twin (history/kept-statistics.ts).

import { sql } from 'kysely'
import type { WriteSession } from '../../db/write-session.js'
import { keptStatistic } from '../../history/kept-statistics.js'
import type { Population } from '../../privacy/aggregate.js'
import type { HistoryMoment, KeptAnswer } from '../../records/spec.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { EmployeeStatistics, EmployeeStatisticsPoint } from './schema.js'
import { WORKSPACE_READ } from './scopes.js'
import {
  activeEmployeesColumn,
  EMPLOYEE_SQL,
  type EmployeeStatisticsRow,
  employeeStatisticsCounts,
  employeeStatisticsOf,
} from './sql.js'

const statisticsJson = jsonOf(EmployeeStatistics)

/**
 * A workspace's population as aggregate keys see it (CONTRACT 19): its active employees now. (The
 * state statistics count it themselves: `active` here, kept with every answer.)
 */
export const EMPLOYEE_POPULATION: Population = {
  now: EMPLOYEE_SQL.population,
  column: activeEmployeesColumn,
}

/** Each workspace's statistics at the moment, as the endpoint renders them. */
async function statisticsAt(session: WriteSession, moment: HistoryMoment): Promise<Map<string, KeptAnswer>> {
  const rows = await session.rows<EmployeeStatisticsRow & { workspace_id: string }>(sql`
    select workspace_id, status, employees, karma_sum, karma_count from employee_statistics
    where workspace_id in ${sql.raw(moment.workspaces)}`)
  return new Map(
    moment.ids.map((w) => {
      const own = rows.filter((r) => r.workspace_id === w)
      return [w, { json: statisticsJson(employeeStatisticsOf(own)), counts: employeeStatisticsCounts(own) }]
    }),
  )
}

export const EMPLOYEE_STATISTICS = keptStatistic({
  operationId: 'getEmployeeStatistics',
  path: '/v1/employees/statistics',
  summary: 'How many employees a workspace has, by status',
  description:
    'One count per employee status, and total: every employee of the workspace; the mean karma score of the active employees.',
  scope: WORKSPACE_READ.scope,
  item: 'EmployeeStatistics',
  read: EMPLOYEE_SQL.statistics,
  population: 'active',
  keep: statisticsAt,
  history: {
    operationId: 'getEmployeeStatisticsHistory',
    summary: 'The employees statistics of a workspace over time',
    point: EmployeeStatisticsPoint,
  },
})
