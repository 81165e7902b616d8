// The group and group_member import records (CONTRACT 15) and how they are staged. A member names
// only its group: its workspace is the group's. A group's employees_count is derived (import.ts).

import type { RawBuilder } from 'kysely'
import Type from 'typebox'
import { workspaceAfterImport } from '../../records/checks.js'
import { AnyTimestamp, AnyUuid, id, timestamp } from '../../records/fields.js'
import { publishedRecord } from '../../records/published.js'
import { defineRecord } from '../../records/spec.js'
import { Closed } from '../../schemas/common.js'
import { MEMBER_MERGE_JOINS, MERGED_MEMBER_JSON } from './render.js'
import { Group } from './schema.js'

/** The workspace a group id will belong to after the import, or null when it will not exist. */
export const groupWorkspace = (column: string): RawBuilder<string | null> =>
  workspaceAfterImport('group', 'groups', column)

export const groupRecord = defineRecord({
  type: 'group',
  ...publishedRecord('group', Group, { carries: ['workspace_id'] }),
  target: 'groups',
  key: ['id'],
  workspaceColumn: 'workspace_id',
  // Rendered once its count is derived.
  rendered: ['json'],
})

export const groupMemberRecord = defineRecord({
  type: 'group_member',
  schema: Closed({
    type: Type.Literal('group_member'),
    group_id: AnyUuid,
    employee_id: AnyUuid,
    added_at: AnyTimestamp,
  }),
  columns: ['group_id', 'employee_id', 'added_at'],
  toRow: (r, e) => ({
    group_id: id(r.group_id),
    employee_id: id(r.employee_id),
    added_at: timestamp(r.added_at, 'group_member.added_at', e),
  }),
  target: 'group_members',
  key: ['group_id', 'employee_id'],
  computed: { json: MERGED_MEMBER_JSON },
  mergeJoins: MEMBER_MERGE_JOINS,
  writeOrder: 'group_id, added_at desc, employee_id desc',
  workspaceColumn: null,
  workspaceOf: (row) => groupWorkspace(`${row}.group_id`),
})
