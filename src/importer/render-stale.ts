// Renders what the merge could not: employees whose manager changed (their stored JSON embeds the
// manager's reference), and breaches, whose JSON carries the counts derived from the compromised
// employees of their workspace.

import { sql } from 'kysely'
import type { WriteSession } from '../db/write-session.js'
import { type BreachRow, breachJson } from '../render/render.js'

const BATCH = 1000

export async function renderStale(session: WriteSession): Promise<void> {
  await session.exec(sql`update employees
    set json = json_head || coalesce((select m.ref_json from employees m where m.id = employees.manager_id), 'null') || json_tail
    where json is null`)

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
