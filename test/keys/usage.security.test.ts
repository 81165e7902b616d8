// The keys' usage record (keys/usage.ts): exact counts per key, hour, route and status class after
// 10,000 requests spread over two server processes and a restart; bytes as sent; the client
// addresses; failed authentications per address; nothing written per request; nothing of a key or
// a query value stored; the retention; `awareness keys usage`. On both databases.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { hourOf, keyUsage, pruneUsage, UsageRecorder } from '../../src/keys/usage.js'
import { testApp } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { get, type ServerProcess, startServer } from '../helpers/processes.js'
import { smallDataset, source } from '../helpers/records.js'

/** A GET and the bytes its answer took on the wire: status line, headers as sent, body. */
function sent(url: string, key: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'x-api-key': key }, agent: false }, (res) => {
      let body = 0
      res.on('data', (chunk: Buffer) => (body += chunk.length))
      res.on('end', () => {
        assert.ok(res.headers['content-length'] !== undefined, 'a length, not chunks')
        let head = Buffer.byteLength(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`) + 2
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          head += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`)
        resolve({ status: res.statusCode ?? 0, bytes: head + body })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const TOTAL = 10_000
const PARALLEL = 16

for (const { dialect, skip } of DIALECTS) {
  describe(`the keys' usage record (${dialect})`, { skip }, () => {
    let db: TestDatabase
    const d = smallDataset()
    const env = () => ({
      DATABASE_URL: db.url,
      WEBHOOKS: 'off',
      RATE_LIMIT: '1000000/60s',
      AUTH_FAILURE_LIMIT: '1000000/60s',
    })

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(d.all)])
    })
    after(async () => db?.drop())

    test('happy: 10,000 requests over two processes and a restart are counted exactly, per route and status', async (t) => {
      const key = await createKey(db.handle.db, { organizationId: d.org.id as string, name: 'counted' })
      const paths = [
        [`/v1/employees?workspace_id=${d.ws.id}`, '/v1/employees'],
        [
          `/v1/employees/${d.manager.id}?workspace_id=${d.ws.id}&secret_value=hunter2`,
          '/v1/employees/:employee_id',
        ],
        [`/v1/employees/${randomUUID()}?workspace_id=${d.ws.id}`, '/v1/employees/:employee_id'],
      ] as const
      const expected = new Map<string, { requests: number; bytes: number }>()
      let failedAuth = 0
      /** Sends `count` requests to the servers, PARALLEL at a time, noting what each answered. */
      const send = async (servers: ServerProcess[], from: number, count: number) => {
        let next = from
        const worker = async () => {
          for (;;) {
            const i = next++
            if (i >= from + count) return
            const server = servers[i % servers.length] as ServerProcess
            if (i % 97 === 0) {
              const refused = await get(`${server.base}${paths[0][0]}`, {
                'x-api-key': `${key.key.slice(0, -6)}AAAAAA`,
              })
              assert.equal(refused.status, 401)
              failedAuth++
              continue
            }
            const [url, route] = paths[i % paths.length] as (typeof paths)[number]
            const answer = await sent(`${server.base}${url}`, key.key)
            const id = `${route} ${Math.floor(answer.status / 100)}xx`
            const seen = expected.get(id) ?? { requests: 0, bytes: 0 }
            seen.requests++
            seen.bytes += answer.bytes
            expected.set(id, seen)
          }
        }
        await Promise.all(Array.from({ length: PARALLEL }, worker))
      }
      const first = await startServer(env(), t)
      let second = await startServer(env(), t)
      try {
        await send([first, second], 0, TOTAL / 2)
        // A restart: the stopping process writes what it counted.
        await second.stop()
        second = await startServer(env(), t)
        await send([first, second], TOTAL / 2, TOTAL / 2)
      } finally {
        await first.stop()
        await second.stop()
      }
      const { usage, addresses } = await keyUsage(db.handle.db, key.id, Date.now() - 3_600_000)
      const stored = new Map<string, { requests: number; bytes: number }>()
      for (const u of usage) {
        const id = `${u.route} ${u.status_class}`
        const sum = stored.get(id) ?? { requests: 0, bytes: 0 }
        sum.requests += u.requests
        sum.bytes += u.bytes
        stored.set(id, sum)
        assert.ok(u.first_seen <= u.last_seen)
      }
      assert.deepEqual(Object.fromEntries([...stored].sort()), Object.fromEntries([...expected].sort()))
      const counted = [...stored.values()].reduce((a, b) => a + b.requests, 0)
      assert.equal(counted + failedAuth, TOTAL)
      assert.ok(addresses.every((a) => a.addresses.join() === '127.0.0.1'))
      const failures = await sql<{
        count: number | string
      }>`select count from auth_failures where address = '127.0.0.1'`.execute(db.handle.db)
      assert.equal(
        failures.rows.reduce((a, r) => a + Number(r.count), 0),
        failedAuth,
      )

      // Security: no key, no query value, is stored anywhere in the record.
      const everything = JSON.stringify([
        (await sql`select * from key_usage`.execute(db.handle.db)).rows,
        (await sql`select * from key_usage_addresses`.execute(db.handle.db)).rows,
        (await sql`select * from auth_failures`.execute(db.handle.db)).rows,
      ])
      for (const secret of [key.key, key.key.slice(4, 20), 'hunter2', 'AAAAAA'])
        assert.ok(!everything.includes(secret))

      // awareness keys usage: the same record, as a table and as JSON.
      const printed = await runCli(['keys', 'usage', key.id, '--database', db.url])
      assert.equal(printed.code, 0, printed.stderr)
      assert.match(
        printed.stdout.split('\n')[0] as string,
        /^HOUR +ROUTE +STATUS +REQUESTS +BYTES +FIRST SEEN +LAST SEEN +ADDRESSES/,
      )
      assert.match(printed.stdout, /\/v1\/employees\/:employee_id +4xx +\d+/)
      const json = JSON.parse(
        (await runCli(['keys', 'usage', key.id, '--json', '--database', db.url])).stdout,
      )
      assert.deepEqual(json.usage, usage)
      const unknown = await runCli(['keys', 'usage', randomUUID(), '--database', db.url])
      assert.equal(unknown.code, 1)
      assert.match(unknown.stderr, /^awareness: no key with the id/)
    })

    test('error: nothing is written per request, only when the process flushes', async () => {
      const t = await testApp(dialect, d.all)
      try {
        const key = await t.key({ organizationId: d.org.id as string })
        for (let i = 0; i < 50; i++)
          assert.equal((await t.request(`/v1/employees?workspace_id=${d.ws.id}`, { key })).status, 200)
        const rows = async () => (await sql`select requests from key_usage`.execute(t.db.handle.db)).rows
        assert.deepEqual(await rows(), [], 'not written yet')
        await t.app.api.usage.flush()
        assert.deepEqual(
          (await rows()).map((r) => Number((r as { requests: unknown }).requests)),
          [50],
        )
        await t.app.api.usage.flush()
        assert.equal((await rows()).length, 1, 'a flush with nothing counted writes nothing')
      } finally {
        await t.close()
      }
    })

    test('security: hours split the record, addresses are bounded, the retention prunes', async () => {
      const scratch = await freshDatabase(dialect)
      try {
        let now = Date.parse('2026-11-26T09:59:59.900Z')
        const recorder = new UsageRecorder(scratch.handle.db, {
          retentionMs: 90 * 86_400_000,
          now: () => now,
        })
        const keyId = randomUUID()
        for (let i = 0; i < 150; i++) recorder.record(keyId, '/v1/employees', 200, 10, `192.0.2.${i}`)
        now = Date.parse('2026-11-26T10:00:00.100Z')
        recorder.record(keyId, '/v1/employees', 200, 10, '192.0.2.1')
        recorder.failed('198.51.100.1')
        await recorder.flush()
        const { usage, addresses } = await keyUsage(
          scratch.handle.db,
          keyId,
          Date.parse('2026-11-26T00:00:00Z'),
        )
        assert.deepEqual(
          usage.map((u) => [u.hour, u.requests, u.bytes]),
          [
            ['2026-11-26T10:00:00.000000Z', 1, 10],
            ['2026-11-26T09:00:00.000000Z', 150, 1500],
          ],
        )
        assert.deepEqual(
          addresses.map((a) => [a.hour, a.addresses.length]),
          [
            ['2026-11-26T10:00:00.000000Z', 1],
            ['2026-11-26T09:00:00.000000Z', 100],
          ],
        )
        assert.equal(hourOf(now), '2026-11-26T10:00:00.000000Z')
        // 91 days later, the retention of 90 days removes both hours.
        assert.ok((await pruneUsage(scratch.handle.db, 90 * 86_400_000, now + 91 * 86_400_000)) >= 4)
        assert.deepEqual((await keyUsage(scratch.handle.db, keyId, 0)).usage, [])
      } finally {
        await scratch.drop()
      }
    })
  })
}
