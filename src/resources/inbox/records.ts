// The inbox_ticket and email_report import records (CONTRACT 16) and how they are staged. A report
// names only its ticket: its workspace is the ticket's. A ticket's reports_count and
// first_reported_at are derived at import, and so is each report's copy of its ticket's review
// (import.ts).

import type { RawBuilder } from 'kysely'
import Type from 'typebox'
import { workspaceAfterImport } from '../../records/checks.js'
import { AnyTimestamp, AnyUuid, id, timestamp } from '../../records/fields.js'
import { publishedRecord } from '../../records/published.js'
import { defineRecord } from '../../records/spec.js'
import { Closed, StringEnum } from '../../schemas/common.js'
import { reportAround } from './render.js'
import { InboxTicket } from './schema.js'
import { type Classification, REPORT_SOURCES, reviewOf } from './values.js'

/** The workspace a ticket id will belong to after the import, or null when it will not exist. */
export const ticketWorkspace = (column: string): RawBuilder<string | null> =>
  workspaceAfterImport('inbox_ticket', 'inbox_tickets', column)

const published = publishedRecord('inbox_ticket', InboxTicket, { carries: ['workspace_id'] })

export const inboxTicketRecord = defineRecord({
  type: 'inbox_ticket',
  schema: published.schema,
  columns: [...published.columns, 'review'],
  toRow(record, errors) {
    const row = published.toRow(record, errors)
    const classification = row.classification as Classification | null
    if ((classification === 'fraudulent') !== (row.fraud_type !== null))
      errors.push('inbox_ticket.fraud_type: set exactly when classification is fraudulent (else null)')
    if ((classification === null) !== (row.classified_at === null))
      errors.push('inbox_ticket.classified_at: null exactly when classification is null')
    return { ...row, email: JSON.stringify(row.email), review: reviewOf(classification) }
  },
  target: 'inbox_tickets',
  key: ['id'],
  writeOrder: 'workspace_id, created_at desc, id desc',
  workspaceColumn: 'workspace_id',
  // Rendered once its counts are derived.
  rendered: ['json'],
})

export const emailReportRecord = defineRecord({
  type: 'email_report',
  schema: Closed({
    type: Type.Literal('email_report'),
    id: AnyUuid,
    ticket_id: AnyUuid,
    employee_id: AnyUuid,
    source: StringEnum(REPORT_SOURCES),
    reported_at: AnyTimestamp,
  }),
  columns: ['id', 'ticket_id', 'employee_id', 'source', 'reported_at', 'json_head', 'json_tail'],
  toRow(r, e) {
    const report = {
      id: id(r.id),
      source: r.source,
      reported_at: timestamp(r.reported_at, 'email_report.reported_at', e),
    }
    const { head, tail } = reportAround(report)
    return {
      id: report.id,
      ticket_id: id(r.ticket_id),
      employee_id: id(r.employee_id),
      source: report.source,
      reported_at: report.reported_at,
      json_head: head,
      json_tail: tail,
    }
  },
  target: 'email_reports',
  key: ['id'],
  writeOrder: 'ticket_id, reported_at desc, id desc',
  workspaceColumn: null,
  workspaceOf: (row) => ticketWorkspace(`${row}.ticket_id`),
})
