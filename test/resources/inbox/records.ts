// Factories for the inbox_ticket and email_report import records.

import { randomUUID } from 'node:crypto'
import { type Rec, ts } from '../../helpers/records.js'

export const ticket = (workspaceId: string, o: Rec = {}): Rec => {
  const classification = (o.classification ?? null) as string | null
  return {
    type: 'inbox_ticket',
    id: randomUUID(),
    workspace_id: workspaceId,
    email: {
      from: 'billing@paypa1.example',
      subject: 'Invoice overdue',
      message_uid: `<${randomUUID()}@paypa1.example>`,
    },
    classification,
    fraud_type: classification === 'fraudulent' ? 'other' : null,
    classified_at: classification === null ? null : ts(),
    created_at: ts(),
    updated_at: ts(),
    ...o,
  }
}

export const report = (ticketId: string, employeeId: string, o: Rec = {}): Rec => ({
  type: 'email_report',
  id: randomUUID(),
  ticket_id: ticketId,
  employee_id: employeeId,
  source: 'add_in',
  reported_at: ts(),
  ...o,
})
