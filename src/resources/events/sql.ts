// Every statement of the events feed, named: the SQL snapshots (sql/*/api.sql) label each by its
// name here (`events.sql:listPage`).

import { sql } from 'kysely'
import type { WorkspaceRows } from '../../access.js'
import type { ListDefinition } from '../../paging/keyset.js'
import type { Position } from '../../paging/paging.js'
import { inGrant, SAMPLE } from '../sql.js'

export const EVENT_SQL = {
  /** A page of a workspace's events, oldest first (created_at, then id: the order ids were given). */
  listPage: {
    name: 'events',
    rows: (from, v) =>
      from
        .selectFrom('events as v')
        .select([sql<string>`v.json`.as('json'), 'v.created_at as sort_at', 'v.id as sort_id'])
        .$if(v.type !== undefined, (q) => q.where('v.type', 'in', v.type as string[])),
    at: 'v.created_at',
    id: 'v.id',
    ascending: true,
    samples: {
      'a later page, type (two values)': {
        values: { type: ['employee.created', 'breach.updated'] },
        after: true,
        limit: 100,
      },
    },
  } satisfies ListDefinition<{ type?: string[] | undefined }>,

  /**
   * The feed position of an event of the workspace, or of one an erasure deleted from it (CONTRACT
   * 20: a client resumes after it as if it were there); null when it has none with this id.
   */
  position: inGrant(
    async (from: WorkspaceRows, eventId: string): Promise<Position | null> => {
      const row =
        (await from
          .selectFrom('events')
          .select(['created_at', 'id'])
          .where('id', '=', eventId)
          .executeTakeFirst()) ??
        (await from
          .selectFrom('forgotten_events')
          .select(['created_at', 'id'])
          .where('id', '=', eventId)
          .executeTakeFirst())
      return row === undefined ? null : [row.created_at, row.id]
    },
    { 'the position of after=': [SAMPLE.id] },
  ),
}
