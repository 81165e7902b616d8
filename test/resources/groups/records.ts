// Factories for the group and group_member import records.

import { randomUUID } from 'node:crypto'
import { type Rec, ts } from '../../helpers/records.js'

export const group = (workspaceId: string, o: Rec = {}): Rec => ({
  type: 'group',
  id: randomUUID(),
  workspace_id: workspaceId,
  name: 'Group',
  description: null,
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const groupMember = (groupId: string, employeeId: string, o: Rec = {}): Rec => ({
  type: 'group_member',
  group_id: groupId,
  employee_id: employeeId,
  added_at: ts(),
  ...o,
})
