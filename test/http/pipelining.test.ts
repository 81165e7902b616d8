// Pipelined requests (HTTP/1.1: many requests in one write, before any answer) are let in a few at a
// time per connection (plugins/pipelining.ts): they queue and are shed like any others, a client
// that pipelines and never reads holds no more than a few answers and is dropped by the slow-reader
// rule (CONTRACT 10), and /healthz stays quick while pipelining clients keep the server busy.
// Runs alone: it times /healthz, which files running beside it would slow on a small machine.

import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { demoRecords } from '../../src/demo/generate.js'
import { MAX_IN_FLIGHT_PER_CONNECTION } from '../../src/http/plugins/pipelining.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import type { Rec } from '../helpers/records.js'
import { until } from '../helpers/wait.js'

// A 1,000-day series: some 100 KB, a few ms of work each.
const SERIES = 'interval=day&from=2024-03-01&to=2026-11-25'
const PIPELINED = 100
/** REQUEST_TIMEOUT 1 s: a stalled answer is abandoned after 6 s. */
const STALL_LIMIT_MS = 6000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number

for (const { dialect, skip } of DIALECTS) {
  describe(`pipelined requests (${dialect})`, { skip }, () => {
    let t: TestApp
    let base: URL
    let key: string
    let handled = 0
    let responded = 0
    const sockets: Socket[] = []
    const records = [...demoRecords({ employees: 150, seed: 3, workspaces: 1, anchor: new Date() })] as Rec[]
    const workspaceId = records.find((r) => r.type === 'workspace')?.id as string
    const organizationId = records.find((r) => r.type === 'organization')?.id as string
    const requests = (n: number, close = false) =>
      Array.from(
        { length: n },
        (_, i) =>
          `GET /v1/campaigns/statistics/history?workspace_id=${workspaceId}&${SERIES} HTTP/1.1\r\nHost: x\r\n` +
          `x-api-key: ${key}\r\nAccept-Encoding: identity\r\n${close && i === n - 1 ? 'Connection: close\r\n' : ''}\r\n`,
      ).join('')

    before(async () => {
      t = await testApp(
        dialect,
        records,
        { REQUEST_TIMEOUT: '1s' },
        {
          setup: (app) => {
            app.addHook('preHandler', (_request, _reply, done) => {
              handled++
              done()
            })
            app.addHook('onResponse', (_request, _reply, done) => {
              responded++
              done()
            })
            app.server.on('connection', (socket: Socket) => sockets.push(socket))
          },
        },
      )
      base = new URL(await t.listen())
      key = await t.key({ organizationId })
    })
    after(() => t?.close())

    /** /healthz asked every 20 ms until `until` resolves: each answer's wait in ms. */
    const healthWaits = async (until: Promise<unknown>) => {
      let done = false
      until.finally(() => {
        done = true
      })
      const waits: number[] = []
      while (!done) {
        const started = performance.now()
        await (await fetch(new URL('/healthz', base))).arrayBuffer()
        waits.push(performance.now() - started)
        await sleep(20)
      }
      return waits
    }

    test('clients that pipeline 100 requests and never read hold a few answers each, and are dropped by the slow-reader rule', async (context) => {
      const rssBefore = process.memoryUsage().rss
      const handledBefore = handled
      const seen = sockets.length
      const clients = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const client = connect(Number(base.port), base.hostname)
          client.pause()
          await new Promise((resolve) => client.once('connect', resolve))
          client.write(requests(PIPELINED))
          return client
        }),
      )
      context.after(() => {
        for (const client of clients) client.destroy()
      })
      const started = performance.now()
      await until(() => sockets.length >= seen + clients.length)
      const served = sockets.slice(seen)
      assert.equal(served.length, clients.length)
      // Once every connection has stalled (bytes wait in the process, the kernel's buffers full):
      // the answers worked on and not yet written out.
      await until(() => served.every((s) => s.destroyed || s.writableLength > 0))
      assert.ok(
        served.every((s) => s.writableLength > 0),
        'every connection stalled',
      )
      const held = handled - responded
      assert.ok(
        held <= clients.length * MAX_IN_FLIGHT_PER_CONNECTION,
        `${held} answers held in the process for ${clients.length} connections`,
      )
      const closed = Promise.all(
        served.map((s) => (s.destroyed ? undefined : new Promise((r) => s.once('close', r)))),
      )
      const waits = await healthWaits(Promise.race([closed, sleep(STALL_LIMIT_MS * 3)]))
      const tookMs = performance.now() - started
      assert.ok(
        served.every((s) => s.destroyed),
        'every connection that stopped reading is closed',
      )
      assert.ok(tookMs < STALL_LIMIT_MS + 4000, `closed after ${Math.round(tookMs)} ms`)
      // Each connection let in the next request only once an answer was written out.
      assert.ok(handled - handledBefore < clients.length * PIPELINED)
      assert.ok(percentile(waits, 0.99) < 100, `/healthz p99 ${Math.round(percentile(waits, 0.99))} ms`)
      const rssAfter = process.memoryUsage().rss
      assert.ok(rssAfter <= rssBefore * 1.2, `RSS ${rssBefore >> 20} -> ${rssAfter >> 20} MiB`)
    })

    test('a 15-s burst of pipelined requests from a client that reads leaves /healthz p99 under 100 ms, and every request is answered', async (context) => {
      const stopAt = performance.now() + 15_000
      let answered = 0
      const open = new Set<Socket>()
      context.after(() => {
        for (const client of open) client.destroy()
      })
      const burst = async () => {
        while (performance.now() < stopAt) {
          const client = connect(Number(base.port), base.hostname)
          open.add(client)
          // Each answer's status line follows the previous body directly; only the status lines are
          // kept (this process also measures /healthz: it must not be busy reading bodies).
          const statuses: string[] = []
          let tail = ''
          const ended = new Promise<void>((resolve, reject) => {
            client.on('data', (chunk: Buffer) => {
              const text = tail + chunk.toString('latin1')
              let counted = 0
              for (const m of text.matchAll(/HTTP\/1\.1 (\d{3}) /g)) {
                statuses.push(m[1] as string)
                counted = m.index + m[0].length
              }
              // A status line cut by the chunk's end is read with the next chunk.
              tail = text.slice(Math.max(counted, text.length - 13))
            })
            client.once('end', () => resolve())
            client.once('error', reject)
          })
          client.write(requests(PIPELINED, true))
          await ended
          client.destroy()
          open.delete(client)
          assert.equal(statuses.length, PIPELINED, 'every pipelined request is answered')
          for (const status of statuses) assert.ok(status === '200' || status === '503', status)
          answered += statuses.filter((s) => s === '200').length
        }
      }
      const waits = await healthWaits(burst())
      assert.ok(answered > 0)
      assert.ok(waits.length > 50, `${waits.length} health checks`)
      assert.ok(percentile(waits, 0.99) < 100, `/healthz p99 ${Math.round(percentile(waits, 0.99))} ms`)
    })
  })
}
