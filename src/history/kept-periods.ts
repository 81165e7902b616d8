// The window statistics per period (CONTRACT 17's window twins): each import derives, for the
// workspaces it touched, every declared statistic over each month, ISO week and day holding data,
// and its answer over a period holding none (kept under the start ''). A window twin then reads one
// key range where it would run its statistic once per point.

import { type RawBuilder, type SqlBool, sql } from 'kysely'
import { type WorkspaceRows, workspaceStatement } from '../access.js'
import { encodeRows } from '../db/bulk-rows.js'
import type { WriteSession } from '../db/write-session.js'
import { INTERVALS, type Interval } from '../domain/time.js'
import { type Population, perPopulation } from '../privacy/aggregate.js'
import type { ImportSteps, PeriodAnswers } from '../records/spec.js'
import './tables.js'

/** A derive's counts per workspace, unit and period start, each begun from `zero` when first named. */
export class PeriodCounts<C> {
  private readonly counts = new Map<string, { workspace: string; unit: Interval; start: string; c: C }>()

  constructor(private readonly zero: () => C) {}

  /** The counts of a period, to add to. */
  at(workspace: string, unit: Interval, start: string): C {
    const key = `${workspace} ${unit} ${start}`
    let entry = this.counts.get(key)
    if (entry === undefined) {
      entry = { workspace, unit, start, c: this.zero() }
      this.counts.set(key, entry)
    }
    return entry.c
  }

  /** Each period's answer from its counts (`render`), and an empty period's from zero. */
  answers(render: (workspace: string, counts: C) => string): PeriodAnswers {
    return {
      periods: [...this.counts.values()].map(
        (e) => [e.workspace, e.unit, e.start, render(e.workspace, e.c)] as const,
      ),
      empty: (workspace) => render(workspace, this.zero()),
    }
  }
}

/** Writes again the periods of every declared statistic in the touched workspaces (`stg_touched`). */
export async function keepPeriods(session: WriteSession, steps: readonly ImportSteps[]): Promise<void> {
  const declared = steps.flatMap((s) => (s.periods ? [s.periods] : []))
  if (declared.length === 0) return
  const touched = (
    await session.rows<{ workspace_id: string }>(sql`select workspace_id from stg_touched`)
  ).map((row) => row.workspace_id)
  await session.exec(sql`delete from period_statistics
    where workspace_id in (select workspace_id from stg_touched)
      and statistic in (${sql.join(declared.map((d) => d.statistic))})`)
  // Every derive runs, touched workspaces or not: each drops what the resource's derive left for it.
  for (const { statistic, derive } of declared) {
    const answers = await derive(session)
    const rows = [
      ...touched.flatMap((workspace) => {
        const empty = answers.empty(workspace)
        return INTERVALS.map((unit) => [workspace, statistic, unit, '', empty])
      }),
      ...answers.periods.map(([workspace, unit, start, json]) => [workspace, statistic, unit, start, json]),
    ]
    if (rows.length === 0) continue
    await session.insertMany(
      'period_statistics',
      ['workspace_id', 'statistic', 'unit', 'start', 'json'],
      encodeRows(session.dialect, rows),
    )
  }
}

/**
 * SQL over workspaces `w`, one condition per declared statistic: true when `w` lacks its kept
 * periods (not imported since an upgrade added the statistic, or its rows were removed). Their
 * series cannot be read until an import, or deriveMissing at start, keeps them.
 */
export function periodsLacking(steps: readonly ImportSteps[]): RawBuilder<SqlBool>[] {
  return steps.flatMap((s) =>
    s.periods
      ? [
          sql<SqlBool>`not exists (select 1 from period_statistics p
      where p.workspace_id = w.id and p.statistic = ${s.periods.statistic} and p.unit = ${INTERVALS[0]} and p.start = '')`,
        ]
      : [],
  )
}

/** A statistic's kept answers over a series' span (keptPeriods). */
export interface KeptPeriods {
  /** The answer over a period holding no data. */
  empty: string
  /** The periods holding data, by start. */
  periods: readonly { start: string; json: string }[]
  /** The workspace's population now, when asked (an aggregate key's series). */
  population?: number
}

/**
 * A statistic's kept answers over the periods of `unit` from `first` up to `end`, by start, the
 * first being that of a period without data (start ''); undefined when its workspace has none kept
 * (nothing imported there since the periods were first kept). With `population`, the same
 * statement reads it too.
 */
export async function keptPeriods(
  from: WorkspaceRows,
  statistic: string,
  unit: Interval,
  first: string,
  end: string,
  population?: Population,
): Promise<KeptPeriods | undefined> {
  const rows = await from.rows(periodsOf(population), statistic, unit, first, end)
  const [empty, ...periods] = rows
  if (empty === undefined || empty[0] !== '') return undefined
  return {
    empty: empty[1] as string,
    periods: periods.map(([start, json]) => ({ start: start as string, json: json as string })),
    ...(population === undefined ? {} : { population: Number(empty[2] ?? 0) }),
  }
}

/**
 * A statistic's kept periods of a unit within a span (statistic, unit, first, end), the empty
 * period's first: each start and answer, then the population when there is one. A statement of one
 * shape, asked on every series request (access.ts).
 */
const periodsOf = perPopulation((population) =>
  workspaceStatement<[string, string, string, string]>(4, (from, statistic, unit, first, end) =>
    from
      .selectFrom('period_statistics')
      .select(['start', 'json'])
      .$if(population !== undefined, (q) => q.select((population as Population).column(from)))
      .where('statistic', '=', statistic)
      .where('unit', '=', unit)
      .where((eb) => eb.or([eb('start', '=', ''), eb.and([eb('start', '>=', first), eb('start', '<', end)])]))
      .orderBy('start'),
  ),
)
