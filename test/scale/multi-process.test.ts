// Several stateless server processes behind a load balancer, on PostgreSQL and Redis (the
// scale-out path): cursors, budgets and revocations hold across processes, and losing Redis fails
// no request.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../src/importer/import.js'
import { createKey, revokeKey } from '../../src/keys/keys.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import {
  get,
  type PrivateRedis,
  redisUnavailable,
  type ServerProcess,
  startPrivateRedis,
  startServer,
} from '../helpers/processes.js'
import { source } from '../helpers/records.js'
import { elapse, waitFor } from '../helpers/wait.js'
import { clearOfWindowEnd } from '../helpers/windows.js'

const postgres = DIALECTS.find((d) => d.dialect === 'postgres')
const skip = postgres?.skip || redisUnavailable() || false

describe('two server processes on PostgreSQL and Redis', { skip }, () => {
  let db: TestDatabase
  let d: ApiDataset
  let redis: PrivateRedis
  let a: ServerProcess
  let b: ServerProcess
  const newKey = async () => (await createKey(db.handle.db, { organizationId: d.orgA.id as string })).key

  before(async () => {
    db = await freshDatabase('postgres')
    d = apiDataset(30)
    await importSources(db.handle, [source(d.all)])
    redis = await startPrivateRedis()
    // No CURSOR_SECRET: the processes must agree through the database.
    const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, RATE_LIMIT: '20/1h', KEY_CACHE_SECONDS: '1' }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
  })
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await redis?.kill()
    await db?.drop()
  })

  test('a cursor from one process works on the other', async () => {
    const key = await newKey()
    const url = `/v1/employees?workspace_id=${d.a1}`
    const first = await get(a.base + url, { 'x-api-key': key, 'x-item-limit': '7' })
    assert.equal(first.status, 200)
    const cursor = first.headers['x-next-cursor'] as string
    const second = await get(b.base + url, { 'x-api-key': key, 'x-item-limit': '7', 'x-next-cursor': cursor })
    assert.equal(second.status, 200, second.body)
    assert.deepEqual(JSON.parse(second.body).data, oracle.employees(d.all, d.a1).slice(7, 14))
  })

  test("a key's budget is shared: the accepted requests across both stay within it", async () => {
    const key = await newKey()
    await clearOfWindowEnd(3600)
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      const server = i % 2 === 0 ? a : b
      statuses.push((await get(`${server.base}/v1/organization`, { 'x-api-key': key })).status)
    }
    assert.equal(statuses.filter((s) => s === 200).length, 20)
    assert.equal(statuses.filter((s) => s === 429).length, 10)
  })

  test('a revoked key is refused by both within the cache bound', async () => {
    const created = await createKey(db.handle.db, { organizationId: d.orgA.id as string })
    for (const server of [a, b]) {
      assert.equal((await get(`${server.base}/v1/organization`, { 'x-api-key': created.key })).status, 200)
    }
    await revokeKey(db.handle.db, created.id)
    const revoked = Date.now()
    for (const server of [a, b])
      await waitFor(
        'the revoked key refused',
        async () =>
          (await get(`${server.base}/v1/organization`, { 'x-api-key': created.key })).status === 401,
      )
    // The cache holds a key 1 s; the margin is for a busy machine's slow requests.
    assert.ok(Date.now() - revoked < 4000, `refused after ${Date.now() - revoked} ms`)
  })

  test('killing Redis fails no request; the processes use it again when it returns', async () => {
    const key = await newKey()
    await redis.kill()
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b
      const response = await get(`${server.base}/v1/employees?workspace_id=${d.a1}`, { 'x-api-key': key })
      assert.equal(response.status, 200, response.body)
      assert.match(String(response.headers['ratelimit-policy']), /q=20/)
    }
    const metrics = await get(`${a.base}/metrics`)
    assert.match(metrics.body, /redis_errors_total [1-9]/)
    await redis.restart()
    // Reconnection backs off up to 2 s; then counting in Redis again: a fresh key's budget is
    // shared once more.
    await elapse(2500, 'the reconnection backs off up to 2 s')
    const fresh = await newKey()
    await clearOfWindowEnd(3600)
    let accepted = 0
    for (let i = 0; i < 30; i++) {
      const server = i % 2 === 0 ? a : b
      if ((await get(`${server.base}/v1/organization`, { 'x-api-key': fresh })).status === 200) accepted++
    }
    assert.equal(accepted, 20)
  })
})
