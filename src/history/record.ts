// What an import keeps of the program over time (CONTRACT 17). An import has an `as_of`; for each
// workspace it holds records of (or replaces), it keeps the moment and the answers of the state
// statistics the resources declare, and the resources keep their own rows where something changed.
// History is written forward: an `as_of` before a workspace's latest is refused, as is one in the
// future.

import { sql } from 'kysely'
import { encodeRows, type Value } from '../db/bulk-rows.js'
import { type WriteSession, workspaceList } from '../db/write-session.js'
import { timestampFromMillis } from '../domain/time.js'
import type { HistoryMoment, ImportSteps } from '../records/spec.js'
import './tables.js'

/** How far in the future an `as_of` may lie: clocks of two machines disagree. */
export const AS_OF_TOLERANCE_MS = 5 * 60 * 1000

/** An import refused for its `as_of`: nothing is written. */
export class AsOfRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AsOfRefused'
  }
}

/** Refuses an `as_of` more than AS_OF_TOLERANCE_MS ahead of `now`. */
export function checkNotFuture(asOf: string, now = Date.now()): void {
  if (asOf > timestampFromMillis(now + AS_OF_TOLERANCE_MS))
    throw new AsOfRefused(`as_of ${asOf} is in the future (now is ${timestampFromMillis(now)})`)
}

/**
 * Refuses an `as_of` earlier than the latest kept for any workspace of `stg_snapshot` (those the
 * sources hold records of, and the replaced ones).
 */
export async function checkForward(session: WriteSession, asOf: string, now = Date.now()): Promise<void> {
  const later = await session.rows<{ workspace_id: string; as_of: string }>(sql`
    select s.workspace_id, max(s.as_of) as as_of from workspace_snapshots s
    where s.workspace_id in (select workspace_id from stg_snapshot)
    group by s.workspace_id having max(s.as_of) > ${asOf}
    order by s.workspace_id limit 1`)
  const first = later[0]
  if (first === undefined) return
  // A latest as_of ahead of the clock: an import was given one a few minutes in the future.
  if (first.as_of > timestampFromMillis(now))
    throw new AsOfRefused(
      `as_of ${asOf} is before ${first.as_of}, the as_of an earlier import of workspace ${first.workspace_id} was given, ` +
        `which lies ahead of now: an import is accepted with --as-of ${first.as_of} or later, or without --as-of from ${first.as_of} on`,
    )
  throw new AsOfRefused(
    `as_of ${asOf} is before ${first.as_of}, the latest import of workspace ${first.workspace_id}: load older exports oldest first`,
  )
}

/** HISTORY_RETENTION's default: three years. */
export const DEFAULT_HISTORY_RETENTION_MS = 1095 * 86_400_000

/** The history tables no resource owns, each with what its rows follow in a workspace (null: none). */
const ENGINE_TABLES: readonly { table: string; follows: string | null }[] = [
  { table: 'workspace_snapshots', follows: null },
  { table: 'kept_statistics', follows: 'statistic' },
]

/**
 * Prunes the history of the moment's workspaces older than `retentionMs` before its as_of, but for
 * the last row at or before the cutoff: the state from then on stays known.
 */
async function pruneHistory(
  session: WriteSession,
  steps: readonly ImportSteps[],
  moment: HistoryMoment,
  retentionMs: number,
): Promise<void> {
  const cutoff = timestampFromMillis(Date.parse(`${moment.asOf.slice(0, 23)}Z`) - retentionMs)
  const tables = [...ENGINE_TABLES, ...steps.flatMap((step) => step.history?.tables ?? [])]
  for (const { table, follows } of tables) {
    const same = follows === null ? sql`` : sql`and n.${sql.ref(follows)} = h.${sql.ref(follows)}`
    await session.exec(sql`delete from ${sql.table(table)} as h
      where h.workspace_id in ${sql.raw(moment.workspaces)} and h.as_of < ${cutoff}
      and exists (select 1 from ${sql.table(table)} n where n.workspace_id = h.workspace_id ${same}
        and n.as_of > h.as_of and n.as_of <= ${cutoff})`)
  }
}

/**
 * Keeps the moment: the snapshot row of each workspace, then each resource's own history; then
 * prunes what is older than the retention.
 */
export async function recordHistory(
  session: WriteSession,
  steps: readonly ImportSteps[],
  asOf: string,
  deleted: (type: string) => boolean,
  retentionMs: number = DEFAULT_HISTORY_RETENTION_MS,
): Promise<void> {
  const workspaces = (
    await session.rows<{ workspace_id: string }>(
      sql`select workspace_id from stg_snapshot order by workspace_id`,
    )
  ).map((r) => r.workspace_id)
  if (workspaces.length === 0) return
  const moment: HistoryMoment = {
    asOf,
    workspaces: await workspaceList(session, 'stg_snapshot'),
    ids: workspaces,
    deleted,
  }
  // An import at the same `as_of` as the workspace's latest takes its place.
  for (const { table } of ENGINE_TABLES)
    await session.exec(sql`delete from ${sql.table(table)}
      where workspace_id in (select workspace_id from stg_snapshot) and as_of = ${asOf}`)
  await session.insertMany(
    'workspace_snapshots',
    ['workspace_id', 'as_of'],
    encodeRows(
      session.dialect,
      workspaces.map((w) => [w, asOf]),
    ),
  )
  const kept: Value[][] = []
  for (const step of steps)
    for (const statistic of step.keptStatistics ?? []) {
      const answers = await statistic.render(session, moment)
      for (const w of workspaces) {
        const answer = answers.get(w)
        if (answer === undefined) throw new Error(`${statistic.statistic}: no answer kept for workspace ${w}`)
        kept.push([w, statistic.statistic, asOf, answer.json, JSON.stringify(answer.counts)])
      }
    }
  if (kept.length > 0)
    await session.insertMany(
      'kept_statistics',
      ['workspace_id', 'statistic', 'as_of', 'json', 'counts'],
      encodeRows(session.dialect, kept),
    )
  for (const step of steps) await step.history?.record(session, moment)
  await pruneHistory(session, steps, moment, retentionMs)
}
