// Key rotation with overlap (`keys rotate ID --overlap`): the successor keeps what the key allowed,
// both work on every server process until the overlap ends, then the old one is refused within the
// verification cache's bound. Happy, error and security cases on both databases, with two real
// `serve` processes answering a request every 100 ms through the switch.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../src/importer/import.js'
import { createKey, revokeKey, rotateKey } from '../../src/keys/keys.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { get, type ServerProcess, startServer } from '../helpers/processes.js'
import { smallDataset, source } from '../helpers/records.js'
import { waitFor } from '../helpers/wait.js'

const OVERLAP_S = 4
const CACHE_S = 1
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

for (const { dialect, skip } of DIALECTS) {
  describe(`key rotation across two server processes (${dialect})`, { skip }, () => {
    let db: TestDatabase
    const servers: ServerProcess[] = []
    const d = smallDataset()
    const path = `/v1/employees?workspace_id=${d.ws.id}`
    const cli = (...args: string[]) => runCli(['keys', ...args, '--database', db.url])

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(d.all)])
      const env = { DATABASE_URL: db.url, KEY_CACHE_SECONDS: String(CACHE_S), WEBHOOKS: 'off' }
      servers.push(await startServer(env), await startServer(env))
    })
    after(async () => {
      await Promise.all(servers.map((s) => s.stop()))
      await db?.drop()
    })

    /** Sends a request every 100 ms, alternating processes, with `keyOf(i)`; resolves with each status. */
    async function every100ms(count: number, keyOf: (i: number) => string) {
      const statuses: number[] = []
      for (let i = 0; i < count; i++) {
        const started = Date.now()
        const server = servers[i % 2] as ServerProcess
        statuses.push((await get(`${server.base}${path}`, { 'x-api-key': keyOf(i) })).status)
        await sleep(Math.max(0, 100 - (Date.now() - started)))
      }
      return statuses
    }

    test('happy: the successor keeps what the key allowed; both work on both processes through the overlap, then only it', async () => {
      const old = await createKey(db.handle.db, {
        organizationId: d.org.id as string,
        workspaceId: d.ws.id as string,
        scopes: ['workspace:read', 'events:read'],
        name: 'siem',
        expiresInSeconds: 90 * 86_400,
        rateLimit: '5000/60s',
        allowFrom: ['127.0.0.0/8', '::1'],
      })
      assert.deepEqual(await every100ms(10, () => old.key), Array(10).fill(200), 'before')
      const rotating = cli('rotate', old.id, '--overlap', `${OVERLAP_S}s`, '--json')
      // Requests go on while the rotation runs.
      const during = every100ms(10, () => old.key)
      const rotated = await rotating
      assert.equal(rotated.code, 0, rotated.stderr)
      const successor = JSON.parse(rotated.stdout)
      const rotatedAt = Date.now()
      assert.deepEqual(await during, Array(10).fill(200), 'while it rotates')
      assert.deepEqual(
        [successor.organization_id, successor.workspace_id, successor.scopes, successor.allow_from],
        [d.org.id, d.ws.id, ['workspace:read', 'events:read'], ['127.0.0.0/8', '::1/128']],
      )
      assert.notEqual(successor.key, old.key)
      const lifetime = Date.parse(successor.expires_at) - rotatedAt
      assert.ok(Math.abs(lifetime - 90 * 86_400_000) < 60_000, 'the same lifetime, from now')
      assert.equal(successor.replaced.id, old.id)
      assert.ok(Math.abs(Date.parse(successor.replaced.expires_at) - (rotatedAt + OVERLAP_S * 1000)) < 2000)

      // The overlap: a connector half switched (requests alternate the keys) sees no failure.
      const overlapEnd = Date.parse(successor.replaced.expires_at)
      const count = Math.floor((overlapEnd - Date.now() - 500) / 100)
      const switching = await every100ms(count, (i) => (i % 3 === 0 ? old.key : successor.key))
      assert.deepEqual(switching, Array(count).fill(200), 'no failure during the overlap')

      const listed = (await cli('list')).stdout
      assert.match(listed, new RegExp(`^${old.id} .* (rotated → ${successor.id}|expired) `, 'm'))

      // Past the overlap and the cache bound: the old key is refused everywhere, the new one answers.
      const waiting = Date.now()
      for (const server of servers)
        await waitFor(
          'the old key refused',
          async () => (await get(`${server.base}${path}`, { 'x-api-key': old.key })).status === 401,
        )
      // Within the cache's bound of the overlap's end (or of the wait's start, when listing the keys
      // took longer), with a margin for a busy machine's slow requests.
      const refusedAfter = Date.now() - Math.max(waiting, overlapEnd)
      assert.ok(refusedAfter < CACHE_S * 1000 + 3000, `refused ${refusedAfter} ms after the overlap`)
      assert.deepEqual(await every100ms(4, () => old.key), [401, 401, 401, 401])
      assert.deepEqual(await every100ms(4, () => successor.key), [200, 200, 200, 200])
      const after = JSON.parse((await cli('list', '--json')).stdout)
      const replaced = after.find((k: { id: string }) => k.id === old.id)
      assert.equal(replaced.rotated_to, successor.id)
      assert.equal(
        (await cli('list')).stdout.match(new RegExp(`^${old.id} .*`, 'm'))?.[0].includes('expired'),
        true,
      )
    })

    test('error: an unknown, revoked, expired or already rotated key is not rotated', async () => {
      const unknown = await cli('rotate', '00000000-0000-4000-8000-000000000000')
      assert.equal(unknown.code, 1)
      assert.match(unknown.stderr, /^awareness: no key with the id/)
      const revoked = await createKey(db.handle.db, { organizationId: d.org.id as string })
      await revokeKey(db.handle.db, revoked.id)
      assert.match(
        (await cli('rotate', revoked.id)).stderr,
        /^awareness: key .* is revoked: create a new one\n$/,
      )
      const rotated = await createKey(db.handle.db, { organizationId: d.org.id as string })
      assert.equal((await cli('rotate', rotated.id)).code, 0)
      const again = await cli('rotate', rotated.id)
      assert.equal(again.code, 1)
      assert.match(again.stderr, /already rotated to [0-9a-f-]{36}/)
      const usage = await cli('rotate', rotated.id, '--overlap', 'soon')
      assert.equal(usage.code, 2)
    })

    test('--overlap 0s ends the old key now; five rotations at once all succeed, each waiting for the lock', async () => {
      const now = await createKey(db.handle.db, { organizationId: d.org.id as string })
      const zero = await cli('rotate', now.id, '--overlap', '0s', '--json')
      assert.equal(zero.code, 0, zero.stderr)
      const replaced = JSON.parse(zero.stdout).replaced
      assert.ok(Date.parse(replaced.expires_at) <= Date.now(), 'the old key expires at once')
      const ended = Date.now()
      await waitFor(
        'the old key refused',
        async () => (await get(`${servers[0]?.base}${path}`, { 'x-api-key': now.key })).status === 401,
      )
      assert.ok(Date.now() - ended < CACHE_S * 1000 + 3000, `refused ${Date.now() - ended} ms after it ended`)
      const keys = await Promise.all(
        Array.from({ length: 5 }, () => createKey(db.handle.db, { organizationId: d.org.id as string })),
      )
      const results = await Promise.all(keys.map((k) => cli('rotate', k.id, '--json')))
      for (const result of results) assert.equal(result.code, 0, result.stderr)
      assert.equal(new Set(results.map((r) => JSON.parse(r.stdout).id)).size, 5)
    })

    test('security: the new key is printed once, last, no listing shows either key, and not-before holds', async () => {
      const old = await createKey(db.handle.db, { organizationId: d.org.id as string, name: 'export job' })
      const printed = await cli('rotate', old.id, '--overlap', '1h')
      assert.equal(printed.code, 0, printed.stderr)
      const lines = printed.stdout.trimEnd().split('\n')
      const key = lines.at(-1) as string
      assert.match(key, /^wsa_[0-9A-Za-z]{38}$/)
      assert.ok(lines.slice(0, -1).every((l) => !l.includes('wsa_')))
      assert.match(printed.stdout, new RegExp(`replaces ${old.id}, which works until \\d{4}-`))
      for (const listing of [await cli('list'), await cli('list', '--json')]) {
        assert.ok(!listing.stdout.includes(key))
        assert.ok(!listing.stdout.includes(old.key))
      }
      // No way around --not-before: a key not valid yet gives a successor not valid before the same time.
      const waiting = await createKey(db.handle.db, {
        organizationId: d.org.id as string,
        notBefore: '2099-01-01T00:00:00Z',
      })
      const { successor } = await rotateKey(db.handle.db, waiting.id, 3600)
      assert.equal(successor.not_before, '2099-01-01T00:00:00.000000Z')
      const early = await get(`${servers[0]?.base}${path}`, { 'x-api-key': successor.key })
      assert.equal(early.status, 401)
    })
  })
}
