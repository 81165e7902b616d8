import { publishedRecordOf } from '../../records/published.js'
import { rowPerItem } from '../export.js'
import type { EmailReport } from './schema.js'
import { InboxTicket } from './schema.js'

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
      of: (t: InboxTicket, workspaceId: string) => [
        publishedRecordOf('inbox_ticket', InboxTicket, { workspace_id: workspaceId }, t),
      ],
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
