// Factories for the email_alert and impersonation import records.

import { randomUUID } from 'node:crypto'
import { type Rec, ts } from '../../helpers/records.js'

export const alert = (workspaceId: string, employeeId: string, o: Rec = {}): Rec => ({
  type: 'email_alert',
  id: randomUUID(),
  workspace_id: workspaceId,
  employee_id: employeeId,
  action: null,
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const impersonation = (workspaceId: string, employeeId: string, o: Rec = {}): Rec => ({
  type: 'impersonation',
  id: randomUUID(),
  workspace_id: workspaceId,
  employee_id: employeeId,
  verdict: 'pending_review',
  created_at: ts(),
  updated_at: ts(),
  ...o,
})
