// Every statement of the campaigns resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`campaigns.sql:listPage`).

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { WorkspaceGrant } from '../../access.js'
import type { Database } from '../../db/tables.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { SAMPLE, sampled } from '../sql.js'
import { ATTACK_JSON } from './render.js'
import type { CAMPAIGN_STATUSES } from './values.js'

/** A window on created_at, both ends inclusive (canonical timestamps: text order is time order). */
export interface CreatedWindow {
  created_after?: string | undefined
  created_before?: string | undefined
}

const LATER = '2026-01-01T00:00:00.000000Z'

export const CAMPAIGN_SQL = {
  /** A page of a workspace's campaigns, newest first (created_at desc, id desc). */
  listPage: {
    name: 'campaigns',
    rows: (db, v) =>
      db
        .selectFrom('campaigns as c')
        .select([sql<string>`c.json`.as('json'), 'c.created_at as sort_at', 'c.id as sort_id'])
        .where('c.workspace_id', '=', v.workspace_id)
        .$if(v.status !== undefined, (q) => q.where('c.status', 'in', v.status as string[]))
        .$if(v.created_after !== undefined, (q) => q.where('c.created_at', '>=', v.created_after as string))
        .$if(v.created_before !== undefined, (q) =>
          q.where('c.created_at', '<=', v.created_before as string),
        ),
    at: 'c.created_at',
    id: 'c.id',
    samples: {
      'a later page, status, created window': {
        values: {
          workspace_id: SAMPLE.workspaceId,
          status: ['active', 'completed'],
          created_after: SAMPLE.after[0],
          created_before: LATER,
        },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<
    { workspace_id: string; status?: (typeof CAMPAIGN_STATUSES)[number][] | undefined } & CreatedWindow
  >,

  /** A page of a campaign's attacks, newest first (created_at desc, id desc). */
  attacksPage: {
    name: 'attacks',
    rows: (db, v) =>
      db
        .selectFrom('attacks as a')
        .innerJoin('employees as e', 'e.id', 'a.employee_id')
        .leftJoin('campaign_cycles as cy', (join) =>
          join.onRef('cy.campaign_id', '=', 'a.campaign_id').onRef('cy.id', '=', 'a.campaign_cycle_id'),
        )
        .select([
          sql<string>`${sql.raw(ATTACK_JSON)}`.as('json'),
          'a.created_at as sort_at',
          'a.id as sort_id',
        ])
        .where('a.workspace_id', '=', v.workspace_id)
        .where('a.campaign_id', '=', v.campaign_id)
        .$if(v.campaign_cycle_id !== undefined, (q) =>
          q.where('a.campaign_cycle_id', '=', v.campaign_cycle_id as string),
        )
        .$if(v.is_tricked !== undefined, (q) => q.where('a.tricked_at', v.is_tricked ? 'is not' : 'is', null))
        .$if(v.created_after !== undefined, (q) => q.where('a.created_at', '>=', v.created_after as string))
        .$if(v.created_before !== undefined, (q) =>
          q.where('a.created_at', '<=', v.created_before as string),
        ),
    at: 'a.created_at',
    id: 'a.id',
    samples: {
      'a later page': {
        values: { workspace_id: SAMPLE.workspaceId, campaign_id: SAMPLE.id },
        after: true,
        limit: 50,
      },
      'a later page, cycle, tricked, created window': {
        values: {
          workspace_id: SAMPLE.workspaceId,
          campaign_id: SAMPLE.id,
          campaign_cycle_id: SAMPLE.id,
          is_tricked: true,
          created_after: SAMPLE.after[0],
          created_before: LATER,
        },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<
    {
      workspace_id: string
      campaign_id: string
      campaign_cycle_id?: string | undefined
      is_tricked?: boolean | undefined
    } & CreatedWindow
  >,

  /** Whether a campaign belongs to the granted workspace. */
  inWorkspace: sampled(
    async (db: Kysely<Database>, grant: WorkspaceGrant, campaignId: string): Promise<boolean> => {
      const row = await db
        .selectFrom('campaigns')
        .select('id')
        .where('id', '=', campaignId)
        .where('workspace_id', '=', grant.workspaceId)
        .executeTakeFirst()
      return row !== undefined
    },
    { '': [SAMPLE.grant, SAMPLE.id] },
  ),
}
