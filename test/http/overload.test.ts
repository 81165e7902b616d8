// Overload (CONTRACT 9): a process that cannot keep up answers 503 service_unavailable with
// Retry-After at once instead of queueing without end, every connection gets its turn, and
// liveness still answers. Latency figures are the soak's and the benchmark's (npm run soak).
// Runs alone: it times the first answer of each of 256 connections, which files beside it would slow.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { openDatabase } from '../../src/db/connection.js'
import { createKey } from '../../src/keys/keys.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { type ServerProcess, startServer } from '../helpers/processes.js'
import { waitFor } from '../helpers/wait.js'

interface Answer {
  status: number
  retryAfter: string | undefined
  body: string
}

function get(url: string, headers: Record<string, string>, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string, body }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

function busyFor(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // the event loop is held, as by a burst of heavy requests
  }
}

describe('overload (in process)', () => {
  const lines: string[] = []
  const logs = new PassThrough()
  logs.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
  let t: TestApp
  let d: ApiDataset
  let base: string
  let key: string
  before(async () => {
    d = apiDataset(6)
    t = await testApp(
      'sqlite',
      d.all,
      {},
      {
        tuning: { overload: { maxLagMs: 20, maxWaitMs: 30 } },
        logger: { stream: logs },
        // A request marked so holds the loop for 25 ms once admitted, as a heavy page would.
        setup: (app) =>
          app.addHook('onRequest', (request, _reply, done) => {
            if (request.headers['x-test-busy']) busyFor(25)
            done()
          }),
      },
    )
    base = await t.listen()
    key = await t.key({ organizationId: d.orgA.id as string })
  })
  after(() => t?.close())

  test('requests behind a late event loop queue briefly, then get 503 with Retry-After', async () => {
    const url = `${base}/v1/employees?workspace_id=${d.a1}`
    // Connections made (and accepted) first: the requests then arrive together, as from busy clients.
    const agent = new Agent({ keepAlive: true, maxSockets: 40 })
    await Promise.all(Array.from({ length: 40 }, () => get(`${base}/healthz`, {}, agent)))
    const answers = Array.from({ length: 40 }, () =>
      get(url, { 'x-api-key': key, 'x-test-busy': '1' }, agent),
    )
    const all = await Promise.all(answers)
    agent.destroy()
    assert.equal((await get(`${base}/healthz`, {})).status, 200)
    const statuses = all.map((a) => a.status)
    assert.ok(
      statuses.every((s) => s === 200 || s === 503),
      JSON.stringify(statuses),
    )
    const refused = all.filter((a) => a.status === 503)
    assert.ok(refused.length > 0, 'some requests were refused')
    assert.ok(statuses.includes(200), 'the queue was served too')
    for (const answer of refused) {
      assert.equal(answer.retryAfter, '1')
      const body = JSON.parse(answer.body)
      assert.equal(body.errors[0].code, 'service_unavailable')
      assert.match(body.errors[0].detail, /overloaded/)
    }
    const metrics = await get(`${base}/metrics`, {})
    assert.match(metrics.body, /overload_rejections_total [1-9]/)
    // Each refusal logs one short warn line without a stack, beside its request line.
    const shed = await waitFor('a warn line per refusal', () => {
      const logged = lines.map((l) => JSON.parse(l))
      const found = logged.filter((l) => l.msg !== 'request' && l.code === 'service_unavailable')
      return found.length >= refused.length && found
    })
    assert.equal(shed.length, refused.length)
    for (const line of shed) assert.equal(line.level, 40, 'warn')
    assert.ok(!lines.some((l) => l.includes('"stack"')), 'no stack')
    assert.ok(Math.max(...shed.map((l) => JSON.stringify(l).length)) < 400)
    // Once the loop is on time again, requests go straight through.
    assert.equal((await get(url, { 'x-api-key': key })).status, 200)
  })
})

describe('overload (a real server process, 256 connections)', () => {
  let dir: string
  let server: ServerProcess
  let key: string
  let workspace: string
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-overload-'))
    const file = join(dir, 'overload.db')
    const loaded = await runCli(['demo-data', '--employees', '1000', '--workspaces', '1', '--database', file])
    assert.equal(loaded.code, 0, loaded.stderr)
    const handle = openDatabase(file)
    const organization = await handle.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()
    workspace = (await handle.db.selectFrom('workspaces').select('id').executeTakeFirstOrThrow()).id
    key = (await createKey(handle.db, { organizationId: organization.id, rateLimit: '1000000/1h' })).key
    await handle.close()
    server = await startServer({ DATABASE_URL: file })
  })
  after(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  test('every connection is served or refused with 503 in time; none waits without end', async () => {
    const url = new URL(`${server.base}/v1/courses/employees_progress?workspace_id=${workspace}`)
    const request = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nx-item-limit: 500\r\naccept-encoding: br\r\n\r\n`
    const runMs = 3000
    const statuses = new Map<number, number>()
    const firstAnswerMs: number[] = []
    const clients = Array.from(
      { length: 256 },
      () =>
        new Promise<void>((resolve, reject) => {
          const opened = performance.now()
          let buffer = Buffer.alloc(0)
          let answered = 0
          const socket = connect(Number(url.port), url.hostname, () => socket.write(request))
          socket.on('data', (chunk) => {
            buffer = Buffer.concat([buffer, chunk])
            for (;;) {
              const end = buffer.indexOf('\r\n\r\n')
              if (end < 0) return
              const head = buffer.subarray(0, end).toString()
              const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
              if (buffer.length < end + 4 + length) return
              const status = Number(head.slice(9, 12))
              statuses.set(status, (statuses.get(status) ?? 0) + 1)
              if (status === 503) assert.match(head, /retry-after: 1/i)
              buffer = buffer.subarray(end + 4 + length)
              if (answered++ === 0) firstAnswerMs.push(performance.now() - opened)
              if (performance.now() - opened > runMs) {
                socket.end()
                return resolve()
              }
              socket.write(request)
            }
          })
          socket.on('error', reject)
          socket.setTimeout(15_000, () => reject(new Error('a connection waited 15 s for an answer')))
        }),
    )
    await Promise.all(clients)
    assert.deepEqual(
      [...statuses.keys()].filter((s) => s !== 200 && s !== 503),
      [],
      JSON.stringify([...statuses]),
    )
    assert.equal(firstAnswerMs.length, 256)
    assert.ok(Math.max(...firstAnswerMs) < 10_000, `a connection waited ${Math.max(...firstAnswerMs)} ms`)
  })
})
