// Statistics as they were (CONTRACT 17): `as_of=` answers from what the last import whose as_of is at
// or before it kept, and a series from what the imports of its span kept.

import { type SelectQueryBuilder, sql } from 'kysely'
import type { WorkspaceRows } from '../access.js'
import { apiError, ERROR_CODES, type NotFound } from '../errors.js'
import { param } from '../routing/parameters.js'
import './tables.js'
import { Counted } from '../privacy/aggregate.js'
import type { Counts } from '../schemas/disclosure.js'
import type { Kept } from './twins.js'

/** The `as_of` parameter of a statistics endpoint whose answers are kept per import. */
export const asOfParameter = param.instant(
  'Answers as the statistics stood at this moment: those kept by the last import whose as_of is at or before it ' +
    '(404 snapshot_not_found when there is none). Absent: now.',
)

/** The answer of `statistic` kept by the last import at or before `asOf`, as rendered; none before the first. */
export async function keptAt(
  from: WorkspaceRows,
  statistic: string,
  asOf: string,
): Promise<Kept | undefined> {
  return await from
    .selectFrom('kept_statistics')
    .select(['as_of', 'json', 'counts'])
    .where('statistic', '=', statistic)
    .where('as_of', '<=', asOf)
    .orderBy('as_of', 'desc')
    .limit(1)
    .executeTakeFirst()
}

const noSnapshotBy = (asOf: string) => `No import of this workspace has an as_of at or before ${asOf}.`

/** The 404 of a statistic asked `as_of` a moment before its workspace's first kept snapshot. */
export const AS_OF_NOT_FOUND = {
  parameter: 'as_of',
  code: 'snapshot_not_found' as const,
  title: ERROR_CODES.snapshot_not_found.title,
  detail: noSnapshotBy('2024-01-01T00:00:00.000000Z'),
  meaning: 'no import of the workspace has an as_of at or before as_of',
} satisfies NotFound

/** The answer `keptAt` found, with its counts; 404 snapshot_not_found when there is none. */
export async function keptOrNotFound(
  kept: Promise<Kept | undefined>,
  asOf: string,
): Promise<Counted<unknown>> {
  const row = await kept
  if (row === undefined)
    throw apiError(AS_OF_NOT_FOUND.code, noSnapshotBy(asOf), { parameter: AS_OF_NOT_FOUND.parameter })
  return new Counted(JSON.parse(row.json), undefined, countsOf(row.counts))
}

/** Kept counts as read (none kept: undefined, which hides the figures they describe). */
export const countsOf = (counts: string | null | undefined): Counts | undefined =>
  counts === null || counts === undefined ? undefined : (JSON.parse(counts) as Counts)

/** A series' span: the kept rows from the last before `first` to the last before `end`. */
export interface Span {
  first: string
  end: string
}

/**
 * The kept rows of `query` (rows of one thing, with an as_of) in a series' span, by as_of: the last
 * before its first instant, then those before its end.
 */
async function keptInSpan<DB, TB extends keyof DB, O extends { as_of: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  { first, end }: Span,
): Promise<O[]> {
  const asOf = sql.ref('as_of')
  const before = await query.where(sql<boolean>`${asOf} < ${first}`).orderBy(asOf, 'desc').limit(1).execute()
  const within = await query
    .where(sql<boolean>`${asOf} >= ${first} and ${asOf} < ${end}`)
    .orderBy(asOf)
    .execute()
  return [...before, ...within] as O[]
}

/** The answers of `statistic` kept over a series' span (twins.ts stateSeries). */
export function keptSpan(
  from: WorkspaceRows,
  statistic: string,
  first: string,
  end: string,
): Promise<Kept[]> {
  return keptInSpan(
    from.selectFrom('kept_statistics').select(['as_of', 'json', 'counts']).where('statistic', '=', statistic),
    { first, end },
  )
}

/**
 * The kept rows of `query` over a series' span, each as a point's fields (`fields` of the row): how
 * a resource's own history (an employee's karma, a group's figures) is read for its twin.
 */
export async function keptPoints<DB, TB extends keyof DB, O extends { as_of: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  span: Span,
  fields: (row: O) => Record<string, unknown>,
  counts?: (row: O) => Counts | undefined,
): Promise<Kept[]> {
  return (await keptInSpan(query, span)).map((row) => ({
    as_of: row.as_of,
    json: JSON.stringify(fields(row)),
    ...(counts === undefined ? {} : { counts: JSON.stringify(counts(row)) }),
  }))
}
