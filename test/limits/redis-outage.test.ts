// A Redis that hangs (CONTRACT 9): the server goes on counting in its own memory and stops asking
// Redis for a while, so a hung Redis costs one slow request per pause, not one per request.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { RedisCounters } from '../../src/limits/counters.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { type PrivateRedis, redisUnavailable, startPrivateRedis } from '../helpers/processes.js'
import { elapse, waitFor } from '../helpers/wait.js'

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

describe('a hung Redis', { skip: redisUnavailable() ?? false }, () => {
  let redis: PrivateRedis
  before(async () => {
    redis = await startPrivateRedis()
  })
  after(async () => {
    redis?.thaw()
    await redis?.kill()
  })

  test('costs one slow call per pause; counting goes on in memory, and returns to Redis when it answers', async () => {
    let errors = 0
    // Wide margins: the machines that run this are shared and slow at times.
    const timings = { slowMs: 500, pauseMs: 3000, commandTimeoutMs: 1000 }
    // The pause is judged by this clock: the test moves it past a pause instead of waiting one out.
    let skew = 0
    const clock = () => Date.now() + skew
    const a = new RedisCounters(redis.url, { onError: () => errors++ }, clock, timings)
    const b = new RedisCounters(redis.url, { onError: () => errors++ }, clock, timings)
    try {
      // Both connected: an answer from Redis, not from memory.
      for (const counters of [a, b])
        await waitFor('an answer from Redis', async () => !(await counters.increment('warm-up', 3600)).local)
      errors = 0
      assert.equal((await a.increment('k', 3600)).count, 1)
      assert.equal((await b.increment('k', 3600)).count, 2, 'shared while Redis answers')
      redis.freeze()
      const calls = []
      for (let i = 0; i < 20; i++) calls.push(await timed(() => a.increment('k', 3600)))
      assert.ok(calls[0] && calls[0].ms >= 500 && calls[0].ms < 5000, `first call ${calls[0]?.ms} ms`)
      assert.ok(
        calls.slice(1).every((c) => c.ms < 200),
        `later calls ${calls.map((c) => Math.round(c.ms)).join(',')} ms`,
      )
      assert.ok(calls.every((c) => c.value.local === true))
      assert.ok(errors >= 1)
      skew += timings.pauseMs
      // The pause is over and Redis still hangs: one more slow call, then memory again.
      const probe = await timed(() => a.increment('k', 3600))
      assert.ok(probe.ms >= 500, `probe ${probe.ms} ms`)
      assert.ok((await timed(() => a.increment('k', 3600))).ms < 200)
      redis.thaw()
      skew += timings.pauseMs
      const back = await waitFor('Redis again once it answers', async () => {
        const answer = await a.increment('k', 3600)
        return answer.local === undefined && answer
      })
      assert.equal((await b.increment('k', 3600)).count, back.count + 1)
    } finally {
      redis.thaw()
      await a.close()
      await b.close()
    }
  })

  describe('behind the API', () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      d = apiDataset(6)
      t = await testApp('sqlite', d.all, { REDIS_URL: redis.url })
      key = await t.key({ organizationId: d.orgA.id as string })
      // The server's connection to Redis is not observable from outside: it is given time to open.
      await elapse(200, 'the server connects to Redis')
    })
    after(async () => {
      redis.thaw()
      await t?.close()
    })

    test('a hung Redis slows at most one request of twenty, and fails none', async () => {
      const url = `/v1/employees?workspace_id=${d.a1}`
      assert.equal((await t.request(url, { key })).status, 200)
      redis.freeze()
      try {
        const answers = []
        for (let i = 0; i < 20; i++) answers.push(await timed(() => t.request(url, { key })))
        assert.ok(answers.every((a) => a.value.status === 200))
        const slow = answers.filter((a) => a.ms > 150)
        assert.ok(slow.length <= 1, `slow requests: ${answers.map((a) => Math.round(a.ms)).join(',')} ms`)
        assert.match(String(answers.at(-1)?.value.headers.ratelimit), /r=\d+/)
      } finally {
        redis.thaw()
      }
    })
  })
})
