// Webhooks as an operator runs them, with a real `serve` process and real node:http receivers
// (CONTRACT 14): a receiver that never answers delays no delivery to another endpoint; a failing
// receiver's attempts are logged (never the secret or the body); once it is fixed, `webhooks retry`
// sends its deliveries now with the same webhook-id, and `webhooks deliveries` shows them.

import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type ServerProcess, startServer } from '../helpers/processes.js'
import { employee, organization, source, workspace } from '../helpers/records.js'
import { waitFor } from '../helpers/wait.js'
import { type Receiver, startReceiver } from './receiver.js'

/** A receiver that reads each delivery and never answers it. */
async function hangingReceiver() {
  const held: ServerResponse[] = []
  let requests = 0
  let mostOpen = 0
  const open = () => held.filter((r) => !r.writableEnded && !r.destroyed && !r.socket?.destroyed).length
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests++
    request.resume()
    held.push(response)
    mostOpen = Math.max(mostOpen, open())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    /** The most requests it held at once. */
    mostOpen: () => mostOpen,
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`,
    requests: () => requests,
    open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`webhooks under a real server process (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let server: ServerProcess | undefined
    const org = organization()
    const ws = workspace(org.id as string)
    const env = () => ({ DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1', LOG_LEVEL: 'warn' })
    const cli = (args: string[]) => runCli([...args, '--database', db.url])
    const endpoint = async (url: string) =>
      createEndpoint(
        db.handle.db,
        { organizationId: org.id as string, url },
        { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined },
      )

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source([org, ws])])
    })
    after(async () => {
      await server?.stop()
      await db?.drop()
    })

    test('one receiver that never answers delays no delivery to another: 1,000 events delivered while it holds its requests', async (t) => {
      const hanging = await hangingReceiver()
      let secret = ''
      const healthy: Receiver = await startReceiver(() => secret)
      try {
        const stuck = await endpoint(hanging.url)
        secret = (await endpoint(healthy.url)).secret
        server = await startServer(env(), t)
        const employees = Array.from({ length: 1000 }, () => employee(ws.id as string))
        await importSources(db.handle, [source(employees)])
        // Not a time bound (machines differ): the healthy receiver's deliveries go on while the other
        // one holds its requests unanswered. Were they queued behind it, none would arrive meanwhile.
        const started = Date.now()
        const delivered = () =>
          new Set(healthy.received.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.id)).size
        let whileHeld = 0
        let last = delivered()
        while (last < 1000) {
          assert.ok(Date.now() - started < 180_000, `${last} of 1,000 deliveries after 180 s`)
          await new Promise((r) => setTimeout(r, 20))
          const now = delivered()
          if (hanging.open() > 0) whileHeld += now - last
          last = now
        }
        const seconds = (Date.now() - started) / 1000
        t.diagnostic(
          `1,000 deliveries to the healthy receiver in ${seconds.toFixed(2)} s, ${whileHeld} while the other held requests`,
        )
        assert.ok(healthy.received.every((r) => r.verified))
        assert.ok(hanging.requests() > 0, 'the hanging receiver was asked')
        assert.ok(whileHeld >= 500, `only ${whileHeld} deliveries while the hanging receiver held requests`)
        assert.ok(hanging.mostOpen() <= 4, `${hanging.mostOpen()} requests at once to one endpoint`)
        const stuckDelivered = await sql<{ n: number }>`select count(*) as n from webhook_deliveries
          where endpoint_id = ${stuck.id} and status = 'delivered'`.execute(db.handle.db)
        assert.equal(Number(stuckDelivered.rows[0]?.n), 0)
      } finally {
        await server?.stop()
        server = undefined
        await healthy.close()
        await hanging.close()
        await sql`delete from webhook_attempts`.execute(db.handle.db)
        await sql`delete from webhook_deliveries`.execute(db.handle.db)
        await sql`delete from webhook_endpoints`.execute(db.handle.db)
      }
    })

    test('a failing receiver is logged per attempt; once fixed, webhooks retry sends now with the same webhook-id', async (t) => {
      let secret = ''
      const receiver = await startReceiver(() => secret)
      try {
        const created = await endpoint(receiver.url)
        secret = created.secret
        receiver.answer = () => 500
        server = await startServer(env(), t)
        const three = Array.from({ length: 3 }, () => employee(ws.id as string))
        await importSources(db.handle, [source(three)])
        const ids = (
          await sql<{ id: string }>`select event_id as id from webhook_deliveries
            where endpoint_id = ${created.id} order by 1`.execute(db.handle.db)
        ).rows.map((r) => r.id)
        assert.equal(ids.length, 3)
        // Each fails once, then again 5 s later; the next retry would be 5 minutes away.
        await waitFor(
          'two failed attempts of each',
          () => receiver.received.filter((r) => r.status === 500).length >= 6,
          {
            every: 100,
          },
        )
        // Each attempt is recorded, and logged, after the receiver's answer.
        const logged = () =>
          (server as ServerProcess)
            .stdout()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
            .filter((l) => l.msg === 'webhook delivery failed; will retry')
        await waitFor('six failed attempts logged', () => logged().length >= 6, { every: 50 })
        const warnings = logged()
        assert.equal(warnings.length, 6)
        for (const w of warnings) {
          assert.equal(w.level, 40)
          assert.equal(w.endpoint_id, created.id)
          assert.ok(ids.includes(w.event_id))
          assert.equal(w.status_code, 500)
          assert.equal(w.error, 'HTTP 500')
          assert.ok([1, 2].includes(w.attempt))
          assert.match(w.next_attempt_at, /^\d{4}-\d{2}-\d{2}T/)
        }
        assert.ok(!server.stdout().includes(secret), 'the secret is never logged')
        assert.ok(!server.stdout().includes('"previous_attributes"'), 'nor a body')

        const table = await cli(['webhooks', 'deliveries', created.id])
        assert.equal(table.code, 0, table.stderr)
        const [header, ...rows] = table.stdout.trimEnd().split('\n')
        assert.match(header as string, /^ATTEMPTED\s+EVENT\s+TYPE\s+ATTEMPT\s+RESULT\s+NEXT ATTEMPT$/)
        assert.equal(rows.length, 6)
        assert.ok(
          rows.every((r) => /employee\.created\s+[12]\s+HTTP 500\s+\d{4}-/.test(r)),
          rows.join('\n'),
        )

        receiver.answer = () => 200
        const retried = await cli(['webhooks', 'retry', created.id])
        assert.equal(retried.code, 0, retried.stderr)
        assert.equal(retried.stdout, `3 pending deliveries of ${created.id} due now\n`)
        // Now, not at their next attempt (5 min away at the soonest): 30 s is far from both.
        await receiver.delivered(3, 30_000)
        const delivered = receiver.received.filter((r) => r.status === 200)
        assert.deepEqual(delivered.map((r) => r.id).sort(), ids, 'the same webhook-id: the event id')
        // The receiver answered; the server records it just after. Wait for that record, which the
        // edit below must not race with.
        await waitFor(
          'the deliveries recorded as delivered',
          async () => {
            const { rows } = await sql<{ n: number }>`select count(*) as n from webhook_deliveries
              where endpoint_id = ${created.id} and status = 'delivered'`.execute(db.handle.db)
            return Number(rows[0]?.n) === 3
          },
          { every: 50 },
        )

        // A given-up delivery (its retries all spent) goes again only when asked to.
        await sql`update webhook_deliveries set status = 'failed', attempts = 8, finished_at = next_attempt_at
          where endpoint_id = ${created.id} and event_id = ${ids[0]}`.execute(db.handle.db)
        const none = await cli(['webhooks', 'retry', created.id])
        assert.equal(none.stdout, `0 pending deliveries of ${created.id} due now\n`)
        const failed = await cli(['webhooks', 'retry', created.id, '--failed'])
        assert.equal(failed.stdout, `1 given-up delivery of ${created.id} due now\n`)
        await waitFor(
          'the given-up delivery sent again',
          () => receiver.received.filter((r) => r.id === ids[0] && r.status === 200).length >= 2,
          { every: 50 },
        )
        // One event, whatever became of it (delivered here): sent once more.
        const one = await cli(['webhooks', 'retry', created.id, '--event', ids[1] as string])
        assert.equal(one.stdout, `1 delivery of ${created.id} due now\n`)
        await waitFor(
          'the one event sent again',
          () => receiver.received.filter((r) => r.id === ids[1] && r.status === 200).length >= 2,
          { every: 50 },
        )
        const unknown = await cli(['webhooks', 'retry', created.id, '--event', created.id])
        assert.equal(unknown.code, 1)
        assert.equal(
          unknown.stderr,
          `awareness: endpoint ${created.id} has no delivery of event ${created.id}\n`,
        )
      } finally {
        await server?.stop()
        server = undefined
        await receiver.close()
      }
    })
  })
}
