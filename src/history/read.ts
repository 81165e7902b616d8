// Statistics as they were (CONTRACT 17): `as_of=` answers from the snapshot kept by the last import
// whose as_of is at or before it.

import type { WorkspaceRows } from '../access.js'
import { apiError } from '../errors.js'
import { param } from '../routing/parameters.js'
import './tables.js'
import type { Kept } from './twins.js'

/** The `as_of` parameter of a statistics endpoint whose answers are kept per import. */
export const asOfParameter = param.instant(
  'Answers as the statistics stood at this moment: those kept by the last import whose as_of is at or before it ' +
    '(404 snapshot_not_found when there is none). Absent: now.',
)

/** The kept answer in `column` of the last snapshot at or before `asOf`, as rendered; none before the first. */
export async function keptAt(
  from: WorkspaceRows,
  column: 'employees_json' | 'courses_json',
  asOf: string,
): Promise<string | undefined> {
  const row = await from
    .selectFrom('workspace_snapshots')
    .select(column)
    .where('as_of', '<=', asOf)
    .orderBy('as_of', 'desc')
    .limit(1)
    .executeTakeFirst()
  return (row as Record<string, string> | undefined)?.[column]
}

/** The answer `keptAt` found; 404 snapshot_not_found when there is none. */
export async function keptOrNotFound(kept: Promise<string | undefined>, asOf: string): Promise<unknown> {
  const json = await kept
  if (json === undefined)
    throw apiError('snapshot_not_found', `No import of this workspace has an as_of at or before ${asOf}.`, {
      parameter: 'as_of',
    })
  return JSON.parse(json)
}

/** Kept rows in a series' span: the last whose as_of is before `first`, then those before `end`. */
async function inSpan<R extends { as_of: string }>(
  rows: (edge: 'before' | 'within') => Promise<R[]>,
): Promise<R[]> {
  const [before, within] = [await rows('before'), await rows('within')]
  return [...before, ...within]
}

/** The snapshots' kept answers in `column` over a series' span (twins.ts stateSeries). */
export function keptSnapshots(
  from: WorkspaceRows,
  column: 'employees_json' | 'courses_json',
  first: string,
  end: string,
): Promise<Kept[]> {
  return inSpan((edge) =>
    from
      .selectFrom('workspace_snapshots')
      .select(['as_of', `${column} as json`])
      .$if(edge === 'before', (q) => q.where('as_of', '<', first).orderBy('as_of', 'desc').limit(1))
      .$if(edge === 'within', (q) => q.where('as_of', '>=', first).where('as_of', '<', end).orderBy('as_of'))
      .execute(),
  )
}

/** An employee's kept karma over a series' span, as the points' fields. */
export async function keptKarma(
  from: WorkspaceRows,
  employeeId: string,
  first: string,
  end: string,
): Promise<Kept[]> {
  const rows = await inSpan((edge) =>
    from
      .selectFrom('karma_history')
      .select(['as_of', 'score', 'security_level'])
      .where('employee_id', '=', employeeId)
      .$if(edge === 'before', (q) => q.where('as_of', '<', first).orderBy('as_of', 'desc').limit(1))
      .$if(edge === 'within', (q) => q.where('as_of', '>=', first).where('as_of', '<', end).orderBy('as_of'))
      .execute(),
  )
  return rows.map((r) => ({
    as_of: r.as_of,
    json: JSON.stringify({
      score: r.score === null ? null : Number(r.score),
      security_level: r.security_level,
    }),
  }))
}

/** A group's kept figures over a series' span, as the points' fields. */
export async function keptGroup(
  from: WorkspaceRows,
  groupId: string,
  first: string,
  end: string,
): Promise<Kept[]> {
  const rows = await inSpan((edge) =>
    from
      .selectFrom('group_history')
      .select(['as_of', 'employees_count', 'average_karma_score'])
      .where('group_id', '=', groupId)
      .$if(edge === 'before', (q) => q.where('as_of', '<', first).orderBy('as_of', 'desc').limit(1))
      .$if(edge === 'within', (q) => q.where('as_of', '>=', first).where('as_of', '<', end).orderBy('as_of'))
      .execute(),
  )
  return rows.map((r) => ({
    as_of: r.as_of,
    json: JSON.stringify({
      employees_count: Number(r.employees_count),
      average_karma_score: r.average_karma_score === null ? null : Number(r.average_karma_score),
    }),
  }))
}
