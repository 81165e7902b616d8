import { publishedRecordOf } from '../../records/published.js'
import { rowPerItem } from '../export.js'
import type { EmailReport } from './schema.js'
import { InboxTicket } from './schema.js'

const inboxTicketRecord = publishedRecordOf('inbox_ticket', InboxTicket)

export const INBOX_EXPORTS = [
  {
    ...rowPerItem(
      {
        name: 'inbox_tickets',
        nouns: ['inbox ticket', 'inbox tickets'],
        path: '/v1/inbox_tickets',
        pageSize: 100,
      },
      InboxTicket,
    ),
    records: {
      types: ['inbox_ticket', 'email_report'],
      of: (t: InboxTicket, workspaceId: string) => [inboxTicketRecord({ workspace_id: workspaceId }, t)],
      children: {
        path: '/v1/inbox_tickets/{ticket_id}/reports',
        id: 'ticket',
        pageSize: 100,
        of: (r: EmailReport, ticketId: string) => [
          {
            type: 'email_report',
            id: r.id,
            ticket_id: ticketId,
            employee_id: r.employee.id,
            source: r.source,
            reported_at: r.reported_at,
          },
        ],
      },
    },
  },
]
