// Per-employee tallies (CONTRACT 16): lists of the employees with at least one row of a kind (a
// report, an alert, an impersonation) in a time window, each with counts of those rows, in
// employees order. The import keeps, per employee of each kind, where the employee sorts, their
// reference, the span of their rows' times and their counts over all time (`employee_tallies`); a
// page walks those in order and counts only the employees whose span the window cuts, each from an
// index range of their own rows bounded by the window. No request reads a workspace's rows whole.

import { type RawBuilder, sql } from 'kysely'
import type { TObject } from 'typebox'
import type { WorkspaceRows } from '../access.js'
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

/** SQL: the stats object's JSON over rows `x` of the kind (an aggregate). */
function statsJson(kind: TallyKind): string {
  const parts = Object.entries(kind.counts).map(([name, value], i) => {
    const counted =
      value === null ? 'count(*)' : `sum(case when x.${kind.category} = '${value}' then 1 else 0 end)`
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
 * The tallies of `kind` in the touched workspaces, derived again from its rows: each employee with
 * rows, where the employee sorts (created_at), their rows' first and last time, and the stats over
 * all of them.
 */
export async function deriveTallies(session: WriteSession, kind: TallyKind): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(
    sql`delete from employee_tallies where workspace_id in ${touched} and kind = ${kind.kind}`,
  )
  const at = sql.raw(`x.${kind.at}`)
  // In list order: the rows of a page sit together. The employee's reference is copied: every import
  // that changes an employee touches its workspace, whose tallies are derived again.
  await session.exec(sql`insert into employee_tallies
      (workspace_id, kind, employee_id, sort_at, first_at, last_at, ref_json, stats_json)
    select t.workspace_id, ${kind.kind}, t.employee_id, e.created_at, t.first_at, t.last_at, e.ref_json, t.stats_json
    from (
      select x.workspace_id, x.employee_id, min(${at}) as first_at, max(${at}) as last_at,
        ${sql.raw(statsJson(kind))} as stats_json
      from ${sql.raw(kind.table)} x
      where x.workspace_id in ${touched}
      group by x.workspace_id, x.employee_id) t
    join employees e on e.id = t.employee_id
    order by t.workspace_id, e.created_at desc, t.employee_id desc`)
}

/**
 * The list of the employees with rows of `kind` in the window, in employees order (created_at desc,
 * id desc). Without a window, and for an employee whose rows all fall in it, the stats kept at
 * import answer; otherwise they are counted from the employee's rows within the window.
 */
export function tallyList(kind: TallyKind): ListDefinition<CreatedWindow> {
  const stats = itemKeys(kind)
  const table = sql.raw(kind.table)
  const at = sql.raw(`x.${kind.at}`)
  const aggregate = sql.raw(statsJson(kind))
  return {
    name: kind.kind,
    rows: (from: WorkspaceRows, v: CreatedWindow) => {
      const { created_after: after, created_before: before } = v
      const bounds: RawBuilder<unknown>[] = []
      // The employee's rows span [first_at, last_at]: all in the window, or some, or none.
      const covered: RawBuilder<unknown>[] = []
      const cut: RawBuilder<unknown>[] = []
      if (after !== undefined) {
        bounds.push(sql`${at} >= ${after}`)
        covered.push(sql`t.first_at >= ${after}`)
        cut.push(sql`t.last_at >= ${after}`)
      }
      if (before !== undefined) {
        bounds.push(sql`${at} <= ${before}`)
        covered.push(sql`t.last_at <= ${before}`)
        cut.push(sql`t.first_at <= ${before}`)
      }
      const windowed = bounds.length > 0
      const own = sql`x.workspace_id = t.workspace_id and x.employee_id = t.employee_id and ${sql.join(bounds, sql` and `)}`
      const statsSql = windowed
        ? sql`case when ${sql.join(covered, sql` and `)} then t.stats_json
            else (select ${aggregate} from ${table} x where ${own}) end`
        : sql`t.stats_json`
      const json = sql<string>`'{"employee":' || t.ref_json || ${`,"${stats}":`} || ${statsSql} || '}'`
      return (
        from
          .selectFrom('employee_tallies as t')
          .select([json.as('json'), 't.sort_at as sort_at', 't.employee_id as sort_id'])
          .where('t.kind', '=', kind.kind)
          // Whether the employee has rows in the window: a scalar subquery, which PostgreSQL runs per
          // tally read; an EXISTS it may run once, hashing every row of the window.
          .$if(windowed, (q) =>
            q.where(
              sql<boolean>`${sql.join(cut, sql` and `)}
              and (${sql.join(covered, sql` and `)} or (select 1 from ${table} x where ${own} limit 1) is not null)`,
            ),
          )
      )
    },
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
