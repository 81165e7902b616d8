// The inbox's routes in the isolation property (test/helpers/isolation.ts).

import { firstOf, type IsolationCase } from '../../helpers/isolation.js'
import { windowSeriesNow } from '../../helpers/series.js'
import { reporters, reports, statistics, tickets } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  { kind: 'workspace', path: '/v1/inbox_tickets', data: (d, ws) => tickets(d.all, ws).slice(0, 50) },
  {
    kind: 'workspace',
    path: '/v1/inbox_tickets/{ticket_id}/reports',
    id: firstOf('inbox_ticket'),
    notFound: 'inbox_ticket_not_found',
    data: (d, _, ticket) => reports(d.all, ticket).slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/inbox_tickets/list_employees_with_email_reports',
    data: (d, ws) => reporters(d.all, ws).slice(0, 50),
  },
  { kind: 'workspace', path: '/v1/inbox_tickets/statistics', data: (d, ws) => statistics(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/inbox_tickets/statistics/history',
    data: (d, ws) => windowSeriesNow((w) => statistics(d.all, ws, w)),
  },
]
