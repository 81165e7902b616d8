// Runs alone: it measures the memory and the latency of a real server process.
// Slow readers that pipeline hold memory for the whole process only up to its budget
// (SLOW_READERS_MAX_BYTES): 200 connections each send pipelined requests for a 2 MB page and read
// nothing. The server's RSS stays within the budget plus a quarter of its idle RSS, /healthz answers
// on time throughout, and once the clients are gone the RSS comes back within a fifth of idle.
// Measured on Node 20, the Node CI runs the whole suite on (Node 24 peaks higher: issue #77).

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type ServerProcess, startServer } from '../helpers/processes.js'
import { source } from '../helpers/records.js'
import { elapse, until } from '../helpers/wait.js'
import { heavyCampaign } from '../resources/campaigns/records.js'

/** Half the default (64 MiB), so that both databases' servers, PostgreSQL's slower to write pages, reach it. */
const BUDGET_MIB = 32
const CONNECTIONS = 200
/** Requests each connection sends at once, reading none of the answers. */
const PIPELINED = 3
/** How long the clients hold their connections without reading. */
const HOLD_MS = 12_000
/** Pages read at once: PostgreSQL's pool (DATABASE_POOL_SIZE, set below), SQLite's one statement at a time. */
const READING = { sqlite: 1, postgres: 10 } as const
/**
 * What a page being read holds beyond the budget, which counts only answers made: the bytes the
 * database sent, the values parsed from them, and the answer made of those.
 */
const COPIES_WHILE_READ = 3

/** A page of 20 attacks of 1,000 events each: some 2 MB, more than a socket's buffers take. */
function heavyPages() {
  const heavy = heavyCampaign(40)
  return {
    ...heavy,
    path: `/v1/campaigns/${heavy.campaignId}/attacks?workspace_id=${heavy.workspaceId}&limit=20`,
  }
}

/**
 * /healthz's p99 while the answers wait, and the RSS once the clients are gone as a share of idle.
 * The targets are 100 ms and 1.2; a PostgreSQL server does not meet them reliably yet (its pages hold
 * the event loop longer: issue #77's note has the figures), so its bounds only catch a return to
 * stalls of seconds and to memory never given back.
 */
const HEALTHZ_P99_MS = { sqlite: 100, postgres: 500 } as const
const AFTER_SHARE = { sqlite: 1.2, postgres: 1.3 } as const

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Milliseconds a GET of /healthz takes, on a connection of its own. */
function healthz(base: string): Promise<number> {
  const start = performance.now()
  return new Promise((resolve) => {
    request(`${base}/healthz`, { agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(performance.now() - start))
    })
      .on('error', () => resolve(Number.POSITIVE_INFINITY))
      .end()
  })
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number

for (const { dialect, skip } of DIALECTS) {
  describe(`slow readers within the process's budget (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let server: ServerProcess
    let key: string
    const heavy = heavyPages()

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(heavy.records)])
      key = (await createKey(db.handle.db, { organizationId: heavy.organizationId })).key
      server = await startServer({
        DATABASE_URL: db.url,
        DATABASE_POOL_SIZE: String(READING.postgres),
        SLOW_READERS_MAX_BYTES: `${BUDGET_MIB}MiB`,
        // As a deployment runs it (docs/operations.md, npm start): glibc returns freed answers' memory,
        // and V8's young generation stays small (Node 24's default is several times larger).
        MALLOC_MMAP_THRESHOLD_: '131072',
        NODE_OPTIONS: '--max-semi-space-size=4',
      })
    })
    after(async () => {
      await server?.stop()
      await db?.drop()
    })

    test(`${CONNECTIONS} connections that pipeline and never read keep the RSS within the budget; /healthz stays fast; the RSS comes back`, async (t) => {
      const pid = server.child.pid as number
      const { hostname, port } = new URL(server.base)
      // Idle: after pages read in full by clients that read, a few at once, as a server that has worked.
      let pageBytes = 0
      const read = () =>
        new Promise<void>((resolve) => {
          const headers = { 'x-api-key': key, 'accept-encoding': 'identity' }
          request(`${server.base}${heavy.path}`, { headers }, (res) => {
            let bytes = 0
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length
            })
            res.on('end', () => {
              pageBytes = Math.max(pageBytes, bytes)
              resolve()
            })
          }).end()
        })
      for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 32 }, read))
      await elapse(1000, 'the process settles before its idle size is taken')
      const idle = rssMiB(pid)

      const sockets: Socket[] = []
      const ask = `GET ${heavy.path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nAccept-Encoding: identity\r\n\r\n`
      for (let i = 0; i < CONNECTIONS; i++) {
        const socket = connect(Number(port), hostname)
        socket.on('error', () => {})
        socket.pause()
        socket.write(ask.repeat(PIPELINED))
        sockets.push(socket)
      }
      let peak = idle
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid))
      }, 20)
      // The 600 requests arrive at once, an overload of their own (answered 503 at once, and a new
      // connection waits for the process to take them in): /healthz is timed once they are in, while
      // the answers wait for their readers.
      await Promise.all(
        sockets.map((s) => new Promise((r) => (s.connecting ? s.once('connect', r) : r(null)))),
      )
      await elapse(3000, 'the answers fill the budget before /healthz is timed')
      const latencies: number[] = []
      const end = Date.now() + HOLD_MS
      while (Date.now() < end) {
        latencies.push(await healthz(server.base))
        await sleep(40)
      }
      clearInterval(sampler)
      const metrics = await (await fetch(`${server.base}/metrics`)).text()
      for (const socket of sockets) socket.destroy()
      // Back to rest: the server lets go of what the connections held.
      await until(() => rssMiB(pid) <= idle * AFTER_SHARE[dialect], 15_000)
      const rest = rssMiB(pid)
      const reading = (READING[dialect] * COPIES_WHILE_READ * pageBytes) / 2 ** 20
      const figures = `idle ${idle.toFixed(0)} MiB, reading ${reading.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${rest.toFixed(0)} MiB, healthz p99 ${percentile(latencies, 0.99).toFixed(0)} ms (${latencies.length} asked)`
      t.diagnostic(figures)
      assert.ok(peak <= idle * 1.25 + BUDGET_MIB + reading, figures)
      assert.ok(percentile(latencies, 0.99) < HEALTHZ_P99_MS[dialect], figures)
      assert.ok(rest <= idle * AFTER_SHARE[dialect], figures)
      assert.match(
        metrics,
        /^slow_reader_closures_total [1-9]/m,
        'connections were closed to keep within the budget',
      )
      // The server still serves.
      assert.ok(Number.isFinite(await healthz(server.base)))
    })
  })
}
