// Erasure (CONTRACT 20) on each database, through the CLI and a real server process: an erased
// employee is absent from every answer of every operation (identified and pseudonymous keys), from
// every table but their `employee.erased` event, from the statistics' populations and the reports;
// the employees they managed have none; the feed names them only in that event, which each
// reader sees in its privacy; the recipients the disclosure record held are printed and kept; a
// dry run and an unknown id change nothing; a re-import skips them and says so until `lift`.

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { owned } from '../helpers/children.js'
import { CLI, runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { get, type ServerProcess, startServer } from '../helpers/processes.js'
import { source } from '../helpers/records.js'
import { routeCases } from '../helpers/routes.js'
import { everyTable } from '../helpers/snapshot.js'
import { elapse, waitFor } from '../helpers/wait.js'
import { type Receiver, startReceiver } from '../webhooks/receiver.js'

/** The tables and rows whose text holds `text`. */
function holding(tables: Record<string, string[]>, text: string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(tables)
      .map(([table, rows]) => [table, rows.filter((row) => row.includes(text))] as const)
      .filter(([, rows]) => rows.length > 0),
  )
}

interface Summary {
  dry_run: boolean
  persons: {
    id: string
    workspace_id: string
    recipients: { recipient_kind: string; recipient_id: string }[]
  }[]
  deleted: Record<string, number>
  changed: Record<string, number>
  events_deleted: number
  events_recorded: number
}

for (const { dialect, skip } of DIALECTS) {
  describe(`erasure (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let d: ApiDataset
    let server: ServerProcess | undefined
    let organizationId: string
    const keys: Record<'identified' | 'pseudonymous', { id: string; key: string }> = {} as never
    const cli = (...args: string[]) => runCli([...args, '--database', db.url])
    const secrets = { json: '', ocsf: '' }
    const receivers = {} as Record<'json' | 'ocsf', Receiver>

    before(async () => {
      receivers.json = await startReceiver(() => secrets.json)
      receivers.ocsf = await startReceiver(() => secrets.ocsf)
      db = await freshDatabase(dialect)
      d = apiDataset()
      organizationId = d.orgA.id as string
      await importSources(db.handle, [source(d.all)])
      for (const privacy of ['identified', 'pseudonymous'] as const) {
        const created = await createKey(db.handle.db, { organizationId, name: `${privacy} reader`, privacy })
        keys[privacy] = { id: created.id, key: created.key }
      }
    })
    after(async () => {
      await server?.stop()
      await db?.drop()
      await receivers.json?.close()
      await receivers.ocsf?.close()
    })

    test('an unknown id, or one of another organization, changes nothing and is named; a dry run changes nothing and counts what the erasure does', async () => {
      const before = await everyTable(db.handle)
      const victim = d.employeesA1[0]?.id as string
      const unknown = '00000000-0000-4000-8000-000000000001'
      const foreign = d.foreignEmployee.id as string
      const refused = await cli(
        'employees',
        'erase',
        '--organization',
        organizationId,
        victim,
        unknown,
        foreign,
      )
      assert.equal(refused.code, 1, refused.stderr)
      assert.match(
        refused.stderr,
        new RegExp(`not an employee of organization ${organizationId}: ${unknown}, ${foreign}`),
      )
      assert.deepEqual(await everyTable(db.handle), before)
      const dry = await cli(
        'employees',
        'erase',
        '--organization',
        organizationId,
        victim,
        '--dry-run',
        '--json',
      )
      assert.equal(dry.code, 0, dry.stderr)
      const summary = JSON.parse(dry.stdout) as Summary
      assert.equal(summary.dry_run, true)
      assert.deepEqual(
        summary.persons.map((p) => p.id),
        [victim],
      )
      assert.equal(summary.deleted.employees, 1)
      assert.ok(summary.events_deleted > 0)
      assert.deepEqual(await everyTable(db.handle), before, 'a dry run changes nothing')
      const text = await cli('employees', 'erase', '--organization', organizationId, victim, '--dry-run')
      assert.match(text.stdout, /^dry run: would erase 1 employee of organization .*; nothing was changed$/m)
    })

    test('erased: absent from every answer, every table and the feed but their employee.erased event, in each privacy; the recipients printed and kept', async (t) => {
      server = await startServer({ DATABASE_URL: db.url, LOG_LEVEL: 'warn', SHUTDOWN_DELAY: '0s' }, t)
      const victim = d.employeesA1[0] as Record<string, unknown>
      const other = d.employeesA1[5] as Record<string, unknown>
      const victims = [victim.id as string, other.id as string]
      const pseudonyms = new Map(
        (
          await sql<{ id: string; pseudonym: string }>`select id, pseudonym from employees_pseudonymous
            where id in (${sql.join(victims)})`.execute(db.handle.db)
        ).rows.map((r) => [r.id, r.pseudonym]),
      )
      assert.equal(pseudonyms.size, 2)
      const managed = (
        await sql<{ id: string }>`select id from employees where manager_id = ${victim.id as string}`.execute(
          db.handle.db,
        )
      ).rows.map((r) => r.id)
      assert.ok(managed.length > 0, 'the first victim manages employees')
      const statistics = async () =>
        JSON.parse(
          (
            await get(`${server?.base}/v1/employees/statistics?workspace_id=${d.a1}`, {
              'x-api-key': keys.identified.key,
            })
          ).body,
        ) as { data: { total: number } }
      const totalBefore = (await statistics()).data.total
      // The identified key reads the victim: the disclosure record holds it when the server stops.
      assert.equal(
        (await get(`${server.base}/v1/employees/${victim.id}`, { 'x-api-key': keys.identified.key })).status,
        200,
      )
      await server.stop()
      server = undefined
      // Two integrations subscribed to the feed: identified JSON, pseudonymous OCSF.
      const settings = { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined }
      const identifiedHook = await createEndpoint(
        db.handle.db,
        { organizationId, url: receivers.json.url },
        settings,
      )
      const hiddenHook = await createEndpoint(
        db.handle.db,
        { organizationId, url: receivers.ocsf.url, format: 'ocsf', privacy: 'pseudonymous' },
        settings,
      )
      secrets.json = identifiedHook.secret
      secrets.ocsf = hiddenHook.secret

      // An event that names the first victim, and the first one after it in the feed that names neither.
      const feedBefore = (
        await sql<{ id: string; json: string }>`select id, json from events where workspace_id = ${d.a1}
          order by created_at, id`.execute(db.handle.db)
      ).rows
      const forgotten = feedBefore.findIndex((e) => e.json.includes(victim.id as string))
      assert.ok(forgotten >= 0)
      const nextKept = feedBefore
        .slice(forgotten + 1)
        .find((e) => !victims.some((id) => e.json.includes(id)))?.id

      const erased = await cli(
        'employees',
        'erase',
        '--organization',
        organizationId,
        ...victims,
        '--reason',
        'Art. 17 request 42',
      )
      assert.equal(erased.code, 0, erased.stderr)
      assert.match(erased.stdout, /^erased 2 employees of organization /)
      assert.match(
        erased.stdout,
        new RegExp(`${victim.id}: key identified reader \\(${keys.identified.id}\\)`),
      )
      assert.match(erased.stdout, new RegExp(`${other.id}: none recorded`))

      // Nothing names them but their own employee.erased events.
      const tables = await everyTable(db.handle)
      for (const id of victims) {
        const left = holding(tables, id)
        assert.deepEqual(Object.keys(left), ['events'], `${id}: ${JSON.stringify(left)}`)
        assert.equal(left.events?.length, 1)
        assert.match(left.events?.[0] ?? '', /employee\.erased/)
      }
      // Their pseudonyms were kept nowhere but in their renderings, which are gone.
      for (const pseudonym of pseudonyms.values()) assert.deepEqual(holding(tables, pseudonym), {})
      for (const id of managed)
        assert.equal(
          (
            await sql<{ m: string | null }>`select manager_id as m from employees where id = ${id}`.execute(
              db.handle.db,
            )
          ).rows[0]?.m,
          null,
        )
      const kept = JSON.parse(
        (await cli('erasures', 'list', '--organization', organizationId, '--format', 'json')).stdout,
      ) as {
        reason: string
        recipients: { recipient_id: string }[]
        lifted_at: string | null
      }[]
      assert.equal(kept.length, 2)
      assert.ok(kept.every((e) => e.reason === 'Art. 17 request 42' && e.lifted_at === null))
      assert.deepEqual(kept.map((e) => e.recipients.map((r) => r.recipient_id)).sort(), [
        [],
        [keys.identified.id],
      ])

      server = await startServer(
        {
          DATABASE_URL: db.url,
          LOG_LEVEL: 'warn',
          SHUTDOWN_DELAY: '0s',
          WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        },
        t,
      )
      assert.equal((await statistics()).data.total, totalBefore - 2, 'the statistics count them no more')
      const feedOf = async (key: string) => {
        const events: { type: string; data: { object: { id?: string } } }[] = []
        let cursor: string | undefined
        do {
          const page = await get(`${server?.base}/v1/events?workspace_id=${d.a1}`, {
            'x-api-key': key,
            'x-item-limit': '500',
            ...(cursor ? { 'x-next-cursor': cursor } : {}),
          })
          assert.equal(page.status, 200, page.body)
          events.push(...(JSON.parse(page.body) as { data: typeof events }).data)
          cursor = page.headers['x-next-cursor'] as string | undefined
        } while (cursor)
        return events
      }
      for (const [privacy, shown] of [
        ['identified', (id: string) => id],
        ['pseudonymous', (id: string) => pseudonyms.get(id) as string],
      ] as const) {
        const key = keys[privacy].key
        for (const route of routeCases(d)) {
          const answer = await get(`${server.base}${route.url}`, { 'x-api-key': key })
          for (const id of victims)
            assert.ok(!answer.body.includes(shown(id)), `${privacy} ${route.name}: names an erased employee`)
        }
        const feed = await feedOf(key)
        const naming = feed.filter((e) => victims.some((id) => JSON.stringify(e).includes(shown(id))))
        assert.deepEqual(
          naming.map((e) => [e.type, e.data.object.id]).sort(),
          victims.map((id) => ['employee.erased', shown(id)]).sort(),
          privacy,
        )
      }
      const ocsf = await get(`${server.base}/v1/events?workspace_id=${d.a1}&format=ocsf`, {
        'x-api-key': keys.identified.key,
        'x-item-limit': '500',
      })
      assert.equal(ocsf.status, 200)
      const told = (
        JSON.parse(ocsf.body) as {
          data: {
            class_uid: number
            activity_id: number
            metadata: { log_name: string }
            user: { uid: string }
          }[]
        }
      ).data.filter((e) => e.metadata.log_name === 'employee.erased')
      assert.deepEqual(
        told.map((e) => [e.class_uid, e.activity_id, e.user.uid]).sort(),
        victims.map((id) => [3001, 6, id]).sort(),
      )
      const item = await get(`${server.base}/v1/employees/${victim.id}`, { 'x-api-key': keys.identified.key })
      assert.equal(item.status, 404)
      // A client resuming after= an event the erasure deleted goes on as if it were there.
      const resumed = await get(
        `${server.base}/v1/events?workspace_id=${d.a1}&after=${feedBefore[forgotten]?.id}&limit=1`,
        { 'x-api-key': keys.identified.key },
      )
      assert.equal(resumed.status, 200, resumed.body)
      assert.equal((JSON.parse(resumed.body) as { data: { id: string }[] }).data[0]?.id, nextKept)
      // Each integration is told, in its privacy.
      const delivered = (r: Receiver) =>
        r.received.map((x) => JSON.parse(x.rawBody) as Record<string, unknown>)
      await waitFor('both integrations told of both erasures', () =>
        delivered(receivers.json).length === 2 && delivered(receivers.ocsf).length === 2 ? true : undefined,
      )
      assert.deepEqual(
        delivered(receivers.json)
          .map((e) => [e.type, (e.data as { object: { id: string } }).object.id])
          .sort(),
        victims.map((id) => ['employee.erased', id]).sort(),
      )
      assert.deepEqual(
        delivered(receivers.ocsf)
          .map((e) => [(e.metadata as { log_name: string }).log_name, (e.user as { uid: string }).uid])
          .sort(),
        victims.map((id) => ['employee.erased', pseudonyms.get(id)]).sort(),
      )
      await server.stop()
      server = undefined
    })

    test('a re-import of the original records skips the erased and says so; lift lets them back', async () => {
      const victim = d.employeesA1[0]?.id as string
      const again = await importSources(db.handle, [source(d.all)])
      assert.ok(again.skipped > 0, 'records skipped')
      const present = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from employees where id = ${victim}`.execute(
              db.handle.db,
            )
          ).rows[0]?.n,
        )
      assert.equal(await present(), 0)
      const unknownLift = await cli('erasures', 'lift', '--organization', organizationId, d.a2)
      assert.equal(unknownLift.code, 1)
      assert.match(unknownLift.stderr, /no standing erasure/)
      const lifted = await cli('erasures', 'lift', '--organization', organizationId, victim)
      assert.equal(lifted.code, 0, lifted.stderr)
      const file = join(mkdtempSync(join(tmpdir(), 'erasure-')), 'again.ndjson')
      writeFileSync(file, d.all.map((r) => JSON.stringify(r)).join('\n'))
      const back = await cli('import', file)
      assert.equal(back.code, 0, back.stderr)
      // The other erased employee's records stay skipped.
      assert.match(back.stdout, /; erased, skipped: [1-9]/)
      assert.equal(await present(), 1)
    })
  })
}

/** Whether another process holds the database's write lock: an erasure's transaction is open. */
async function writeLockHeld(db: TestDatabase): Promise<boolean> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_locks
      where locktype = 'advisory' and granted and pid <> pg_backend_pid()
        and database = (select oid from pg_database where datname = current_database())`.execute(db.handle.db)
    return Number(rows[0]?.n) > 0
  }
  const probe = new SQLite(db.url, { timeout: 0 })
  try {
    probe.exec('begin immediate')
    probe.exec('rollback')
    return false
  } catch {
    return true
  } finally {
    probe.close()
  }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`an erasure killed (${dialect})`, { skip }, () => {
    let db: TestDatabase
    before(async () => {
      db = await freshDatabase(dialect)
    })
    after(async () => db?.drop())

    test('kill -9 during an erasure leaves the database as before it', async () => {
      const demo = await runCli([
        'demo-data',
        '--employees',
        '3000',
        '--workspaces',
        '1',
        '--database',
        db.url,
      ])
      assert.equal(demo.code, 0, demo.stderr)
      const { rows } = await sql<{
        organization_id: string
        manager_id: string
      }>`select w.organization_id, e.manager_id
        from employees e join workspaces w on w.id = e.workspace_id where e.manager_id is not null
        group by w.organization_id, e.manager_id order by count(*) desc, e.manager_id limit 20`.execute(
        db.handle.db,
      )
      const organizationId = rows[0]?.organization_id as string
      const ids = rows.map((r) => r.manager_id)
      const args = ['employees', 'erase', '--organization', organizationId, ...ids, '--database', db.url]
      const dry = await runCli([...args, '--dry-run', '--json'])
      assert.equal(dry.code, 0, dry.stderr)
      const seconds = (JSON.parse(dry.stdout) as { seconds: number }).seconds
      const before = await everyTable(db.handle)
      const child = owned(spawn(process.execPath, [...CLI, ...args], { stdio: 'ignore' }))
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      const deadline = Date.now() + 60_000
      while (Date.now() < deadline && child.exitCode === null && !(await writeLockHeld(db)))
        await elapse(2, 'polling for the erasure to begin')
      // Well into its work, not at its first statement.
      await elapse(Math.max(5, seconds * 400), 'killed mid-erasure')
      assert.equal(
        child.exitCode,
        null,
        `the erasure ended before it was killed (a dry run took ${seconds} s)`,
      )
      child.kill('SIGKILL')
      await exited
      assert.deepEqual(await everyTable(db.handle), before)
    })
  })
}
