import { publishedRecordOf } from '../../records/published.js'
import { rowPerItem } from '../export.js'
import { Group, type GroupMember } from './schema.js'

const groupRecord = publishedRecordOf('group', Group)

export const GROUP_EXPORTS = [
  {
    ...rowPerItem({ name: 'groups', nouns: ['group', 'groups'], path: '/v1/groups', pageSize: 100 }, Group),
    records: {
      types: ['group', 'group_member'],
      of: (g: Group, workspaceId: string) => [groupRecord({ workspace_id: workspaceId }, g)],
      children: {
        path: '/v1/groups/{group_id}/employees',
        id: 'group',
        pageSize: 100,
        of: (m: GroupMember, groupId: string) => [
          { type: 'group_member', group_id: groupId, employee_id: m.id, added_at: m.added_at },
        ],
      },
    },
  },
]
