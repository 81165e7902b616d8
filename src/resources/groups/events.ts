// group.created, .updated, .deleted: the group as GET /v1/groups lists it, with its employees_count
// (a membership added or removed updates it).

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_GROUP } from './examples.js'
import { groupOcsf } from './ocsf.js'

export const GROUP_EVENTS: EventSource = {
  name: 'group',
  object: { schema: 'Group', description: 'a Group', example: EXAMPLE_GROUP },
  key: ['workspace_id', 'id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, id from stg_group where ${changed.where('group')}`,
    `select workspace_id, group_id from stg_group_member where ${changed.where('group_member')}`,
    deleted('group', 'workspace_id, id'),
    deleted('group_member', 'workspace_id, group_id'),
  ],
  table: 'groups',
  rendering: (keys) => `select g.workspace_id, g.id, g.json from groups g
    ${keysJoin(keys, 'k.workspace_id = g.workspace_id and k.id = g.id')}`,
  ocsf: groupOcsf,
}
