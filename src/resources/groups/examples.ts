// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { monthlyExample } from '../../history/points.js'
import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type { Group, GroupMember } from './schema.js'

const group: Group = {
  id: '5d1c9a3e-7b2f-4e8a-9c0d-1e2f3a4b5c6d',
  name: 'Finance',
  description: 'Everyone who approves payments.',
  employees_count: 42,
  created_at: '2026-02-02T09:00:00.000120Z',
  updated_at: '2026-10-01T09:00:00.000340Z',
}

const member: GroupMember = { ...EXAMPLE_REFERENCE, added_at: '2026-02-02T09:00:00.000120Z' }

export const GROUP_EXAMPLES = {
  listGroups: { data: [group] },
  listGroupEmployees: { data: [member] },
  getGroupKarmaHistory: monthlyExample([
    { employees_count: null, average_karma_score: null },
    { employees_count: 40, average_karma_score: 471 },
    { employees_count: 42, average_karma_score: 503 },
  ]),
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const GROUP_CLIENT_SAMPLES = {
  listGroups: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const group of client.groups.list({ workspaceId })) {
  console.log(group.name, group.employees_count)
}`,
  listGroupEmployees: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const members = client.groups.employees({ groupId: '5d1c9a3e-7b2f-4e8a-9c0d-1e2f3a4b5c6d', workspaceId })
for await (const member of members) console.log(member.id, member.added_at)`,
  getGroupKarmaHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const groupId = '5d1c9a3e-7b2f-4e8a-9c0d-1e2f3a4b5c6d'
for (const point of await client.groups.karmaHistory({ groupId, workspaceId })) {
  console.log(point.start, point.employees_count, point.average_karma_score)
}`,
}

/** The object of group.* events (their webhooks' example). */
export { group as EXAMPLE_GROUP }
