// A page's buffer is reused by a later page (paging/page-buffers.ts): it must be handed on only once
// its response is written out, and never to two pages at once.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { PageBuffers } from '../../src/paging/page-buffers.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'

describe('page buffers', () => {
  test('a kept buffer large enough is taken again; a smaller one is not', () => {
    const pool = new PageBuffers(4, 1 << 20)
    const small = pool.take(1000)
    const large = pool.take(5000)
    pool.give(small)
    pool.give(large)
    assert.deepEqual(pool.kept, { buffers: 2, bytes: 6000 })
    assert.equal(pool.take(4000), large)
    assert.notEqual(pool.take(4000), small, 'a buffer too small for the page')
    assert.equal(pool.take(10), small)
    assert.deepEqual(pool.kept, { buffers: 0, bytes: 0 })
  })

  test('it keeps at most its count and bytes, the larger buffers first', () => {
    const pool = new PageBuffers(2, 10_000)
    const [a, b, c] = [pool.take(1000), pool.take(2000), pool.take(3000)]
    pool.give(a)
    pool.give(b)
    pool.give(c)
    assert.deepEqual(pool.kept, { buffers: 2, bytes: 5000 }, 'the smallest made way')
    pool.give(Buffer.alloc(0))
    assert.deepEqual(pool.kept, { buffers: 2, bytes: 5000 }, 'a smaller buffer does not displace a kept one')
    pool.give(Buffer.allocUnsafeSlow(20_000))
    assert.deepEqual(
      pool.kept,
      { buffers: 2, bytes: 5000 },
      'one larger than all the bytes allowed is not kept',
    )
    pool.give(Buffer.allocUnsafeSlow(8000))
    assert.deepEqual(pool.kept, { buffers: 1, bytes: 8000 }, 'over the bytes, the smaller made way')
  })
})

/** A page's request headers: three items, after `cursor` when given. */
const pageHeaders = (cursor: string | undefined): Record<string, string> => ({
  'x-item-limit': '3',
  ...(cursor ? { 'x-next-cursor': cursor } : {}),
})

/** Pages read at once: enough that each is written into buffers that others have just handed on. */
const WAVE = 24

for (const { dialect, skip } of DIALECTS) {
  describe(`pages written while others are read (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      d = apiDataset(40)
      // Each body is written out later, from the buffer the page handed over, as a slow client's
      // socket would take it: a buffer handed on too early holds another page by then.
      t = await testApp(
        dialect,
        d.all,
        {},
        {
          // Every page at once on a shared machine: this test is about buffers, not load shedding.
          tuning: { overload: { maxLagMs: 10_000, maxWaitMs: 60_000 } },
          setup: (app) =>
            app.addHook('onSend', async (_request, _reply, payload) => {
              if (!Buffer.isBuffer(payload)) return payload
              await sleep(20)
              return Buffer.from(payload)
            }),
        },
      )
      key = await t.key({ organizationId: d.orgA.id as string })
    })
    after(() => t.close())

    test('concurrent pages of several lists are each exactly the page read alone', async () => {
      const a1 = d.a1
      const lists = [
        `/v1/employees?workspace_id=${a1}`,
        `/v1/courses/employees_progress?workspace_id=${a1}`,
        `/v1/breaches?workspace_id=${a1}`,
        `/v1/events?workspace_id=${a1}`,
        `/v1/events?workspace_id=${a1}&format=ocsf`,
      ]
      // Every page of every list, read one at a time: its cursor and its body.
      const pages: { url: string; cursor: string | undefined; body: string }[] = []
      for (const url of lists) {
        let cursor: string | undefined
        do {
          const r = await t.request(url, { key, headers: pageHeaders(cursor) })
          assert.equal(r.status, 200, r.body)
          pages.push({ url, cursor, body: r.body })
          cursor = r.headers['x-next-cursor'] as string | undefined
        } while (cursor)
      }
      assert.ok(pages.length > 40, `${pages.length} pages`)
      for (let round = 0; round < 3; round++) {
        const order = pages.map((_, i) => i).sort(() => Math.random() - 0.5)
        // In waves of WAVE pages at once: more would wait on PostgreSQL's pool past its checkout
        // timeout on a loaded machine (a 503, load shedding, which this test is not about).
        const bodies: string[] = []
        for (let at = 0; at < order.length; at += WAVE)
          bodies.push(
            ...(await Promise.all(
              order.slice(at, at + WAVE).map(async (i) => {
                const page = pages[i] as (typeof pages)[number]
                return (await t.request(page.url, { key, headers: pageHeaders(page.cursor) })).body
              }),
            )),
          )
        order.forEach((i, at) => {
          const page = pages[i] as (typeof pages)[number]
          assert.equal(bodies[at], page.body, `${page.url} after ${page.cursor ?? 'the start'}`)
        })
      }
    })
  })
}
