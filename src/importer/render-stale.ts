// Renders what the merge could not: breaches, whose JSON carries the counts derived from the
// compromised employees of their workspace. (Employees whose manager changed: apply.ts,
// renderStaleReports.)

import { sql } from 'kysely'
import type { WriteSession } from '../db/write-session.js'
import { type BreachRow, breachJson } from '../render/render.js'

const BATCH = 1000

export async function renderStaleBreaches(session: WriteSession): Promise<void> {
  for (;;) {
    const rows = await session.rows<BreachRow & { workspace_id: string }>(sql`
      select workspace_id, id, name, domain, status, criticality, impacted, warned, acknowledged,
        last_breached_at, created_at, updated_at
      from breaches where json is null limit ${BATCH}`)
    if (rows.length === 0) return
    await session.updateMany(
      'breaches',
      ['workspace_id', 'id'],
      ['json'],
      rows.map((r) => [r.workspace_id, r.id, breachJson(r)]),
    )
  }
}
