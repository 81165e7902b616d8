// Every statement of the breaches resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`breaches.sql:listPage`).

import type { SqlBool } from 'kysely'
import { sql } from 'kysely'
import { type WorkspaceRows, workspaceStatement } from '../../access.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { type Counted, countedBy, type Population, perPopulation } from '../../privacy/aggregate.js'
import { EMPLOYEE_POPULATION } from '../employees/statistics.js'
import { inGrant, inWorkspace, SAMPLE } from '../sql.js'
import { COMPROMISED_JSON } from './render.js'
import type { BreachStatistics } from './schema.js'
import { statisticsOf } from './statistics.js'
import type { BreachStatus } from './values.js'

/**
 * The statistics kept for the workspace: its breaches, then its impacted, warned and acknowledged
 * employees, then the population when there is one. A statement of one shape, asked on every
 * request (access.ts).
 */
const keptStatistics = perPopulation((population) =>
  workspaceStatement<[]>(0, (from) =>
    from
      .selectFrom('breach_statistics')
      .select(['breaches_count', 'impacted_employees', 'warned_employees', 'acknowledged_employees'])
      .$if(population !== undefined, (q) => q.select((population as Population).column(from))),
  ),
)

export const BREACH_SQL = {
  /** A page of the breaches affecting a workspace, most recent first (last_breached_at desc, id desc). */
  listPage: {
    name: 'breaches',
    rows: (from, v) =>
      from
        .selectFrom('breaches as b')
        .select([sql<string>`b.json`.as('json'), 'b.last_breached_at as sort_at', 'b.id as sort_id'])
        .$if(v.status !== undefined, (q) => q.where('b.status', 'in', v.status as string[])),
    at: 'b.last_breached_at',
    id: 'b.id',
    samples: {
      'a later page, status': {
        values: { status: ['active'] },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<{ status?: BreachStatus[] | undefined }>,

  /** A page of a breach's compromised employees in a workspace (compromised_at desc, employee id desc). */
  compromisedPage: {
    name: 'compromised_employees',
    rows: (from, v) =>
      from
        .selectFrom('compromised_employees as c')
        .innerJoin('employees as e', (j) =>
          j.onRef('e.workspace_id', '=', 'c.workspace_id').onRef('e.id', '=', 'c.employee_id'),
        )
        .select([
          sql<string>`${sql.raw(COMPROMISED_JSON)}`.as('json'),
          'c.compromised_at as sort_at',
          'c.employee_id as sort_id',
        ])
        .where('c.breach_id', '=', v.breach_id)
        .$if(v.warned !== undefined, (q) => q.where('c.warned_at', v.warned ? 'is not' : 'is', null))
        .$if(v.acknowledged !== undefined, (q) =>
          q.where('c.acknowledged_at', v.acknowledged ? 'is not' : 'is', null),
        ),
    at: 'c.compromised_at',
    id: 'c.employee_id',
    carries: 'id',
    samples: {
      'a later page, warned, acknowledged': {
        values: { breach_id: SAMPLE.id, warned: true, acknowledged: false },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<{
    breach_id: string
    warned?: boolean | undefined
    acknowledged?: boolean | undefined
  }>,

  /** Whether a breach affects the granted workspace. */
  affects: inWorkspace('breaches'),

  /**
   * The breaches affecting a workspace whose last_breached_at is in the window, and the distinct
   * employees they compromised, warned and acknowledged there. Without a window they were derived at
   * import (import.ts) and one row answers, with `population` beside it when asked; a window is
   * counted from the breaches within it.
   */
  statistics: inGrant(
    async (
      from: WorkspaceRows,
      w: BreachedWindow,
      population?: Population,
    ): Promise<BreachStatistics | Counted<BreachStatistics>> => {
      if (w.breached_after === undefined && w.breached_before === undefined) {
        const [derived] = await from.rows(keptStatistics(population))
        const answer = statisticsOf({
          breaches: Number(derived?.[0] ?? 0),
          impacted: Number(derived?.[1] ?? 0),
          warned: Number(derived?.[2] ?? 0),
          acknowledged: Number(derived?.[3] ?? 0),
        })
        return countedBy(answer, population && derived?.[4])
      }
      const window = [
        ...(w.breached_after === undefined ? [] : [sql`b.last_breached_at >= ${w.breached_after}`]),
        ...(w.breached_before === undefined ? [] : [sql`b.last_breached_at <= ${w.breached_before}`]),
      ]
      const breaches = await from
        .selectFrom('breaches as b')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(sql<SqlBool>`${sql.join(window, sql` and `)}`)
        .executeTakeFirst()
      // The joined breach named in the granted workspace too, as the scope names the entry's.
      const lastBreached = sql.join([sql`b.workspace_id = ${from.workspaceId}`, ...window], sql` and `)
      const employees = await from
        .selectFrom('compromised_employees as c')
        .innerJoin('breaches as b', (join) =>
          join.onRef('b.workspace_id', '=', 'c.workspace_id').onRef('b.id', '=', 'c.breach_id'),
        )
        .select([
          sql<number | string>`count(distinct c.employee_id)`.as('impacted'),
          sql<number | string>`count(distinct case when c.warned_at is not null then c.employee_id end)`.as(
            'warned',
          ),
          sql<
            number | string
          >`count(distinct case when c.acknowledged_at is not null then c.employee_id end)`.as(
            'acknowledged',
          ),
        ])
        .where(sql<SqlBool>`${lastBreached}`)
        .executeTakeFirst()
      // An aggregate always answers one row; none only where nothing is run (the SQL snapshots).
      return statisticsOf({
        breaches: Number(breaches?.count ?? 0),
        impacted: Number(employees?.impacted ?? 0),
        warned: Number(employees?.warned ?? 0),
        acknowledged: Number(employees?.acknowledged ?? 0),
      })
    },
    {
      '': [{}],
      'with the population': [{}, EMPLOYEE_POPULATION],
      'breached window': [
        { breached_after: SAMPLE.after[0], breached_before: '2026-01-01T00:00:00.000000Z' },
      ],
    },
  ),
}

/** A window on last_breached_at, both ends inclusive. */
export interface BreachedWindow {
  breached_after?: string | undefined
  breached_before?: string | undefined
}
