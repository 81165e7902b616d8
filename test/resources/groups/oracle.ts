// What the groups endpoints must answer, computed from the imported records (CONTRACT 15).

import { reference } from '../../helpers/oracle.js'
import type { Rec } from '../../helpers/records.js'

const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)

export function groups(all: readonly Rec[], workspaceId: string) {
  return all
    .filter((r) => r.type === 'group' && r.workspace_id === workspaceId)
    .sort(
      (a, b) => desc(a.created_at as string, b.created_at as string) || desc(a.id as string, b.id as string),
    )
    .map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      employees_count: all.filter((m) => m.type === 'group_member' && m.group_id === g.id).length,
      created_at: g.created_at,
      updated_at: g.updated_at,
    }))
}

export function members(all: readonly Rec[], groupId: string) {
  const employees = new Map(all.filter((r) => r.type === 'employee').map((e) => [e.id as string, e]))
  return all
    .filter((m) => m.type === 'group_member' && m.group_id === groupId)
    .sort(
      (a, b) =>
        desc(a.added_at as string, b.added_at as string) ||
        desc(a.employee_id as string, b.employee_id as string),
    )
    .map((m) => ({ ...reference(employees.get(m.employee_id as string) as Rec), added_at: m.added_at }))
}
