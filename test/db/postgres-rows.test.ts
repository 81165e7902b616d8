// Rows streamed from PostgreSQL one at a time (src/db/postgres-rows.ts): in order, none kept by the
// driver while a deadline is set, and a statement past the deadline or a failing row handler drops
// its connection without harming the pool.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import { isDatabaseUnavailable } from '../../src/db/availability.js'
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js'
import { forEachRow, type PostgresRowSource, postgresRowsOf } from '../../src/db/postgres-rows.js'
import { DIALECTS } from '../helpers/databases.js'
import { startTlsPostgresProxy } from '../helpers/tls-postgres-proxy.js'

const POSTGRES = process.env.TEST_DATABASE_URL
const skip = DIALECTS.find((x) => x.dialect === 'postgres')?.skip ?? false
const DEADLINE_MS = 1000
const ROWS = 'select n, repeat(md5(n::text), 64) as text from generate_series(1, $1::int) n order by n'

/** The handle's row source, with a Query that reports how many rows pg kept in its result at the end. */
function counting(source: PostgresRowSource, kept: number[]): PostgresRowSource {
  class CountingQuery extends pg.Query {
    constructor(config: pg.QueryConfig) {
      super(config)
      this.on('end', (result: pg.QueryResult) => kept.push(result.rows.length))
    }
  }
  return { ...source, Query: CountingQuery as typeof pg.Query }
}

describe('rows streamed from PostgreSQL', { skip }, () => {
  let handle: DatabaseHandle
  let source: PostgresRowSource

  before(() => {
    handle = openDatabase(POSTGRES as string, { poolSize: 2, requestTimeoutMs: DEADLINE_MS })
    source = postgresRowsOf(handle.db) as PostgresRowSource
    assert.ok(source, 'a PostgreSQL handle registers its row source')
  })
  after(() => handle.close())

  test("every connection of the request pool runs without PostgreSQL's JIT, through Kysely and the row source alike", async () => {
    const clients = await Promise.all([source.pool.connect(), source.pool.connect()])
    try {
      for (const client of clients) assert.equal((await client.query('show jit')).rows[0]?.jit, 'off')
    } finally {
      for (const client of clients) client.release()
    }
    const shown = await sql<{ jit: string }>`show jit`.execute(handle.db)
    assert.equal(shown.rows[0]?.jit, 'off')
  })

  test('hands over every row in order, and pg keeps none of them while a deadline is set', async () => {
    const kept: number[] = []
    const seen: number[] = []
    await forEachRow(counting(source, kept), ROWS, [5000], (row) => {
      seen.push(Number(row.text(0)))
      assert.equal(row.text(1)?.length, 2048)
    })
    assert.deepEqual(
      seen,
      Array.from({ length: 5000 }, (_, i) => i + 1),
    )
    assert.deepEqual(kept, [0])
  })

  test("a plain connection reads into one buffer of its own: 10 MB of rows and not one of the socket's own buffers", async () => {
    // Both of the pool's connections, each watched for the socket's usual reads (a fresh buffer each).
    const clients = await Promise.all([source.pool.connect(), source.pool.connect()])
    let freshReads = 0
    for (const client of clients) {
      const { stream } = (client as unknown as { connection: { stream: NodeJS.EventEmitter } }).connection
      stream.on('data', () => freshReads++)
      client.release()
    }
    let rows = 0
    for (let i = 0; i < 2; i++)
      await forEachRow(source, ROWS, [2500], (row) => {
        rows++
        assert.equal(row.text(1)?.length, 2048)
      })
    assert.equal(rows, 5000)
    assert.equal(freshReads, 0)
  })

  test("each column is the text PostgreSQL sent, byte for byte: non-ASCII, empty, null, rows larger than a socket's read", async () => {
    const text = `select n, case when n % 7 = 0 then null when n % 5 = 0 then ''
        else repeat('Zoë 日本 🔑 "q" \\ ' || n, n * 40) end as text
      from generate_series(1, $1::int) n order by n`
    const plain = new pg.Client({ connectionString: POSTGRES })
    await plain.connect()
    const expected = (await plain.query({ text, values: [60], rowMode: 'array' })).rows as [
      number,
      string | null,
    ][]
    await plain.end()
    const got: [string | null, Buffer | null][] = []
    await forEachRow(source, text, [60], (row) => {
      assert.equal(row.count, 2)
      const bytes = row.isNull(1) ? null : Buffer.alloc(row.byteLength(1))
      if (bytes !== null) row.copy(1, bytes, 0)
      got.push([row.text(0), bytes])
    })
    assert.equal(got.length, 60)
    got.forEach(([n, bytes], i) => {
      const [number, value] = expected[i] as [number, string | null]
      assert.equal(n, String(number))
      assert.deepEqual(bytes, value === null ? null : Buffer.from(value, 'utf8'))
    })
    // The same pooled connections still answer pg's own queries (Kysely's).
    const { rows } = await sql<{ x: string }>`select ${'Zoë'}::text as x`.execute(handle.db)
    assert.deepEqual(rows, [{ x: 'Zoë' }])
  })

  test('over TLS, the tap reads the decrypted stream: the same rows as pg decodes', async () => {
    const target = new URL(POSTGRES as string)
    const proxy = await startTlsPostgresProxy(target.hostname, Number(target.port || 5432))
    const url = new URL(POSTGRES as string)
    url.host = proxy.address
    url.searchParams.set('sslmode', 'no-verify')
    const tls = openDatabase(url.toString(), { poolSize: 1, requestTimeoutMs: 5000 })
    try {
      const text = `select n, repeat('Zoë 日本 🔑 ' || n, n * 30) from generate_series(1, $1::int) n order by n`
      const got: string[] = []
      await forEachRow(postgresRowsOf(tls.db) as PostgresRowSource, text, [200], (row) =>
        got.push(`${row.text(0)}|${row.text(1)}`),
      )
      const plain = new pg.Client({ connectionString: POSTGRES })
      await plain.connect()
      const { rows } = await plain.query({ text, values: [200], rowMode: 'array' })
      await plain.end()
      assert.deepEqual(
        got,
        rows.map((r) => `${r[0]}|${r[1]}`),
      )
      assert.ok(proxy.secureSessions() >= 1, 'the pool connected through TLS')
    } finally {
      await tls.close()
      await proxy.close()
    }
  })

  test('a statement past the deadline fails as the database being unavailable, and the pool goes on', async () => {
    const started = Date.now()
    await assert.rejects(
      forEachRow(source, 'select pg_sleep(5)', [], () => {}),
      (error: unknown) => isDatabaseUnavailable(error),
    )
    const waited = Date.now() - started
    assert.ok(waited >= DEADLINE_MS - 50 && waited < DEADLINE_MS + 1500, `waited ${waited} ms`)
    const rows: (string | null)[] = []
    await forEachRow(source, 'select 1', [], (row) => rows.push(row.text(0)))
    assert.deepEqual(rows, ['1'])
  })

  test('a row handler that throws fails the read with its error, and drops the connection', async () => {
    const before = handle.pool?.totalCount ?? 0
    await assert.rejects(
      forEachRow(source, ROWS, [100], (row) => {
        if (row.text(0) === '10') throw new Error('handler failed')
      }),
      /handler failed/,
    )
    assert.ok((handle.pool?.totalCount ?? 0) <= before, 'the failed connection is not returned to the pool')
    const rows: (string | null)[] = []
    await forEachRow(source, ROWS, [3], (row) => rows.push(row.text(0)))
    assert.deepEqual(rows, ['1', '2', '3'])
  })

  test('a statement error is the statement error, not a timeout', async () => {
    await assert.rejects(
      forEachRow(source, 'select 1/0', [], () => {}),
      (error: { code?: string }) => error.code === '22012' && !isDatabaseUnavailable(error),
    )
  })
})
