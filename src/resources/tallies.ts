// Per-employee tallies (CONTRACT 16): lists of the employees with at least one row of a kind (a
// report, an alert, an impersonation) in a time window, each with counts of those rows, in
// employees order. The import keeps, per employee of each kind, where the employee sorts, their
// reference, the span of their rows' times and their counts over all time (`employee_tallies`),
// and their rows again, as counts per time and category, in the same order (`employee_tally_rows`).
// A page walks the tallies in order and counts only the employees whose span the window cuts, each
// from the range of their own tally rows the window bounds, which lie beside the page's other
// employees'. No request reads a workspace's rows whole.

import { type RawBuilder, sql } from 'kysely'
import type { TObject } from 'typebox'
import type { WorkspaceRows } from '../access.js'
import type { DialectName } from '../db/dialect.js'
import { type WriteSession, workspaceList } from '../db/write-session.js'
import type { ListDefinition } from '../paging/keyset.js'
import type { CreatedWindow } from '../routing/parameters.js'
import { SAMPLE } from './sql.js'

/** One kind of tallied rows. */
export interface TallyKind {
  /** Its name in employee_tallies, and its list's among the cursors. */
  kind: string
  /** The table of its rows, with `workspace_id`, `employee_id`, the time and the category. */
  table: 'email_reports' | 'email_alerts' | 'impersonations'
  /** The rows' time column, which the window bounds. */
  at: string
  /** The column whose value a count may select. */
  category: string
  /** The list's item: `{ employee, <stats> }`, in that order. */
  item: TObject
  /**
   * The stats object's counts, in its order: each counts the rows whose category is the value, or
   * every row (null).
   */
  counts: Readonly<Record<string, string | null>>
}

/** SQL: the stats object's JSON over tally rows `x` (each counts `n` rows of one time and category). */
function statsJson(kind: TallyKind): string {
  const parts = Object.entries(kind.counts).map(([name, value], i) => {
    const counted = value === null ? 'sum(x.n)' : `sum(case when x.category = '${value}' then x.n else 0 end)`
    return `'${i === 0 ? '{' : ','}"${name}":' || ${counted}`
  })
  return `${parts.join(' || ')} || '}'`
}

/** The item's two keys, checked against its schema: the employee, then the stats object. */
function itemKeys(kind: TallyKind): string {
  const [employee, stats, ...rest] = Object.keys(kind.item.properties)
  const published = Object.keys((kind.item.properties[stats as string] as TObject).properties)
  if (employee !== 'employee' || stats === undefined || rest.length > 0)
    throw new Error(`${kind.kind}: an item is { employee, <stats> }`)
  if (published.join() !== Object.keys(kind.counts).join())
    throw new Error(`${kind.kind}: the counts are not the stats' fields in order`)
  return stats
}

/**
 * The tallies of `kind` in the touched workspaces, derived again from its rows: each employee's rows
 * as counts per time and category, where the employee sorts (created_at); then per employee, their
 * rows' first and last time and the stats over all of them.
 */
export async function deriveTallies(session: WriteSession, kind: TallyKind): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  for (const table of ['employee_tally_rows', 'employee_tallies'])
    await session.exec(
      sql`delete from ${sql.table(table)} where workspace_id in ${touched} and kind = ${kind.kind}`,
    )
  const at = sql.ref(`x.${kind.at}`)
  // A key column: no category (an alert not acted on) is ''.
  const category = sql`coalesce(${sql.ref(`x.${kind.category}`)}, '')`
  // In the tally rows' key order; the employee's reference is copied into the tally: every import
  // that changes an employee touches its workspace, whose tallies are derived again.
  await session.exec(sql`insert into employee_tally_rows
      (workspace_id, kind, sort_at, employee_id, at, category, n)
    select x.workspace_id, ${kind.kind}, e.created_at, x.employee_id, ${at}, ${category}, count(*)
    from ${sql.table(kind.table)} x
    join employees e on e.id = x.employee_id
    where x.workspace_id in ${touched}
    group by x.workspace_id, e.created_at, x.employee_id, ${at}, ${category}
    order by x.workspace_id, e.created_at, x.employee_id, ${at}, ${category}`)
  await session.exec(sql`insert into employee_tallies
      (workspace_id, kind, employee_id, sort_at, first_at, last_at, ref_json, stats_json)
    select t.workspace_id, ${kind.kind}, t.employee_id, t.sort_at, t.first_at, t.last_at, e.ref_json, t.stats_json
    from (
      select x.workspace_id, x.sort_at, x.employee_id, min(x.at) as first_at, max(x.at) as last_at,
        ${sql.raw(statsJson(kind))} as stats_json
      from employee_tally_rows x
      where x.workspace_id in ${touched} and x.kind = ${kind.kind}
      group by x.workspace_id, x.sort_at, x.employee_id) t
    join employees e on e.id = t.employee_id
    order by t.workspace_id, t.sort_at, t.employee_id`)
}

/**
 * The list of the employees with rows of `kind` in the window, in employees order (created_at desc,
 * id desc). Without a window, and for an employee whose rows all fall in it, the stats kept at
 * import answer; otherwise they are counted from the employee's rows within the window.
 */
export function tallyList(kind: TallyKind): ListDefinition<CreatedWindow> {
  const stats = itemKeys(kind)
  const aggregate = sql.raw(statsJson(kind))
  return {
    name: kind.kind,
    rows: (from: WorkspaceRows, v: CreatedWindow, dialect: DialectName) => {
      const { created_after: after, created_before: before } = v
      const bounds: RawBuilder<unknown>[] = []
      // The employee's rows span [first_at, last_at]: all in the window, or some, or none.
      const covered: RawBuilder<unknown>[] = []
      const cut: RawBuilder<unknown>[] = []
      if (after !== undefined) {
        bounds.push(sql`x.at >= ${after}`)
        covered.push(sql`t.first_at >= ${after}`)
        cut.push(sql`t.last_at >= ${after}`)
      }
      if (before !== undefined) {
        bounds.push(sql`x.at <= ${before}`)
        covered.push(sql`t.last_at <= ${before}`)
        cut.push(sql`t.first_at <= ${before}`)
      }
      const windowed = bounds.length > 0
      const own = sql`x.workspace_id = t.workspace_id and x.kind = t.kind and x.sort_at = t.sort_at
        and x.employee_id = t.employee_id and ${sql.join(bounds, sql` and `)}`
      const statsSql = windowed
        ? sql`case when ${sql.join(covered, sql` and `)} then t.stats_json
            else (select ${aggregate} from employee_tally_rows x where ${own}) end`
        : sql`t.stats_json`
      // Null for an employee the window cuts with none of their rows inside it (a sum over no rows is
      // null, and so is text joined to it): SQLite's page drops the row. PostgreSQL cannot estimate
      // such a filter and would plan to read the whole list: it tests the employee's rows first.
      const json = sql<string>`'{"employee":' || t.ref_json || ${`,"${stats}":`} || ${statsSql} || '}'`
      const probe = sql<boolean>`(${sql.join(covered, sql` and `)}
        or (select 1 from employee_tally_rows x where ${own} limit 1) is not null)`
      return from
        .selectFrom('employee_tallies as t')
        .select([json.as('json'), 't.sort_at as sort_at', 't.employee_id as sort_id'])
        .where('t.kind', '=', kind.kind)
        .$if(windowed, (q) => q.where(sql<boolean>`${sql.join(cut, sql` and `)}`))
        .$if(windowed && dialect === 'postgres', (q) => q.where(probe))
    },
    dropsNullItems: (v, dialect) =>
      dialect === 'sqlite' && (v.created_after !== undefined || v.created_before !== undefined),
    at: 't.sort_at',
    id: 't.employee_id',
    samples: {
      'a later page': { values: {}, after: true, limit: 50 },
      'a later page, window': {
        values: { created_after: SAMPLE.after[0], created_before: '2026-01-01T00:00:00.000000Z' },
        after: true,
        limit: 50,
      },
    },
  }
}
