// The request deadline (src/http/plugins/deadline.ts, CONTRACT 8): a request its handler has not
// answered in time gets the contract's 503 at once, the handler's late result is dropped without a
// second answer or an error logged, and requests answered in time leave nothing behind.

import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import { deadline } from '../../src/http/plugins/deadline.js'
import { responses } from '../../src/http/plugins/responses.js'

const DEADLINE_MS = 150
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the request deadline', () => {
  let app: FastifyInstance
  let base: string
  const logged: { level: number; msg: string }[] = []
  let lateHandlers = 0

  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        logged.push(JSON.parse(String(chunk)))
        callback()
      },
    })
    app = Fastify({ logger: { level: 'info', stream } })
    app.decorate('api', {
      metrics: { timedOutRequests: { inc() {} }, databaseErrors: { inc() {} } },
    } as never)
    await app.register(responses)
    await app.register(deadline, { ms: DEADLINE_MS })
    app.get('/slow/:ms', async (request) => {
      await sleep(Number((request.params as { ms: string }).ms))
      lateHandlers++
      return { answered: true }
    })
    app.get('/failing-late', async () => {
      await sleep(DEADLINE_MS * 2)
      throw new Error('too late to matter')
    })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  after(() => app.close())

  test('a request answered in time is answered by its handler', async () => {
    const response = await fetch(`${base}/slow/1`)
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { answered: true })
  })

  test("a request past it gets 503 with Retry-After at once; the handler's late result is dropped", async () => {
    const started = performance.now()
    const response = await fetch(`${base}/slow/${DEADLINE_MS * 3}`)
    const waited = performance.now() - started
    assert.equal(response.status, 503)
    assert.equal(response.headers.get('retry-after'), '5')
    assert.equal(
      ((await response.json()) as { errors: { code: string }[] }).errors[0]?.code,
      'service_unavailable',
    )
    assert.ok(waited >= DEADLINE_MS && waited < DEADLINE_MS * 3, `answered after ${waited} ms`)
    const handled = lateHandlers
    await sleep(DEADLINE_MS * 3)
    assert.equal(lateHandlers, handled + 1, 'the handler ran to its end')
    // One line for the deadline, none for a second answer or a failure.
    assert.ok(logged.some((l) => l.msg === 'request deadline passed'))
    assert.ok(!logged.some((l) => l.level >= 50), JSON.stringify(logged.filter((l) => l.level >= 50)))
  })

  test('a handler failing after the deadline is not a second answer, nor an error logged', async () => {
    const response = await fetch(`${base}/failing-late`)
    assert.equal(response.status, 503)
    await sleep(DEADLINE_MS * 2)
    assert.ok(!logged.some((l) => l.level >= 50), JSON.stringify(logged.filter((l) => l.level >= 50)))
  })

  test('many requests at once: each is answered once, in time or by the deadline, in the order they fall due', async () => {
    const waits = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? DEADLINE_MS * 2 : 1))
    const statuses = await Promise.all(waits.map((ms) => fetch(`${base}/slow/${ms}`).then((r) => r.status)))
    assert.deepEqual(
      statuses,
      waits.map((ms) => (ms > DEADLINE_MS ? 503 : 200)),
    )
    // Answered requests left the queue: one answered now is not cut short by an earlier one's timer.
    await sleep(DEADLINE_MS / 2)
    const response = await fetch(`${base}/slow/${DEADLINE_MS / 2}`)
    assert.equal(response.status, 200)
    await sleep(DEADLINE_MS * 2)
    assert.ok(
      !logged.some((l) => l.level >= 40 && l.msg !== 'request deadline passed'),
      JSON.stringify(logged),
    )
  })
})
