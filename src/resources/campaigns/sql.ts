// Every statement of the campaigns resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`campaigns.sql:listPage`).

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { WorkspaceGrant } from '../../access.js'
import type { Database } from '../../db/tables.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { inWorkspace, SAMPLE, sampled } from '../sql.js'
import { ATTACK_JSON } from './render.js'
import type { CampaignStatistics } from './schema.js'
import { ATTACK_EVENT_TYPES, type AttackEventType, type CAMPAIGN_STATUSES } from './values.js'

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
  inWorkspace: inWorkspace('campaigns'),
  /**
   * The simulation statistics of a workspace (CONTRACT 15). Without a time window they were derived
   * at import (import.ts) and one row answers; a window bounds the attacks' created_at, which no
   * derived row can anticipate, so those are counted from the attacks within it.
   */
  statistics: sampled(
    async (
      db: Kysely<Database>,
      grant: WorkspaceGrant,
      f: StatisticsFilters,
    ): Promise<CampaignStatistics> => {
      if (f.created_after === undefined && f.created_before === undefined) {
        const rows = await db
          .selectFrom('simulation_statistics')
          .selectAll()
          .where('workspace_id', '=', grant.workspaceId)
          .$if(f.campaign_cycle_id === undefined, (q) =>
            q.where('campaign_id', '=', f.campaign_id ?? '').where('campaign_cycle_id', '=', ''),
          )
          .$if(f.campaign_cycle_id !== undefined, (q) =>
            q
              .where('campaign_cycle_id', '=', f.campaign_cycle_id as string)
              .$if(f.campaign_id !== undefined, (q) => q.where('campaign_id', '=', f.campaign_id as string)),
          )
          .limit(2)
          .execute()
        // Two rows: a cycle id that two campaigns share, asked without its campaign; counted below.
        if (rows.length < 2) return statisticsOf(rows[0])
      }
      return statisticsOf(await countAttacks(db, grant, f))
    },
    {
      '': [SAMPLE.grant, {}],
      'campaign, cycle': [SAMPLE.grant, { campaign_id: SAMPLE.id, campaign_cycle_id: SAMPLE.id }],
      'campaign, cycle, created window': [
        SAMPLE.grant,
        {
          campaign_id: SAMPLE.id,
          campaign_cycle_id: SAMPLE.id,
          created_after: SAMPLE.after[0],
          created_before: LATER,
        },
      ],
    },
  ),
}

type Counts = Record<'attacked' | 'active' | 'tricked' | 'reported' | AttackEventType, number | string>

/** The response from an employee count per flag (a derived row, or none: nobody attacked). */
function statisticsOf(row: Counts | undefined): CampaignStatistics {
  const n = (name: keyof Counts) => Number(row?.[name] ?? 0)
  const attacked = n('attacked')
  return {
    employees_attacked_count: attacked,
    active_employees_attacked_count: n('active'),
    attack_events_per_employee: Object.fromEntries(
      ATTACK_EVENT_TYPES.map((type) => [type, n(type)]),
    ) as CampaignStatistics['attack_events_per_employee'],
    vulnerability_rate: percent(n('tricked'), attacked),
    reporting_rate: percent(n('reported'), attacked),
  }
}

/** The counts of statisticsOf over the attacks within the filters: grouped by employee, then counted. */
async function countAttacks(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  f: StatisticsFilters,
): Promise<Counts | undefined> {
  // An event type's bit (values.ts eventMask) set on any of the employee's attacks.
  const types = ATTACK_EVENT_TYPES.map((type, bit) =>
    sql<number>`max(case when (a.event_mask & ${sql.lit(2 ** bit)}) <> 0 then 1 else 0 end)`.as(type),
  )
  const perEmployee = db
    .selectFrom('attacks as a')
    .select([
      'a.employee_id',
      sql<number>`max(case when a.sent_at is not null then 1 else 0 end)`.as('attacked'),
      sql<number>`max(case when a.sent_at is not null and a.tricked_at is not null then 1 else 0 end)`.as(
        'tricked',
      ),
      sql<number>`max(case when a.sent_at is not null and a.reported_at is not null then 1 else 0 end)`.as(
        'reported',
      ),
      ...types,
    ])
    .where('a.workspace_id', '=', grant.workspaceId)
    .$if(f.campaign_id !== undefined, (q) => q.where('a.campaign_id', '=', f.campaign_id as string))
    .$if(f.campaign_cycle_id !== undefined, (q) =>
      q.where('a.campaign_cycle_id', '=', f.campaign_cycle_id as string),
    )
    .$if(f.created_after !== undefined, (q) => q.where('a.created_at', '>=', f.created_after as string))
    .$if(f.created_before !== undefined, (q) => q.where('a.created_at', '<=', f.created_before as string))
    .groupBy('a.employee_id')
  // An aggregate always answers one row; none only where nothing is run (the SQL snapshots).
  return (await db
    .selectFrom(perEmployee.as('x'))
    .innerJoin('employees as e', 'e.id', 'x.employee_id')
    .select([
      sql<number>`coalesce(sum(x.attacked), 0)`.as('attacked'),
      sql<number>`coalesce(sum(case when x.attacked = 1 and e.status = 'active' then 1 else 0 end), 0)`.as(
        'active',
      ),
      sql<number>`coalesce(sum(x.tricked), 0)`.as('tricked'),
      sql<number>`coalesce(sum(x.reported), 0)`.as('reported'),
      ...ATTACK_EVENT_TYPES.map((type) => sql<number>`coalesce(sum(${sql.ref(`x.${type}`)}), 0)`.as(type)),
    ])
    .executeTakeFirst()) as Counts | undefined
}

export interface StatisticsFilters extends CreatedWindow {
  campaign_id?: string | undefined
  campaign_cycle_id?: string | undefined
}

/** part / whole in percent, rounded half up in integers; 0 when whole is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((200 * part + whole) / (2 * whole))
}
