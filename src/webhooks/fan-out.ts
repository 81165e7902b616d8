// The deliveries an import's events make: one per event and endpoint that wants it, created in the
// import's own transaction (so an event is delivered only once committed, and always). An endpoint
// wants an event of its organization, of its workspace when it names one, and of a type in its
// `events` list when it has one (stored comma-joined: endpoints.ts).

import { sql } from 'kysely'
import type { WriteSession } from '../db/write-session.js'

/**
 * Creates the pending deliveries of the events from `firstEventId` on (those of the import under
 * way), due at once. Returns how many.
 */
export async function createDeliveries(
  session: WriteSession,
  firstEventId: string,
  at: string,
): Promise<number> {
  const endpoints = await session.rows(sql`select 1 as one from webhook_endpoints limit 1`)
  if (endpoints.length === 0) return 0
  return session.exec(sql`insert into webhook_deliveries
      (event_id, endpoint_id, status, attempts, next_attempt_at, leased_until, created_at, finished_at)
    select e.id, w.id, 'pending', 0, ${at}, null, ${at}, null
    from events e
    join workspaces ws on ws.id = e.workspace_id
    join webhook_endpoints w on w.organization_id = ws.organization_id
      and (w.workspace_id is null or w.workspace_id = e.workspace_id)
      and (w.events is null or (',' || w.events || ',') like ('%,' || e.type || ',%'))
    where e.id >= ${firstEventId}`)
}
