import type { FastifyInstance } from 'fastify'
import { LIST_LIMITS } from '../../paging/paging.js'
import { defineList, listRoute } from '../../routing/list.js'
import { checkCreatedWindow, createdWindow } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { SLASH_READ } from './scopes.js'
import { SLASH_SQL } from './sql.js'

const ALERT_STATISTICS = defineList({
  operationId: 'listEmployeesAlertStatistics',
  path: '/v1/slash/employees/alert_statistics',
  summary: 'List the employees warned on dangerous mail, with their counts',
  description:
    'The employees with at least one alert created in the window, in employees order (created_at descending, ' +
    'then id descending), each with the counts of those alerts: received, reported, marked safe.',
  scope: SLASH_READ.scope,
  parameters: { workspace_id: workspaceId, ...createdWindow('alerts created') },
  limits: LIST_LIMITS,
  item: 'EmployeeAlertStatistics',
  rows: SLASH_SQL.alertsPage,
  check: checkCreatedWindow,
})

const IMPERSONATION_STATISTICS = defineList({
  operationId: 'listEmployeesImpersonationStatistics',
  path: '/v1/slash/employees/impersonation_statistics',
  summary: 'List the employees impersonated, with their counts',
  description:
    'The employees impersonated at least once in the window (an attempt created in it), in employees order ' +
    '(created_at descending, then id descending), each with the counts of those attempts by verdict: confirmed ' +
    '(fraudulent), pending review, denied (safe).',
  scope: SLASH_READ.scope,
  parameters: { workspace_id: workspaceId, ...createdWindow('impersonation attempts created') },
  limits: LIST_LIMITS,
  item: 'EmployeeImpersonationStatistics',
  rows: SLASH_SQL.impersonationsPage,
  check: checkCreatedWindow,
})

/** GET /v1/slash/employees/alert_statistics and …/impersonation_statistics. */
export async function slashRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, ALERT_STATISTICS)
  listRoute(app, IMPERSONATION_STATISTICS)
}
