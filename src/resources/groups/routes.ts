import type { FastifyInstance } from 'fastify'
import { notFound } from '../../errors.js'
import { stateTwin } from '../../history/twins.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { itemRoute } from '../../routing/item.js'
import { defineList, listRoute } from '../../routing/list.js'
import { param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { GROUP_NOT_FOUND, GroupKarmaPoint } from './schema.js'
import { GROUPS_READ } from './scopes.js'
import { GROUP_SQL } from './sql.js'

const LIST_GROUPS = defineList({
  operationId: 'listGroups',
  path: '/v1/groups',
  summary: 'List the groups of a workspace',
  description:
    'Newest first: created_at descending, then id descending. employees_count is how many employees the group holds.',
  scope: GROUPS_READ.scope,
  parameters: { workspace_id: workspaceId },
  limits: LIST_LIMITS,
  item: 'Group',
  rows: GROUP_SQL.listPage,
})

const LIST_GROUP_MEMBERS = defineList({
  operationId: 'listGroupEmployees',
  path: '/v1/groups/:group_id/employees',
  summary: 'List the employees of a group',
  description:
    'Most recently added first: added_at descending, then employee id descending. Each item is the ' +
    "employee's reference and when they joined the group. A group of another workspace is a 404, like an unknown one.",
  scope: GROUPS_READ.scope,
  parameters: { workspace_id: workspaceId, group_id: param.uuid('The group.') },
  limits: LIST_LIMITS,
  item: 'GroupMember',
  rows: GROUP_SQL.membersPage,
  async reach(from, { group_id }) {
    if (!(await GROUP_SQL.inWorkspace(from, group_id))) throw notFound(GROUP_NOT_FOUND)
  },
})

const GROUP_KARMA_HISTORY = stateTwin({
  operationId: 'getGroupKarmaHistory',
  path: '/v1/groups/:group_id/karma_history',
  summary: "A group's size and karma over time",
  description:
    "Each point: the group's employees_count and average_karma_score as the last import whose as_of is before " +
    'the end of the period kept them; null before the group appeared. A group of another workspace is a 404, like ' +
    'an unknown one.',
  scope: GROUPS_READ.scope,
  parameters: { group_id: param.uuid('The group.') },
  point: GroupKarmaPoint,
  async reach(from, { group_id }) {
    if (!(await GROUP_SQL.inWorkspace(from, group_id))) throw notFound(GROUP_NOT_FOUND)
  },
  kept: (from, { group_id }, first, end) => GROUP_SQL.kept(from, group_id, first, end),
  aggregate: { pointCount: 'employees_count' },
})

/** GET /v1/groups, /v1/groups/:group_id/employees and /v1/groups/:group_id/karma_history. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_GROUPS)
  listRoute(app, LIST_GROUP_MEMBERS)
  itemRoute(app, GROUP_KARMA_HISTORY)
}
