// Webhook delivery by real `serve` processes on PostgreSQL (CONTRACT 14): two processes side by
// side send each event to each endpoint exactly once per attempt, and a process killed with
// SIGKILL mid-delivery loses nothing: its deliveries go out once another process runs.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { apiDataset } from '../helpers/dataset.js'
import { type ServerProcess, startServer } from '../helpers/processes.js'
import { ndjson, source } from '../helpers/records.js'
import { elapse, waitFor } from '../helpers/wait.js'
import { type Receiver, startReceiver } from './receiver.js'

const postgres = DIALECTS.find((d) => d.dialect === 'postgres')

describe('webhook delivery by server processes (postgres)', { skip: postgres?.skip ?? false }, () => {
  let db: TestDatabase
  let receiver: Receiver
  let secret = ''
  const servers: ServerProcess[] = []
  const d = apiDataset(60)
  const env = () => ({ DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1', LOG_LEVEL: 'error' })
  const eventIds = async () =>
    (await sql<{ id: string }>`select id from events order by id`.execute(db.handle.db)).rows.map((r) => r.id)

  before(async () => {
    db = await freshDatabase('postgres')
    receiver = await startReceiver(() => secret)
    await importSources(db.handle, [
      source(d.all.filter((r) => r.type === 'organization' || r.type === 'workspace')),
    ])
    secret = (
      await createEndpoint(
        db.handle.db,
        { organizationId: d.orgA.id as string, url: receiver.url },
        { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined },
      )
    ).secret
  })
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await receiver?.close()
    await db?.drop()
  })

  test('two processes delivering side by side send every event exactly once', async () => {
    servers.push(...(await Promise.all([startServer(env()), startServer(env())])))
    // Answers take a while, so that both processes hold deliveries at the same time.
    receiver.answer = () => new Promise((r) => setTimeout(() => r(200), Math.random() * 20))
    await importSources(db.handle, [source(d.all)])
    const ids = await eventIds()
    const ofA = (
      await sql<{ id: string }>`select e.id from events e join workspaces w on w.id = e.workspace_id
      where w.organization_id = ${d.orgA.id as string} order by e.id`.execute(db.handle.db)
    ).rows.map((r) => r.id)
    assert.ok(ofA.length > 100, `${ofA.length} events of organization A`)
    assert.ok(ids.length > ofA.length, 'organization B has events too, for no endpoint of A')
    await receiver.delivered(ofA.length)
    await elapse(2500, 'a duplicate, if there were one, comes within the next rounds')
    const sent = receiver.received.map((r) => r.id)
    assert.deepEqual([...sent].sort(), ofA, 'each event of the organization once, no other')
    assert.ok(receiver.received.every((r) => r.verified && r.status === 200))
    const states = (
      await sql<{
        status: string
        n: number
      }>`select status, count(*) as n from webhook_deliveries group by status`.execute(db.handle.db)
    ).rows
    assert.deepEqual(
      states.map((s) => [s.status, Number(s.n)]),
      [['delivered', ofA.length]],
    )
  })

  test('a process killed with SIGKILL mid-delivery loses no event: delivered after a restart', async (t) => {
    await Promise.all(servers.splice(0).map((s) => s.stop()))
    const victim = await startServer(env(), t)
    let held = 0
    let release: () => void = () => {}
    const released = new Promise<void>((r) => (release = r))
    // Every delivery is held open: the process is killed while it waits for them.
    receiver.answer = async () => {
      held++
      await released
      return 200
    }
    const changed = d.all
      .filter((r) => r.type === 'employee' && (r.workspace as { id: string }).id === d.a1)
      .map((r) => ({ ...r, job_title: 'Killed mid-delivery' }))
    await importSources(db.handle, [source(changed)])
    const expected = (
      await sql<{
        id: string
      }>`select event_id as id from webhook_deliveries where status = 'pending' order by 1`.execute(
        db.handle.db,
      )
    ).rows.map((r) => r.id)
    assert.ok(expected.length > 0)
    await waitFor('the process mid-delivery', () => held > 0, { every: 25 })
    victim.child.kill('SIGKILL')
    await new Promise((r) => victim.child.once('exit', r))
    // Until the held connections are seen closed, answering them would look like a delivery.
    await elapse(500, "the receiver sees the killed process's connections close")
    receiver.answer = () => 200
    release()
    servers.push(await startServer(env()))
    const delivered = () => new Set(receiver.received.filter((r) => r.status === 200).map((r) => r.id))
    await waitFor(
      'every event delivered after the restart',
      () => expected.every((id) => delivered().has(id)),
      {
        ms: 60_000,
        every: 100,
      },
    )
    // The receiver answers before the sender records the attempt.
    const undelivered = async () =>
      Number(
        (
          await sql<{
            n: number
          }>`select count(*) as n from webhook_deliveries where status <> 'delivered'`.execute(db.handle.db)
        ).rows[0]?.n,
      )
    await waitFor('every attempt recorded', async () => (await undelivered()) === 0, { every: 100 })
  })
})

// The finding's own setup (CONTRACT 14): a receiver that answers 200 after 1 s, two endpoints, 12
// imports (the CLI's) 2 s apart into the database a `serve` process delivers from. On SQLite every import holds
// the write lock the worker records its attempts with; a 2xx whose record waited must not go again.
for (const { dialect, skip } of DIALECTS) {
  describe(`deliveries answered 2xx while imports come and go (${dialect})`, { skip }, () => {
    let db: TestDatabase
    const receivers: Receiver[] = []
    let server: ServerProcess | undefined
    const d = apiDataset(100)

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(d.all)])
      const secrets: string[] = []
      for (let i = 0; i < 2; i++) {
        const receiver = await startReceiver(() => secrets[i] as string)
        receiver.answer = () => new Promise((r) => setTimeout(() => r(200), 1000))
        receivers.push(receiver)
        const created = await createEndpoint(
          db.handle.db,
          { organizationId: d.orgA.id as string, url: receiver.url },
          { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined },
        )
        secrets.push(created.secret)
      }
      server = await startServer({
        DATABASE_URL: db.url,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        LOG_LEVEL: 'warn',
      })
    })
    after(async () => {
      await server?.stop()
      await Promise.all(receivers.map((r) => r.close()))
      await db?.drop()
    })

    test('no webhook-id arrives twice at an endpoint, and every send is one recorded attempt', async (t) => {
      const employees = d.all.filter(
        (r) => r.type === 'employee' && (r.workspace as { id: string }).id === d.a1,
      )
      for (let round = 0; round < 12; round++) {
        // The whole file each time, 8 employees changed: the import holds the write lock a while.
        const changed = new Set(employees.slice(round * 8, round * 8 + 8))
        const file = d.all.map((r) => (changed.has(r) ? { ...r, job_title: `Round ${round}` } : r))
        const imported = await runCli(['import', '-'], { input: ndjson(file), env: { DATABASE_URL: db.url } })
        assert.equal(imported.code, 0, imported.stderr)
        await elapse(2000, 'imports 2 s apart, as the finding had them')
      }
      const count = async (where: string) =>
        Number(
          (
            await sql<{
              n: number
            }>`select count(*) as n from webhook_deliveries where ${sql.raw(where)}`.execute(db.handle.db)
          ).rows[0]?.n,
        )
      await waitFor('every delivery ended', async () => (await count("status <> 'delivered'")) === 0, {
        ms: 120_000,
        every: 200,
      })
      await elapse(21_000, 'a delivery whose record was lost goes again once its lease (20 s) runs out')
      const deliveries = await count('true')
      assert.ok(deliveries >= 2 * 96, `${deliveries} deliveries: 96 changed employees, to two endpoints`)
      const sends = receivers.reduce((n, r) => n + r.received.length, 0)
      for (const receiver of receivers) {
        const ids = receiver.received.map((r) => r.id)
        assert.equal(new Set(ids).size, ids.length, 'no webhook-id twice')
        assert.ok(receiver.received.every((r) => r.status === 200 && r.verified))
      }
      const attempts = Number(
        (await sql<{ n: number }>`select count(*) as n from webhook_attempts`.execute(db.handle.db)).rows[0]
          ?.n,
      )
      t.diagnostic(`${deliveries} deliveries, ${sends} sends, ${attempts} attempts recorded`)
      assert.equal(sends, deliveries, 'one send per delivery')
      assert.equal(attempts, sends, 'every send one recorded attempt')
    })
  })
}
