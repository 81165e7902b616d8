import type { FastifyInstance } from 'fastify'
import { notFound } from '../../errors.js'
import { windowTwin } from '../../history/twins.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { defineItem, itemRoute } from '../../routing/item.js'
import { defineList, listRoute } from '../../routing/list.js'
import { checkCreatedWindow, createdWindow, param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { EMPLOYEE_POPULATION } from '../employees/statistics.js'
import { INBOX_TICKET_NOT_FOUND, InboxStatisticsPoint } from './schema.js'
import { INBOX_READ } from './scopes.js'
import { INBOX_SQL } from './sql.js'
import { INBOX_STATISTICS_ID } from './statistics.js'
import { REVIEWS } from './values.js'

const LIST_TICKETS = defineList({
  operationId: 'listInboxTickets',
  path: '/v1/inbox_tickets',
  summary: 'List the inbox tickets of a workspace',
  description:
    'Newest first: created_at descending, then id descending. A ticket groups the reports of one suspicious ' +
    'email; reports_count and first_reported_at are over its reports. fraud_type is set exactly when ' +
    'classification is fraudulent.',
  scope: INBOX_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    classification: param.enumList(
      REVIEWS,
      'Keeps only tickets with one of these classifications (unreviewed: not classified yet).',
    ),
    ...createdWindow('tickets created'),
  },
  limits: LIST_LIMITS,
  item: 'InboxTicket',
  rows: INBOX_SQL.ticketsPage,
  check: checkCreatedWindow,
})

const LIST_REPORTS = defineList({
  operationId: 'listInboxTicketReports',
  path: '/v1/inbox_tickets/:ticket_id/reports',
  summary: 'List the reports of an inbox ticket',
  description:
    'Most recent first: reported_at descending, then id descending. Each report is one employee reporting the ' +
    "ticket's email. A ticket of another workspace is a 404, like an unknown one.",
  scope: INBOX_READ.scope,
  parameters: { workspace_id: workspaceId, ticket_id: param.uuid('The ticket.') },
  limits: LIST_LIMITS,
  item: 'EmailReport',
  rows: INBOX_SQL.reportsPage,
  async reach(from, { ticket_id }) {
    if (!(await INBOX_SQL.inWorkspace(from, ticket_id))) throw notFound(INBOX_TICKET_NOT_FOUND)
  },
})

const LIST_REPORTERS = defineList({
  operationId: 'listEmployeesWithEmailReports',
  path: '/v1/inbox_tickets/list_employees_with_email_reports',
  summary: 'List the employees who reported emails, with their counts',
  description:
    'The employees with at least one report whose reported_at is in the window, in employees order (created_at ' +
    "descending, then id descending), each with the counts of those reports by their ticket's classification; a " +
    'report on an unreviewed ticket counts only in reported_emails_count.',
  scope: INBOX_READ.scope,
  parameters: { workspace_id: workspaceId, ...createdWindow('reports made') },
  limits: LIST_LIMITS,
  item: 'EmployeeEmailReports',
  rows: INBOX_SQL.reportersPage,
  check: checkCreatedWindow,
})

const STATISTICS = defineItem({
  operationId: INBOX_STATISTICS_ID,
  path: '/v1/inbox_tickets/statistics',
  summary: 'Statistics of the reported emails of a workspace',
  description:
    'The window bounds the reports by reported_at and the tickets by created_at. employee_reporting_rate: active ' +
    'employees who reported / active employees (active: their status now). The tickets rates are of all tickets ' +
    'in the window, the fraudulent distribution of the fraudulent ones. Rates are percentages rounded half up to ' +
    'one decimal, 0 when the denominator is 0.',
  scope: INBOX_READ.scope,
  parameters: { workspace_id: workspaceId, ...createdWindow('reports made and tickets created') },
  item: 'InboxStatistics',
  check: checkCreatedWindow,
  read: (from, query, _wanted, population) => INBOX_SQL.statistics(from, query, population),
  aggregate: { statistic: EMPLOYEE_POPULATION },
})

const STATISTICS_HISTORY = windowTwin(STATISTICS, {
  operationId: 'getInboxStatisticsHistory',
  summary: 'Statistics of the reported emails of a workspace, period by period',
  point: InboxStatisticsPoint,
  after: 'created_after',
  before: 'created_before',
})

/** GET /v1/inbox_tickets, its statistics (and their history), its reporters, and a ticket's reports. */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_TICKETS)
  itemRoute(app, STATISTICS)
  itemRoute(app, STATISTICS_HISTORY)
  listRoute(app, LIST_REPORTERS)
  listRoute(app, LIST_REPORTS)
}
