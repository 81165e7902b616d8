// A database that does not answer (CONTRACT 8: 503 within the request deadline): a PostgreSQL frozen
// behind a proxy (what SIGSTOP or a network partition looks like), one that refuses connections
// (ALLOW_CONNECTIONS false, then dropped), and a SQLite file whose write lock another process holds.

import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import SQLite from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { loadConfig } from '../../src/config/config.js'
import { isDatabaseUnavailable } from '../../src/db/availability.js'
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { buildApp } from '../../src/http/app.js'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { source } from '../helpers/records.js'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js'
import { waitFor } from '../helpers/wait.js'

const POSTGRES = process.env.TEST_DATABASE_URL
const postgresSkip = DIALECTS.find((x) => x.dialect === 'postgres')?.skip ?? false
const DEADLINE_MS = 1000

interface Timed {
  status: number
  code: string | undefined
  retryAfter: string | undefined
  ms: number
}

async function timed(app: FastifyInstance, url: string, key?: string): Promise<Timed> {
  const started = Date.now()
  const response = await app.inject({ url, headers: key ? { 'x-api-key': key } : {} })
  const body = response.body ? JSON.parse(response.body) : {}
  return {
    status: response.statusCode,
    code: body.errors?.[0]?.code,
    retryAfter: response.headers['retry-after'] as string | undefined,
    ms: Date.now() - started,
  }
}

/** The app as `serve` runs it: the serving handle, with the request deadline. */
async function servingApp(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig(
      {},
      {
        CURSOR_SECRET: 'test-secret-test-secret-test-secret!',
        RATE_LIMIT: '1000000/60s',
        REQUEST_TIMEOUT: `${DEADLINE_MS / 1000}s`,
      },
    ),
    database,
  })
  await app.ready()
  return app
}

function assertUnavailable(answer: Timed, what: string): void {
  assert.equal(answer.status, 503, `${what}: ${JSON.stringify(answer)}`)
  assert.equal(answer.code, 'service_unavailable', what)
  assert.ok(Number(answer.retryAfter) >= 1, what)
  assert.ok(answer.ms < DEADLINE_MS + 1500, `${what}: answered after ${answer.ms} ms`)
}

describe('which database errors mean "not available now"', () => {
  test('connection failures and the SQLSTATEs of a database that cannot serve now are 503; bugs are not', () => {
    for (const code of [
      'ECONNREFUSED',
      'ETIMEDOUT',
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_FULL',
      '08006',
      '28P01',
      '28000',
      '3D000',
      '53300',
      '53100',
      '55000',
      '57P01',
      '57P03',
      '57P04',
      '57014',
    ]) {
      assert.equal(isDatabaseUnavailable({ code, message: 'x' }), true, code)
    }
    assert.equal(isDatabaseUnavailable(new Error('Query read timeout')), true)
    for (const code of ['42P01', '42703', '23505', '22P02', 'SQLITE_ERROR', 'SQLITE_CONSTRAINT'])
      assert.equal(isDatabaseUnavailable({ code, message: 'x' }), false, code)
  })
})

describe('a frozen PostgreSQL (behind a proxy that stops forwarding)', { skip: postgresSkip }, () => {
  let db: TestDatabase
  let proxy: TcpProxy
  let served: DatabaseHandle
  let app: FastifyInstance
  let d: ApiDataset
  let key: string
  before(async () => {
    db = await freshDatabase('postgres')
    d = apiDataset(10)
    await importSources(db.handle, [source(d.all)])
    key = (await createKey(db.handle.db, { organizationId: d.orgA.id as string })).key
    const url = new URL(db.url)
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432))
    url.host = proxy.address
    served = openDatabase(url.toString(), { poolSize: 4, requestTimeoutMs: DEADLINE_MS })
    app = await servingApp(served)
  })
  after(async () => {
    proxy?.thaw()
    await app?.close()
    await served?.close()
    await proxy?.close()
    await db?.drop()
  })

  test('requests get 503 within the deadline while it is frozen, and 200 again once it answers', async () => {
    const url = `/v1/employees?workspace_id=${d.a1}`
    assert.equal((await timed(app, url, key)).status, 200)
    proxy.freeze()
    // More at once than the pool holds: those waiting for a connection are bounded too.
    const burst = await Promise.all(Array.from({ length: 10 }, () => timed(app, url, key)))
    for (const [i, answer] of burst.entries()) assertUnavailable(answer, `burst ${i}`)
    for (let i = 0; i < 3; i++) assertUnavailable(await timed(app, url, key), `then ${i}`)
    assertUnavailable(await timed(app, '/readyz'), 'readiness')
    proxy.thaw()
    // However slow the machine: within 30 s, far beyond any pool or deadline timer.
    await waitFor(
      'the service recovering by itself',
      async () => (await timed(app, url, key)).status === 200,
      {
        every: 100,
      },
    )
    assert.equal((await timed(app, '/readyz')).status, 200)
  })
})

describe('a PostgreSQL database that refuses connections, then is dropped', { skip: postgresSkip }, () => {
  const name = `awareness_outage_${randomBytes(4).toString('hex')}`
  let admin: pg.Client
  let served: DatabaseHandle
  let app: FastifyInstance
  let d: ApiDataset
  let key: string
  before(async () => {
    admin = new pg.Client({ connectionString: POSTGRES })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(POSTGRES as string)
    url.pathname = `/${name}`
    const loader = openDatabase(url.toString())
    await migrateToLatest(loader)
    d = apiDataset(6)
    await importSources(loader, [source(d.all)])
    key = (await createKey(loader.db, { organizationId: d.orgA.id as string })).key
    await loader.close()
    served = openDatabase(url.toString(), { poolSize: 2, requestTimeoutMs: DEADLINE_MS })
    app = await servingApp(served)
  })
  after(async () => {
    await app?.close()
    await served?.close()
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
    await admin.end()
  })

  test('ALLOW_CONNECTIONS false (55000), terminated sessions (57P01) and a dropped database (3D000) are 503, never 500', async () => {
    const url = `/v1/employees?workspace_id=${d.a1}`
    assert.equal((await timed(app, url, key)).status, 200)
    await admin.query(`alter database ${name} allow_connections false`)
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
    for (let i = 0; i < 4; i++) assertUnavailable(await timed(app, url, key), `refused ${i}`)
    await admin.query(`alter database ${name} allow_connections true`)
    await waitFor('answers again', async () => (await timed(app, url, key)).status === 200, { every: 100 })
    await admin.query(`drop database ${name} with (force)`)
    for (let i = 0; i < 4; i++) assertUnavailable(await timed(app, url, key), `dropped ${i}`)
  })
})

describe('a SQLite file whose write lock another process holds', () => {
  let dir: string
  let served: DatabaseHandle
  let app: FastifyInstance
  let d: ApiDataset
  let file: string
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-locked-'))
    file = join(dir, 'locked.db')
    const loader = openDatabase(file)
    await migrateToLatest(loader)
    d = apiDataset(10)
    await importSources(loader, [source(d.all)])
    await loader.close()
    served = openDatabase(file, { requestTimeoutMs: DEADLINE_MS })
    app = await servingApp(served)
  })
  after(async () => {
    await app?.close()
    await served?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('reads go on, and a key first used meanwhile does not hold the process while its use is recorded', async () => {
    const keys = await Promise.all(
      [1, 2, 3].map(async () => (await createKey(served.db, { organizationId: d.orgA.id as string })).key),
    )
    const other = new SQLite(file)
    other.exec('begin immediate')
    try {
      for (const key of keys) {
        const answer = await timed(app, `/v1/employees?workspace_id=${d.a1}`, key)
        assert.equal(answer.status, 200)
        assert.ok(answer.ms < 500, `answered after ${answer.ms} ms`)
      }
    } finally {
      other.exec('rollback')
      other.close()
    }
  })
})
