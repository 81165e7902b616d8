// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { monthlyExample } from '../../history/points.js'
import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type { EmailReport, EmployeeEmailReports, InboxStatistics, InboxTicket } from './schema.js'

const ticket: InboxTicket = {
  id: '3f9a2c1e-5b7d-4e8f-a0b1-c2d3e4f5a6b7',
  email: {
    from: 'billing@paypa1-secure.example',
    subject: 'Your account is on hold',
    message_uid: '<20261014.4f2a@paypa1-secure.example>',
  },
  classification: 'fraudulent',
  fraud_type: 'service_imitation',
  classified_at: '2026-10-14T11:20:00.000410Z',
  reports_count: 3,
  first_reported_at: '2026-10-14T09:12:03.000250Z',
  created_at: '2026-10-14T09:12:04.000130Z',
  updated_at: '2026-10-14T11:20:00.000410Z',
}

const report: EmailReport = {
  id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
  employee: EXAMPLE_REFERENCE,
  source: 'add_in',
  reported_at: '2026-10-14T09:12:03.000250Z',
}

const reporter: EmployeeEmailReports = {
  employee: EXAMPLE_REFERENCE,
  emails_reported_stats: {
    reported_emails_count: 8,
    reported_fraudulent_emails_count: 1,
    reported_safe_emails_count: 2,
    reported_spam_emails_count: 4,
  },
}

const statistics: InboxStatistics = {
  reports: { total_count: 412, reporters_count: 96, employee_reporting_rate: 16.7 },
  tickets: {
    total_count: 240,
    unreviewed_count: 12,
    safe_rate: 30,
    spam_rate: 52.5,
    fraudulent_rate: 12.5,
    fraudulent_distribution: {
      employee_impersonation_rate: 20,
      partner_payment_fraud_rate: 10,
      scam_extortion_rate: 16.7,
      service_imitation_rate: 43.3,
      other_rate: 10,
    },
  },
}

export const INBOX_EXAMPLES = {
  listInboxTickets: { data: [ticket] },
  listInboxTicketReports: { data: [report] },
  listEmployeesWithEmailReports: { data: [reporter] },
  getInboxStatistics: { data: statistics },
  getInboxStatisticsHistory: monthlyExample([statistics]),
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const INBOX_CLIENT_SAMPLES = {
  listInboxTickets: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const ticket of client.inbox.tickets({ workspaceId, classification: ['fraudulent'] })) {
  console.log(ticket.email.subject, ticket.fraud_type, ticket.reports_count)
}`,
  listInboxTicketReports: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const reports = client.inbox.reports({ ticketId: '3f9a2c1e-5b7d-4e8f-a0b1-c2d3e4f5a6b7', workspaceId })
for await (const report of reports) console.log(report.employee.id, report.source, report.reported_at)`,
  listEmployeesWithEmailReports: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const row of client.inbox.reporters({ workspaceId, createdAfter: '2026-01-01' })) {
  console.log(row.employee.id, row.emails_reported_stats.reported_emails_count)
}`,
  getInboxStatisticsHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const days = await client.inbox.statistics.history({ workspaceId, interval: 'day', from: '2026-11-01' })
console.log(days.map((point) => point.reports.total_count))`,
  getInboxStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const { reports, tickets } = await client.inbox.statistics({ workspaceId })
console.log(reports.employee_reporting_rate, tickets.fraudulent_rate)`,
}

/** The object of inbox_ticket.* events (their webhooks' example). */
export { ticket as EXAMPLE_TICKET }
