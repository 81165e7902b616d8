// What employees reported: suspicious emails, grouped into tickets that analysts classify.

import type { Resource } from '../resource.js'
import { INBOX_DEMO } from './demo.js'
import { INBOX_TICKET_EVENTS } from './events.js'
import { INBOX_CLIENT_SAMPLES, INBOX_EXAMPLES } from './examples.js'
import { INBOX_EXPORTS } from './export.js'
import { INBOX_IMPORT } from './import.js'
import { emailReportRecord, inboxTicketRecord } from './records.js'
import {
  EmailReport,
  EmployeeEmailReports,
  INBOX_TICKET_NOT_FOUND,
  InboxStatistics,
  InboxStatisticsPoint,
  InboxTicket,
} from './schema.js'
import { INBOX_READ } from './scopes.js'
import { INBOX_SQL } from './sql.js'

export const inbox = {
  name: 'inbox',
  about: 'the emails employees reported',
  scopes: [INBOX_READ],
  tag: {
    name: 'Reported emails',
    description: 'Suspicious emails employees reported, grouped into tickets that analysts classify.',
  },
  notFound: [INBOX_TICKET_NOT_FOUND],
  schemas: [InboxTicket, EmailReport, EmployeeEmailReports, InboxStatistics, InboxStatisticsPoint],
  routes: async (app) => (await import('./routes.js')).inboxRoutes(app),
  examples: INBOX_EXAMPLES,
  clientSamples: INBOX_CLIENT_SAMPLES,
  client: {
    namespace: 'inbox',
    operations: {
      listInboxTickets: { method: 'tickets', page: 'ticketsPage', filters: 'InboxTicketFilters' },
      getInboxStatistics: {
        method: 'statistics',
        doc: ['@example const { reports, tickets } = await client.inbox.statistics({ workspaceId })'],
      },
      getInboxStatisticsHistory: {
        method: 'statistics.history',
        doc: [
          "@example const days = await client.inbox.statistics.history({ workspaceId, interval: 'day' })",
        ],
      },
      listEmployeesWithEmailReports: {
        method: 'reporters',
        page: 'reportersPage',
        filters: 'InboxReporterFilters',
        doc: ['@example for await (const row of client.inbox.reporters({ workspaceId })) …'],
      },
      listInboxTicketReports: {
        method: 'reports',
        page: 'reportsPage',
        filters: 'InboxTicketReportFilters',
        doc: ['@example for await (const report of client.inbox.reports({ ticketId, workspaceId })) …'],
      },
    },
  },
  records: [inboxTicketRecord, emailReportRecord],
  import: INBOX_IMPORT,
  exports: INBOX_EXPORTS,
  sql: INBOX_SQL,
  demo: INBOX_DEMO,
  events: [INBOX_TICKET_EVENTS],
} satisfies Resource<'inbox_ticket' | 'email_report'>
