// Every statement of the campaigns resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`campaigns.sql:listPage`).

import { sql } from 'kysely'
import { type WorkspaceRows, workspaceStatement } from '../../access.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { type Counted, countedBy, type Population, perPopulation } from '../../privacy/aggregate.js'
import type { CreatedWindow } from '../../routing/parameters.js'
import { EMPLOYEE_POPULATION } from '../employees/statistics.js'
import { inGrant, inWorkspace, SAMPLE } from '../sql.js'
import type { CampaignStatistics } from './schema.js'
import { activeFlag, COUNTS, type Counts, countsOf, employeeFlags, statisticsOf } from './statistics.js'
import type { CAMPAIGN_STATUSES } from './values.js'

const LATER = SAMPLE.later

export const CAMPAIGN_SQL = {
  /** A page of a workspace's campaigns, newest first (created_at desc, id desc). */
  listPage: {
    name: 'campaigns',
    rows: (from, v) =>
      from
        .selectFrom('campaigns as c')
        .select([sql<string>`c.json`.as('json'), 'c.created_at as sort_at', 'c.id as sort_id'])
        .$if(v.status !== undefined, (q) => q.where('c.status', 'in', v.status as string[]))
        .$if(v.created_after !== undefined, (q) => q.where('c.created_at', '>=', v.created_after as string))
        .$if(v.created_before !== undefined, (q) =>
          q.where('c.created_at', '<=', v.created_before as string),
        ),
    startBound: 'created_before',
    at: 'c.created_at',
    id: 'c.id',
    samples: {
      'a later page, status, created window': {
        values: {
          status: ['active', 'completed'],
          created_after: SAMPLE.after[0],
          created_before: LATER,
        },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<{ status?: (typeof CAMPAIGN_STATUSES)[number][] | undefined } & CreatedWindow>,

  /** A page of a campaign's attacks, newest first (created_at desc, id desc). */
  attacksPage: {
    name: 'attacks',
    rows: (from, v) =>
      from
        .selectFrom('attacks as a')
        .select([
          sql<string>`a.json`.as('json'),
          'a.created_at as sort_at',
          'a.id as sort_id',
          'a.employee_id as people',
        ])
        .where('a.campaign_id', '=', v.campaign_id)
        .$if(v.campaign_cycle_id !== undefined, (q) =>
          q.where('a.campaign_cycle_id', '=', v.campaign_cycle_id as string),
        )
        .$if(v.is_tricked !== undefined, (q) => q.where('a.tricked_at', v.is_tricked ? 'is not' : 'is', null))
        .$if(v.created_after !== undefined, (q) => q.where('a.created_at', '>=', v.created_after as string))
        .$if(v.created_before !== undefined, (q) =>
          q.where('a.created_at', '<=', v.created_before as string),
        ),
    startBound: 'created_before',
    at: 'a.created_at',
    id: 'a.id',
    carries: true,
    samples: {
      'a later page': {
        values: { campaign_id: SAMPLE.id },
        after: true,
        limit: 50,
      },
      'a later page, cycle, tricked, created window': {
        values: {
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
      campaign_id: string
      campaign_cycle_id?: string | undefined
      is_tricked?: boolean | undefined
    } & CreatedWindow
  >,

  /** Whether a campaign belongs to the granted workspace. */
  inWorkspace: inWorkspace('campaigns'),
  /**
   * The simulation statistics of a workspace (CONTRACT 15). Without a time window they were derived
   * at import (import.ts) and one row answers, with `population` beside it when asked; a window
   * bounds the attacks' created_at, which no derived row can anticipate, so those are counted from
   * the attacks within it.
   */
  statistics: inGrant(
    async (
      from: WorkspaceRows,
      f: StatisticsFilters,
      population?: Population,
    ): Promise<CampaignStatistics | Counted<CampaignStatistics>> => {
      if (f.created_after === undefined && f.created_before === undefined) {
        const kept = keptStatistics(population)
        const rows =
          f.campaign_cycle_id === undefined
            ? await from.rows(kept.campaign, f.campaign_id ?? '')
            : f.campaign_id === undefined
              ? await from.rows(kept.cycle, f.campaign_cycle_id)
              : await from.rows(kept.cycleOfCampaign, f.campaign_cycle_id, f.campaign_id)
        // Two rows: a cycle id that two campaigns share, asked without its campaign; counted below.
        if (rows.length < 2) {
          const row = rows[0]
          const counts = row && (Object.fromEntries(COUNTS.map((name, i) => [name, row[i]])) as Counts)
          return countedBy(statisticsOf(counts), population && row?.[COUNTS.length])
        }
      }
      return statisticsOf(await countAttacks(from, f))
    },
    {
      '': [{}],
      'with the population': [{}, EMPLOYEE_POPULATION],
      'campaign, cycle': [{ campaign_id: SAMPLE.id, campaign_cycle_id: SAMPLE.id }],
      'campaign, cycle, created window': [
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

/**
 * The kept statistics rows (at most two) of the workspace (campaign ''), of a campaign over all its
 * cycles, of a cycle, or of a cycle of a campaign: their counts in COUNTS' order, then the
 * population when there is one. Statements of one shape, asked on every request (access.ts).
 */
const keptStatistics = perPopulation((population) => {
  const kept = (from: WorkspaceRows) =>
    from
      .selectFrom('simulation_statistics')
      .select(COUNTS)
      .$if(population !== undefined, (q) => q.select((population as Population).column(from)))
  return {
    campaign: workspaceStatement<[string]>(1, (from, campaign) =>
      kept(from).where('campaign_id', '=', campaign).where('campaign_cycle_id', '=', '').limit(2),
    ),
    cycle: workspaceStatement<[string]>(1, (from, cycle) =>
      kept(from).where('campaign_cycle_id', '=', cycle).limit(2),
    ),
    cycleOfCampaign: workspaceStatement<[string, string]>(2, (from, cycle, campaign) =>
      kept(from).where('campaign_cycle_id', '=', cycle).where('campaign_id', '=', campaign).limit(2),
    ),
  }
})

/**
 * The counts of the attacks within the filters: each employee's flags over them, then how many
 * employees have each flags value, counted as at import (statistics.ts).
 */
async function countAttacks(from: WorkspaceRows, f: StatisticsFilters): Promise<Counts> {
  const perEmployee = from
    .selectFrom('attacks as a')
    .select(['a.workspace_id', 'a.employee_id', employeeFlags().as('flags')])
    .$if(f.campaign_id !== undefined, (q) => q.where('a.campaign_id', '=', f.campaign_id as string))
    .$if(f.campaign_cycle_id !== undefined, (q) =>
      q.where('a.campaign_cycle_id', '=', f.campaign_cycle_id as string),
    )
    .$if(f.created_after !== undefined, (q) => q.where('a.created_at', '>=', f.created_after as string))
    .$if(f.created_before !== undefined, (q) => q.where('a.created_at', '<=', f.created_before as string))
    .groupBy(['a.workspace_id', 'a.employee_id'])
  // Each employee's status is looked up once, after their attacks are grouped.
  const flags = sql<number>`x.flags | ${activeFlag(sql`e.status = 'active'`)}`
  const histogram = await from
    .selectFrom(perEmployee.as('x'))
    .innerJoin('employees as e', (j) =>
      j.onRef('e.workspace_id', '=', 'x.workspace_id').onRef('e.id', '=', 'x.employee_id'),
    )
    .select([flags.as('flags'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(flags)
    .execute()
  return countsOf(histogram.map((b) => [Number(b.flags), Number(b.n)]))
}

export interface StatisticsFilters extends CreatedWindow {
  campaign_id?: string | undefined
  campaign_cycle_id?: string | undefined
}
