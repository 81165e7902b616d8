import { rowPerItem } from '../export.js'
import { InboxTicket } from './schema.js'

export const INBOX_EXPORTS = [
  rowPerItem(
    {
      name: 'inbox_tickets',
      nouns: ['inbox ticket', 'inbox tickets'],
      path: '/v1/inbox_tickets',
      pageSize: 100,
    },
    InboxTicket,
  ),
]
