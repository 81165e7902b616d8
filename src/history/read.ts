// Statistics as they were (CONTRACT 17): `as_of=` answers from the snapshot kept by the last import
// whose as_of is at or before it.

import type { WorkspaceRows } from '../access.js'
import { apiError } from '../errors.js'
import { param } from '../routing/parameters.js'
import './tables.js'

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
