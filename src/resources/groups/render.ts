// Group JSON, and a member's. A group carries its members' count, derived at import, so it is
// rendered after the count (import.ts). A member is its employee's reference plus `added_at`: it
// is stored as the part after the reference's fields, and the reference is joined in when a page
// is read, so that it follows the employee's record.

import type { Group } from './schema.js'

export function groupJson(group: Group): string {
  const ordered: Group = {
    id: group.id,
    name: group.name,
    description: group.description,
    employees_count: group.employees_count,
    created_at: group.created_at,
    updated_at: group.updated_at,
  }
  return JSON.stringify(ordered)
}

/** A member after its employee reference's fields: `,"added_at":"…"}`. */
export function groupMemberTail(addedAt: string): string {
  return `,${JSON.stringify({ added_at: addedAt }).slice(1)}`
}

/** SQL: a member's JSON, from its row `m` and its employee's row `e` (the reference without its `}`). */
export const MEMBER_JSON = 'substr(e.ref_json, 1, length(e.ref_json) - 1) || m.json_tail'
