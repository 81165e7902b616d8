// inbox_ticket.created, .updated, .deleted: the ticket as GET /v1/inbox_tickets lists it, with its
// reports_count and first_reported_at (a report added, moved or removed updates it).

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_TICKET } from './examples.js'
import { inboxTicketOcsf } from './ocsf.js'

export const INBOX_TICKET_EVENTS: EventSource = {
  name: 'inbox_ticket',
  object: { schema: 'InboxTicket', description: 'an InboxTicket', example: EXAMPLE_TICKET },
  key: ['workspace_id', 'id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, id from stg_inbox_ticket where ${changed.where('inbox_ticket')}`,
    `select workspace_id, ticket_id from stg_email_report where ${changed.where('email_report')}`,
    // The ticket a changed report leaves.
    `select r.workspace_id, r.ticket_id from email_reports r
      where r.id in (select id from stg_email_report where ${changed.whereStored('email_report')})`,
    deleted('inbox_ticket', 'workspace_id, id'),
    deleted('email_report', 'workspace_id, ticket_id'),
  ],
  table: 'inbox_tickets',
  rendering: (keys) => `select t.workspace_id, t.id, t.json from inbox_tickets t
    ${keysJoin(keys, 'k.workspace_id = t.workspace_id and k.id = t.id')}`,
  ocsf: inboxTicketOcsf,
}
