// The typed client against a real listening server: exact data, paging, typed errors, retries.

import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { AwarenessApiError, AwarenessClient, AwarenessNetworkError } from '@awareness-api/client'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset, unknownId } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import { overloadedProxy } from '../helpers/overloaded-proxy.js'
import { elapse } from '../helpers/wait.js'
import { clearOfWindowEnd } from '../helpers/windows.js'

describe('typed client', () => {
  let t: TestApp
  let d: ApiDataset
  let client: AwarenessClient
  let baseUrl: string
  before(async () => {
    d = apiDataset(40)
    t = await testApp('sqlite', d.all)
    baseUrl = await t.listen()
    client = new AwarenessClient({ baseUrl, apiKey: await t.key({ organizationId: d.orgA.id as string }) })
  })
  after(() => t?.close())

  test('iterating a list walks every page and returns exactly the imported data', async () => {
    const employees = []
    for await (const employee of client.employees.list({ workspaceId: d.a1 }, { limit: 7 }))
      employees.push(employee)
    assert.deepEqual(employees, oracle.employees(d.all, d.a1))
    assert.deepEqual(
      await client.employees.list({ workspaceId: d.a1, status: ['pending'], karmaScoreGte: 10 }).toArray(),
      oracle.employees(d.all, d.a1, { status: ['pending'], gte: 10 }),
    )
    assert.deepEqual(
      await client.courses.list({ workspaceId: d.a1 }, { limit: 2 }).toArray(),
      oracle.courses(d.all, d.a1),
    )
    assert.deepEqual(
      await client.courses.progress({ workspaceId: d.a1 }, { limit: 9 }).toArray(),
      oracle.progress(d.all, d.a1),
    )
    assert.deepEqual(
      await client.breaches.list({ workspaceId: d.a1 }).toArray(),
      oracle.breaches(d.all, d.a1),
    )
    for (const b of d.breachesA1) {
      assert.deepEqual(
        await client.breaches
          .compromisedEmployees({ breachId: b.id as string, workspaceId: d.a1, warned: true }, { limit: 3 })
          .toArray(),
        oracle.compromised(d.all, d.a1, b.id as string, { warned: true }),
      )
    }
    assert.deepEqual(
      await client.courses.statistics({ workspaceId: d.a1 }),
      oracle.statistics(d.all, d.a1, Date.now()),
    )
    assert.deepEqual(await client.organization.get(), oracle.organization(d.all, d.orgA.id as string))
    assert.deepEqual(
      await client.employees.get(d.employeesA1[3]?.id as string),
      oracle.employeeJson(d.employeesA1[3] as never, d.all),
    )
  })

  /** A fetch that records when each page is asked for and when its body is read, and its signal. */
  function recordingFetch(events: string[], signals: AbortSignal[]): typeof fetch {
    let pages = 0
    return async (input, init) => {
      const page = ++pages
      events.push(`ask ${page}`)
      if (init?.signal) signals.push(init.signal)
      const response = await fetch(input, init)
      const text = response.text.bind(response)
      Object.defineProperty(response, 'text', {
        value: async () => {
          events.push(`read ${page}`)
          return text()
        },
      })
      return response
    }
  }

  test("a list asks for its next page as soon as a page's cursor is in, before reading its body", async () => {
    const events: string[] = []
    const key = await t.key({ organizationId: d.orgA.id as string })
    const recording = new AwarenessClient({
      baseUrl,
      apiKey: key,
      fetch: recordingFetch(events, []),
    })
    const employees = await recording.employees.list({ workspaceId: d.a1 }, { limit: 7 }).toArray()
    assert.deepEqual(employees, oracle.employees(d.all, d.a1))
    const pages = Math.ceil(employees.length / 7)
    assert.ok(pages >= 3)
    const expected = ['ask 1']
    for (let page = 1; page < pages; page++) expected.push(`ask ${page + 1}`, `read ${page}`)
    expected.push(`read ${pages}`)
    assert.deepEqual(events, expected)
  })

  test('stopping a walk early abandons the page asked for ahead', async () => {
    const events: string[] = []
    const signals: AbortSignal[] = []
    const key = await t.key({ organizationId: d.orgA.id as string })
    const recording = new AwarenessClient({
      baseUrl,
      apiKey: key,
      fetch: recordingFetch(events, signals),
    })
    for await (const _ of recording.employees.list({ workspaceId: d.a1 }, { limit: 7 })) break
    assert.deepEqual(events.slice(0, 3), ['ask 1', 'ask 2', 'read 1'])
    assert.equal(signals.length, 2)
    assert.ok(signals[1]?.aborted, 'the request for page 2 is abandoned')
  })

  test('the page-level API hands out cursors', async () => {
    const first = await client.employees.page({ workspaceId: d.a1 }, { limit: 25 })
    assert.equal(first.data.length, 25)
    assert.ok(first.nextCursor)
    const second = await client.employees.page({ workspaceId: d.a1 }, { limit: 25, cursor: first.nextCursor })
    assert.equal(second.data.length, 15)
    assert.equal(second.nextCursor, null)
    assert.deepEqual([...first.data, ...second.data], oracle.employees(d.all, d.a1))
  })

  test('errors are typed, with status, code, detail and request id', async () => {
    const missing = await client.employees.get(unknownId()).catch((e: unknown) => e)
    assert.ok(missing instanceof AwarenessApiError)
    assert.equal(missing.status, 404)
    assert.equal(missing.code, 'employee_not_found')
    assert.match(String(missing.requestId), /^[0-9a-f-]{36}$/)
    const invalid = await client.employees
      .list({ workspaceId: d.a1, karmaScoreGte: 5, karmaScoreLte: 1 })
      .toArray()
      .catch((e: unknown) => e)
    assert.ok(invalid instanceof AwarenessApiError)
    assert.equal(invalid.code, 'invalid_parameter')
    const stranger = new AwarenessClient({
      baseUrl: (client as any).transport.options.baseUrl,
      apiKey: 'wsa_nope',
    })
    const denied = await stranger.organization.get().catch((e: unknown) => e)
    assert.ok(denied instanceof AwarenessApiError)
    assert.equal(denied.status, 401)
  })

  test("results and errors carry the answer's request id and the key's rate-limit state", async () => {
    const { data, response } = await client.organization.get().withResponse()
    assert.deepEqual(data, oracle.organization(d.all, d.orgA.id as string))
    assert.equal(response.status, 200)
    assert.match(String(response.requestId), /^[0-9a-f-]{36}$/)
    assert.ok(response.etag?.startsWith('W/'))
    const limits = response.rateLimit
    assert.ok(limits)
    assert.equal(limits.limit, 1_000_000)
    assert.equal(limits.windowSeconds, 60)
    assert.ok(limits.remaining < limits.limit && limits.resetSeconds >= 1)
    const page = await client.employees.page({ workspaceId: d.a1 }, { limit: 5 })
    assert.match(String(page.response.requestId), /^[0-9a-f-]{36}$/)
    assert.ok(page.response.rateLimit)
    const list = client.courses.list({ workspaceId: d.a1 }, { limit: 2 })
    assert.equal(list.lastResponse, null)
    for await (const page of list.pages()) assert.equal(list.lastResponse, page.response)
    const missing = await client.employees.get(unknownId()).catch((e: unknown) => e)
    assert.ok(missing instanceof AwarenessApiError)
    assert.ok(missing.rateLimit && missing.rateLimit.limit === 1_000_000)
    assert.equal(missing.retryAfterSeconds, null)
  })

  test('every request names the client in its User-Agent, after the application when given', async () => {
    const agents: string[] = []
    const spy: typeof fetch = (input, init) => {
      agents.push(new Headers(init?.headers).get('user-agent') ?? '')
      return fetch(input, init)
    }
    const named = new AwarenessClient({
      baseUrl,
      apiKey: await t.key({ organizationId: d.orgA.id as string }),
      userAgent: 'acme-siem-sync/2.1',
      fetch: spy,
    })
    await named.organization.get()
    assert.match(agents[0] ?? '', /^acme-siem-sync\/2\.1 awareness-api-client\/\d+\.\d+\.\d+ node\/\d+/)
  })

  test('a call is abandoned by its own AbortSignal, waits and retries included', async () => {
    const controller = new AbortController()
    controller.abort(new Error('stopped by the caller'))
    await assert.rejects(client.organization.get({ signal: controller.signal }), /stopped by the caller/)
    const later = new AbortController()
    const walk = client.employees.list({ workspaceId: d.a1 }, { limit: 1, signal: later.signal })
    let seen = 0
    await assert.rejects(
      (async () => {
        for await (const _ of walk) if (++seen === 3) later.abort(new Error('enough'))
      })(),
      /enough/,
    )
    assert.equal(seen, 3)
    // A wait for a retry ends at once too: the server never answers here.
    const silent = createServer(() => {}).listen(0)
    await new Promise((resolve) => silent.once('listening', resolve))
    try {
      const port = (silent.address() as { port: number }).port
      const stuck = new AwarenessClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'wsa_x',
        timeoutMs: 50,
      })
      const soon = AbortSignal.timeout(300)
      const started = Date.now()
      await assert.rejects(stuck.organization.get({ signal: soon }))
      assert.ok(Date.now() - started < 3000)
    } finally {
      silent.close()
    }
  })

  test('with etagCache, an unchanged answer comes back as 304 from memory and costs no budget', async () => {
    const cached = new AwarenessClient({
      baseUrl,
      apiKey: await t.key({ organizationId: d.orgA.id as string }),
      etagCache: true,
    })
    await clearOfWindowEnd(60)
    const first = await cached.employees.get(d.employeesA1[0]?.id as string).withResponse()
    const again = await cached.employees.get(d.employeesA1[0]?.id as string).withResponse()
    assert.equal(first.response.status, 200)
    assert.equal(again.response.status, 304)
    assert.deepEqual(again.data, first.data)
    assert.equal(again.response.rateLimit?.remaining, first.response.rateLimit?.remaining)
    const pages = await cached.employees.list({ workspaceId: d.a1 }, { limit: 10 }).toArray()
    assert.deepEqual(await cached.employees.list({ workspaceId: d.a1 }, { limit: 10 }).toArray(), pages)
  })

  test('the key comes from AWARENESS_API_KEY when not given; without either the client refuses to start', async () => {
    const saved = process.env.AWARENESS_API_KEY
    try {
      process.env.AWARENESS_API_KEY = await t.key({ organizationId: d.orgA.id as string })
      const fromEnv = new AwarenessClient({ baseUrl })
      assert.deepEqual(await fromEnv.organization.get(), oracle.organization(d.all, d.orgA.id as string))
      delete process.env.AWARENESS_API_KEY
      assert.throws(() => new AwarenessClient({ baseUrl }), /AWARENESS_API_KEY/)
    } finally {
      if (saved === undefined) delete process.env.AWARENESS_API_KEY
      else process.env.AWARENESS_API_KEY = saved
    }
  })

  test('a 429 is retried after its Retry-After (real server, tiny budget)', async () => {
    const small = await testApp('sqlite', d.all, { RATE_LIMIT: '3/2s' })
    try {
      const baseUrl = await small.listen()
      const waits: { delayMs: number; reason: string }[] = []
      const c = new AwarenessClient({
        baseUrl,
        apiKey: await small.key({ organizationId: d.orgA.id as string }),
        onRetry: ({ delayMs, reason }) => waits.push({ delayMs, reason }),
      })
      const started = Date.now()
      const all = await c.employees.list({ workspaceId: d.a1 }, { limit: 5 }).toArray()
      assert.deepEqual(all, oracle.employees(d.all, d.a1))
      assert.ok(waits.length >= 1, 'eight pages on a budget of three per window must wait')
      assert.ok(
        waits.every((w) => w.reason === '429' && w.delayMs >= 1000 && w.delayMs <= 2000),
        JSON.stringify(waits),
      )
      assert.ok(Date.now() - started >= 1000)
    } finally {
      await small.close()
    }
  })

  test('a Retry-After beyond the bound fails at once instead of waiting', async () => {
    const small = await testApp('sqlite', d.all, { RATE_LIMIT: '1/1h' })
    try {
      const c = new AwarenessClient({
        baseUrl: await small.listen(),
        apiKey: await small.key({ organizationId: d.orgA.id as string }),
        // Below any Retry-After (at least 1 s): windows are aligned to the clock, so near the end of
        // the hour a larger bound would let the client wait for the next window (seen once, at 15:00).
        maxRetryDelayMs: 500,
      })
      await c.organization.get()
      const error = await c.organization.get().catch((e: unknown) => e)
      assert.ok(error instanceof AwarenessApiError)
      assert.equal(error.status, 429)
    } finally {
      await small.close()
    }
  })

  test('network errors are retried with backoff, then reported', async () => {
    const server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const { port } = server.address() as { port: number }
    await new Promise<void>((r) => server.close(() => r()))
    const retries: number[] = []
    const c = new AwarenessClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      maxRetries: 2,
      retryBaseMs: 5,
      onRetry: (r) => retries.push(r.attempt),
    })
    const error = await c.organization.get().catch((e: unknown) => e)
    assert.ok(error instanceof AwarenessNetworkError)
    assert.deepEqual(retries, [1, 2])
  })

  test('an overloaded server (503, Retry-After) is retried after the delay it asks for', async () => {
    const proxy = await overloadedProxy(baseUrl, 2)
    try {
      const retries: number[] = []
      const patient = new AwarenessClient({
        baseUrl: proxy.base,
        apiKey: await t.key({ organizationId: d.orgA.id as string }),
        onRetry: ({ delayMs }) => retries.push(delayMs),
      })
      const started = Date.now()
      assert.deepEqual(
        await patient.employees.list({ workspaceId: d.a1 }, { limit: 9 }).toArray(),
        oracle.employees(d.all, d.a1),
      )
      assert.deepEqual(retries, [1000, 1000])
      assert.equal(proxy.refused(), 2)
      assert.ok(Date.now() - started >= 2000)
    } finally {
      await proxy.close()
    }
  })

  test('an unreachable server: the error names the host and the cause', async () => {
    const server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const { port } = server.address() as { port: number }
    await new Promise<void>((r) => server.close(() => r()))
    const c = new AwarenessClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', maxRetries: 0 })
    const error = await c.organization.get().catch((e: unknown) => e)
    assert.ok(error instanceof AwarenessNetworkError)
    assert.equal(
      error.message,
      `cannot reach 127.0.0.1:${port}: connection refused (ECONNREFUSED) (1 attempt)`,
    )
  })

  test('a failure no retry can mend (a port fetch refuses) fails at once, saying so', async () => {
    const waits: string[] = []
    const c = new AwarenessClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'wsa_x',
      onRetry: (i) => waits.push(i.reason),
    })
    const error = await c.organization.get().catch((e: unknown) => e)
    assert.ok(error instanceof AwarenessNetworkError)
    assert.equal(
      error.message,
      'cannot reach 127.0.0.1:9: fetch refuses to use this port (bad port) (1 attempt)',
    )
    assert.deepEqual(waits, [])
  })

  test('a server that does not answer times out', async () => {
    const server = createServer(() => {})
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    try {
      const { port } = server.address() as { port: number }
      const c = new AwarenessClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'k',
        timeoutMs: 200,
        maxRetries: 0,
      })
      const error = await c.organization.get().catch((e: unknown) => e)
      assert.ok(error instanceof AwarenessNetworkError)
      assert.match(error.message, /timeout/)
    } finally {
      server.close()
    }
  })

  test('events: list resumes after a stored position; follow yields new events as imports record them (changes data: last)', async () => {
    const { importSources } = await import('../../src/importer/import.js')
    const { source } = await import('../helpers/records.js')
    const all = await client.events.list({ workspaceId: d.a1 }, { limit: 7 }).toArray()
    assert.ok(all.length > 10)
    assert.deepEqual(
      await client.events.list({ workspaceId: d.a1, after: all[4]?.id }).toArray(),
      all.slice(5),
    )
    assert.deepEqual(
      await client.events.list({ workspaceId: d.a1, types: ['breach.created'] }).toArray(),
      all.filter((e) => e.type === 'breach.created'),
    )
    const stop = new AbortController()
    const followed: string[] = []
    const following = (async () => {
      for await (const event of client.events.follow(
        { workspaceId: d.a1, after: all[all.length - 1]?.id },
        { intervalMs: 20, signal: stop.signal },
      )) {
        followed.push(event.type)
        stop.abort()
      }
    })()
    await elapse(50, 'the follower reads the feed once before the change')
    const someone = d.all.find(
      (r) => r.type === 'employee' && (r.workspace as { id: string }).id === d.a1,
    ) as Record<string, unknown>
    await importSources(t.db.handle, [source([{ ...someone, job_title: 'Followed' }])])
    await following
    assert.deepEqual(followed, ['employee.updated'])
    await assert.rejects(
      client.events.list({ workspaceId: d.a1, after: '00000000-0001-7000-8000-000000000000' }).toArray(),
      (e: unknown) => e instanceof AwarenessApiError && e.status === 410 && e.code === 'event_expired',
    )
  })
})
