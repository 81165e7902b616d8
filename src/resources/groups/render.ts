// Group JSON, and a member's. A group carries its members' count, derived at import, so it is
// rendered after the count (import.ts). A member is its employee's reference plus `added_at`,
// rendered while merging, and again when an import changes the employee's reference (import.ts).

import { jsonOf } from '../../schemas/ordered-json.js'
import { employeeReferenceAfterMerge, employeeReferenceJoin } from '../employees/sql.js'
import { Group } from './schema.js'

/** A group's JSON, from its row (its count derived). */
export const groupJson = jsonOf(Group)

/**
 * SQL: a member's JSON from its employee's reference `reference` and its `added_at`. The reference's
 * last value is a string or null, so `rtrim` takes exactly its closing brace (and reads it once).
 */
export const memberJson = (reference: string, addedAt: string): string =>
  `rtrim(${reference}, '}') || ',"added_at":"' || ${addedAt} || '"}'`

/** SQL: what a staged member's merge joins. */
export const MEMBER_MERGE_JOINS = employeeReferenceJoin('ref', 'stg_group_member.employee_id')

/** SQL: a staged member's JSON as merged, over MEMBER_MERGE_JOINS. */
export const MERGED_MEMBER_JSON = memberJson(
  employeeReferenceAfterMerge('ref', 'stg_group_member.employee_id'),
  'stg_group_member.added_at',
)
