// Runs a delivery worker that renders events as pseudonymous endpoints receive them (as serve gives
// it the resources' step), collecting each body sent, until no delivery is pending.

import { sql } from 'kysely'
import type { DialectName } from '../../src/db/dialect.js'
import { EVENT_PEOPLE, OCSF_RENDERER, presentEvents } from '../../src/resources/index.js'
import { DeliveryWorker } from '../../src/webhooks/worker.js'
import type { TestApp } from './app.js'
import { waitFor } from './wait.js'

/** The number of pending deliveries. */
export async function pendingDeliveries(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from webhook_deliveries
    where status = 'pending'`.execute(t.db.handle.db)
  return Number(rows[0]?.n)
}

/** Every body sent, with its endpoint's URL path, once no delivery is pending any more. */
export async function deliverAll(
  t: TestApp,
  dialect: DialectName,
): Promise<{ endpoint: string; body: string }[]> {
  const bodies: { endpoint: string; body: string }[] = []
  const worker = new DeliveryWorker({
    db: t.db.handle.db,
    dialect,
    allowPrivate: true,
    secretsKey: undefined,
    retentionMs: 365 * 86_400_000,
    pollMs: 20,
    ocsf: OCSF_RENDERER,
    present: presentEvents(EVENT_PEOPLE, t.app.api.pseudonyms),
    async send(request) {
      bodies.push({ endpoint: new URL(request.url).pathname, body: request.body })
      return { ok: true, statusCode: 204, error: null }
    },
  })
  worker.start()
  try {
    await waitFor('every delivery handled', async () => (await pendingDeliveries(t)) === 0)
  } finally {
    await worker.stop()
  }
  return bodies
}
