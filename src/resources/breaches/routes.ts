import type { FastifyInstance } from 'fastify'
import { notFound } from '../../errors.js'
import { windowTwin } from '../../history/twins.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { defineItem, itemRoute } from '../../routing/item.js'
import { defineList, listRoute } from '../../routing/list.js'
import { checkWindow, param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { EMPLOYEE_POPULATION } from '../employees/statistics.js'
import { BREACH_NOT_FOUND, BreachStatisticsPoint } from './schema.js'
import { BREACHES_READ } from './scopes.js'
import { BREACH_SQL } from './sql.js'
import { BREACH_STATISTICS_ID } from './statistics.js'
import { BREACH_STATUSES } from './values.js'

const LIST_BREACHES = defineList({
  operationId: 'listBreaches',
  path: '/v1/breaches',
  summary: 'List the data breaches that affect a workspace',
  description:
    'Most recently breached first: last_breached_at descending, then id descending. impacted, warned and ' +
    'acknowledged count the compromised employees of the asked workspace (all, those warned, those who ' +
    'acknowledged); status is active while one of them has not acknowledged, else resolved.',
  scope: BREACHES_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    status: param.enumList(
      BREACH_STATUSES,
      'Keeps only breaches with one of these statuses (active while a compromised employee of the workspace has not acknowledged).',
    ),
  },
  limits: LIST_LIMITS,
  item: 'Breach',
  rows: BREACH_SQL.listPage,
})

const LIST_COMPROMISED = defineList({
  operationId: 'listCompromisedEmployees',
  path: '/v1/breaches/:breach_id/compromised-employees',
  summary: 'List the employees of a workspace compromised by a breach',
  description:
    'Most recently compromised first: compromised_at descending, then employee id descending. A breach that does ' +
    'not affect the workspace is a 404, like an unknown one.',
  scope: BREACHES_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    breach_id: param.uuid('The breach.'),
    warned: param.boolean(
      'true: only employees who were notified about the breach; false: only those not notified.',
    ),
    acknowledged: param.boolean(
      'true: only employees who acknowledged the breach; false: only those who did not.',
    ),
  },
  limits: LIST_LIMITS,
  item: 'CompromisedEmployee',
  rows: BREACH_SQL.compromisedPage,
  async reach(from, { breach_id }) {
    if (!(await BREACH_SQL.affects(from, breach_id))) throw notFound(BREACH_NOT_FOUND)
  },
})

const BREACH_STATISTICS = defineItem({
  operationId: BREACH_STATISTICS_ID,
  path: '/v1/breaches/statistics',
  summary: 'Statistics of the data breaches that affect a workspace',
  description:
    'Over the breaches affecting the workspace whose last_breached_at is in the window: how many, and the distinct ' +
    'employees of the workspace they compromised, of whom those warned and those who acknowledged (about at ' +
    'least one of them).',
  scope: BREACHES_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    breached_after: param.instant('Only breaches last breached at or after this time.'),
    breached_before: param.instant('Only breaches last breached at or before this time.'),
  },
  item: 'BreachStatistics',
  check: (q) => checkWindow(['breached_after', q.breached_after], ['breached_before', q.breached_before]),
  read: (from, query, _wanted, population) => BREACH_SQL.statistics(from, query, population),
  aggregate: { statistic: EMPLOYEE_POPULATION },
})

const BREACH_STATISTICS_HISTORY = windowTwin(BREACH_STATISTICS, {
  operationId: 'getBreachStatisticsHistory',
  summary: 'Statistics of the data breaches that affect a workspace, period by period',
  point: BreachStatisticsPoint,
  after: 'breached_after',
  before: 'breached_before',
})

/**
 * GET /v1/breaches, /v1/breaches/statistics (and its history) and
 * /v1/breaches/:breach_id/compromised-employees.
 */
export async function breachRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_BREACHES)
  itemRoute(app, BREACH_STATISTICS)
  itemRoute(app, BREACH_STATISTICS_HISTORY)
  listRoute(app, LIST_COMPROMISED)
}
