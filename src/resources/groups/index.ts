// Groups: named sets of a workspace's employees, and their members.

import type { Resource } from '../resource.js'
import { GROUP_DEMO } from './demo.js'
import { GROUP_EVENTS } from './events.js'
import { GROUP_CLIENT_SAMPLES, GROUP_EXAMPLES } from './examples.js'
import { GROUP_EXPORTS } from './export.js'
import { GROUP_IMPORT } from './import.js'
import { groupMemberRecord, groupRecord } from './records.js'
import { GROUP_NOT_FOUND, Group, GroupKarmaPoint, GroupMember } from './schema.js'
import { GROUPS_READ } from './scopes.js'
import { GROUP_SQL } from './sql.js'

export const groups = {
  name: 'groups',
  about: 'groups',
  scopes: [GROUPS_READ],
  tag: { name: 'Groups', description: "Groups of a workspace's employees, and their members." },
  notFound: [GROUP_NOT_FOUND],
  schemas: [Group, GroupMember, GroupKarmaPoint],
  routes: async (app) => (await import('./routes.js')).groupRoutes(app),
  examples: GROUP_EXAMPLES,
  clientSamples: GROUP_CLIENT_SAMPLES,
  client: {
    namespace: 'groups',
    operations: {
      listGroups: { method: 'list', page: 'page', filters: 'GroupFilters' },
      listGroupEmployees: {
        method: 'employees',
        page: 'employeesPage',
        filters: 'GroupEmployeeFilters',
        doc: ['@example for await (const member of client.groups.employees({ groupId, workspaceId })) …'],
      },
      getGroupKarmaHistory: {
        method: 'karmaHistory',
        doc: ['@example const months = await client.groups.karmaHistory({ groupId, workspaceId })'],
      },
    },
  },
  records: [groupRecord, groupMemberRecord],
  import: GROUP_IMPORT,
  exports: GROUP_EXPORTS,
  sql: GROUP_SQL,
  demo: GROUP_DEMO,
  events: [GROUP_EVENTS],
} satisfies Resource<'group' | 'group_member'>
