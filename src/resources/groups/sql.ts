// Every statement of the groups resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`groups.sql:listPage`).

import { sql } from 'kysely'
import type { WorkspaceRows } from '../../access.js'
import { keptPoints } from '../../history/read.js'
import type { Kept } from '../../history/twins.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { KARMA_SCORED } from '../employees/schema.js'
import { inGrant, inWorkspace, SAMPLE } from '../sql.js'

export const GROUP_SQL = {
  /** A page of a workspace's groups, newest first (created_at desc, id desc). */
  listPage: {
    name: 'groups',
    rows: (from) =>
      from
        .selectFrom('groups as g')
        .select([sql<string>`g.json`.as('json'), 'g.created_at as sort_at', 'g.id as sort_id']),
    at: 'g.created_at',
    id: 'g.id',
    samples: {
      'a later page': { values: {}, after: true, limit: 50 },
    },
  } satisfies ListDefinition<Record<never, never>>,

  /** A page of a group's members, most recently added first (added_at desc, employee id desc). */
  membersPage: {
    name: 'group_members',
    rows: (from, v) =>
      from
        .selectFrom('group_members as m')
        .select([sql<string>`m.json`.as('json'), 'm.added_at as sort_at', 'm.employee_id as sort_id'])
        .where('m.group_id', '=', v.group_id),
    at: 'm.added_at',
    id: 'm.employee_id',
    carries: 'id',
    samples: {
      'a later page': {
        values: { group_id: SAMPLE.id },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<{ group_id: string }>,

  /** Whether a group belongs to the granted workspace. */
  inWorkspace: inWorkspace('groups'),

  /** A group's figures the imports kept over a series' span (CONTRACT 17). */
  kept: inGrant(
    (from: WorkspaceRows, groupId: string, first: string, end: string): Promise<Kept[]> =>
      keptPoints(
        from
          .selectFrom('group_history')
          .select(['as_of', 'employees_count', 'average_karma_score', 'karma_count'])
          .where('group_id', '=', groupId),
        { first, end },
        ({ employees_count, average_karma_score }) => ({
          employees_count: Number(employees_count),
          average_karma_score: average_karma_score === null ? null : Number(average_karma_score),
        }),
        ({ karma_count }) =>
          karma_count === null ? undefined : { [KARMA_SCORED.counted]: Number(karma_count) },
      ),
    { span: [SAMPLE.id, SAMPLE.after[0], SAMPLE.later] },
  ),
}
