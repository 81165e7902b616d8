// Production HTTP behaviour (CONTRACT 9, 10, 11) on real listening servers: limits, conditional
// requests, compression, HEAD, logs, metrics, oversized headers, graceful shutdown, outages.

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { PassThrough } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { loadConfig } from '../../src/config/config.js'
import { openDatabase } from '../../src/db/connection.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { buildApp, ONE_CALL_COMPRESSION_BYTES } from '../../src/http/app.js'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { owned } from '../helpers/children.js'
import { CLI } from '../helpers/cli.js'
import { type ApiDataset, alteredKey, apiDataset } from '../helpers/dataset.js'
import { privatePostgresUnavailable, startPrivatePostgres } from '../helpers/private-postgres.js'
import { freePort } from '../helpers/processes.js'
import { course, employee, progress, source, workspace } from '../helpers/records.js'
import { elapse, waitFor } from '../helpers/wait.js'
import { clearOfWindowEnd } from '../helpers/windows.js'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A plain HTTP request on its own connection (with `body` if given), returning the raw (possibly compressed) body. */
function raw(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string | Buffer,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // A GET's body is sent unframed unless its length is given.
    const framed =
      body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
    const req = httpRequest(url, { method, headers: framed, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('production HTTP behaviour (real listening server)', () => {
  describe('rate limits', () => {
    let t: TestApp
    let d: ApiDataset
    let base: string
    before(async () => {
      d = apiDataset(6)
      t = await testApp('sqlite', d.all, { RATE_LIMIT: '5/60s', AUTH_FAILURE_LIMIT: '3/60s' })
      base = await t.listen()
    })
    after(() => t?.close())

    test('a key past its budget gets 429 with Retry-After; every authenticated answer carries the RateLimit fields', async () => {
      const key = await t.key({ organizationId: d.orgA.id as string })
      await clearOfWindowEnd(60)
      const left: string[] = []
      for (let i = 0; i < 5; i++) {
        const response = await raw(`${base}/v1/employees?workspace_id=${d.a1}`, { 'x-api-key': key })
        assert.equal(response.status, 200)
        assert.equal(response.headers['ratelimit-policy'], '"default";q=5;w=60')
        left.push(String(response.headers.ratelimit))
      }
      assert.deepEqual(
        left.map((l) => /r=(\d+)/.exec(l)?.[1]),
        ['4', '3', '2', '1', '0'],
      )
      const refused = await raw(`${base}/v1/employees?workspace_id=${d.a1}`, { 'x-api-key': key })
      assert.equal(refused.status, 429)
      const body = JSON.parse(refused.body.toString())
      assert.equal(body.errors[0].code, 'too_many_requests')
      const retryAfter = Number(refused.headers['retry-after'])
      assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter))
      assert.match(String(refused.headers.ratelimit), /^"default";r=0;t=\d+$/)
      // A 404 of an authenticated request carries the fields too.
      const other = await t.key({ organizationId: d.orgA.id as string })
      const missing = await raw(`${base}/v1/employees/${d.foreignEmployee.id}`, { 'x-api-key': other })
      assert.equal(missing.status, 404)
      assert.equal(missing.headers['ratelimit-policy'], '"default";q=5;w=60')
    })

    test('a key with a budget of its own', async () => {
      const key = (
        await createKey(t.db.handle.db, { organizationId: d.orgA.id as string, rateLimit: '2/30s' })
      ).key
      await clearOfWindowEnd(30)
      for (let i = 0; i < 2; i++) {
        const ok = await raw(`${base}/v1/organization`, { 'x-api-key': key })
        assert.equal(ok.status, 200)
        assert.equal(ok.headers['ratelimit-policy'], '"default";q=2;w=30')
      }
      assert.equal((await raw(`${base}/v1/organization`, { 'x-api-key': key })).status, 429)
    })

    test('an address past its failed authentications is refused, even with a valid key', async () => {
      const key = await t.key({ organizationId: d.orgA.id as string })
      await clearOfWindowEnd(60)
      for (let i = 0; i < 3; i++) {
        assert.equal((await raw(`${base}/v1/organization`, { 'x-api-key': `wsa_wrong${i}` })).status, 401)
      }
      const refused = await raw(`${base}/v1/organization`, { 'x-api-key': key })
      assert.equal(refused.status, 429)
      assert.ok(Number(refused.headers['retry-after']) >= 1)
      assert.equal(JSON.parse(refused.body.toString()).errors[0].code, 'too_many_requests')
    })
  })

  describe('conditional requests, compression, HEAD, headers', () => {
    let t: TestApp
    let d: ApiDataset
    let base: string
    let key: string
    before(async () => {
      d = apiDataset(40)
      t = await testApp('sqlite', d.all)
      base = await t.listen()
      key = await t.key({ organizationId: d.orgA.id as string })
    })
    after(() => t?.close())

    test('a matching If-None-Match gives 304 without a body; a re-import that changes the data gives 200 again', async () => {
      const url = `${base}/v1/employees?workspace_id=${d.a1}`
      const first = await raw(url, { 'x-api-key': key })
      const etag = String(first.headers.etag)
      assert.match(etag, /^W\/"[\w-]+"$/)
      const again = await raw(url, { 'x-api-key': key, 'if-none-match': etag })
      assert.equal(again.status, 304)
      assert.equal(again.body.length, 0)
      assert.equal(again.headers.etag, etag)
      // Another page, another tag.
      const limited = await raw(url, { 'x-api-key': key, 'x-item-limit': '3' })
      assert.notEqual(limited.headers.etag, etag)
      // An import that changes nothing keeps the tag; one that changes data moves it.
      await importSources(t.db.handle, [source(d.all)])
      assert.equal((await raw(url, { 'x-api-key': key, 'if-none-match': etag })).status, 304)
      const renamed = { ...d.employeesA1[0], name: 'Renamed Person' }
      await importSources(t.db.handle, [source([renamed])])
      const changed = await raw(url, { 'x-api-key': key, 'if-none-match': etag })
      assert.equal(changed.status, 200)
      assert.notEqual(changed.headers.etag, etag)
      assert.ok(changed.body.toString().includes('Renamed Person'))
    })

    test('statistics carry an ETag of their body', async () => {
      const url = `${base}/v1/courses/statistics?workspace_id=${d.a1}`
      const first = await raw(url, { 'x-api-key': key })
      assert.equal(first.status, 200)
      const second = await raw(url, { 'x-api-key': key, 'if-none-match': String(first.headers.etag) })
      assert.equal(second.status, 304)
    })

    test('errors carry no ETag', async () => {
      const response = await raw(`${base}/v1/employees?workspace_id=nope`, { 'x-api-key': key })
      assert.equal(response.status, 422)
      assert.equal(response.headers.etag, undefined)
    })

    test('compressed bodies (br, gzip) decode to the same JSON; small bodies are not compressed', async () => {
      const url = `${base}/v1/courses/employees_progress?workspace_id=${d.a1}`
      const plain = await raw(url, { 'x-api-key': key })
      assert.equal(plain.headers['content-encoding'], undefined)
      const br = await raw(url, { 'x-api-key': key, 'accept-encoding': 'br' })
      assert.equal(br.headers['content-encoding'], 'br')
      assert.ok(br.body.length < plain.body.length / 3)
      assert.deepEqual(
        JSON.parse(brotliDecompressSync(br.body).toString()),
        JSON.parse(plain.body.toString()),
      )
      const gzip = await raw(url, { 'x-api-key': key, 'accept-encoding': 'gzip' })
      assert.equal(gzip.headers['content-encoding'], 'gzip')
      assert.deepEqual(JSON.parse(gunzipSync(gzip.body).toString()), JSON.parse(plain.body.toString()))
      const small = await raw(`${base}/v1/courses/statistics?workspace_id=${d.a1}`, {
        'x-api-key': key,
        'accept-encoding': 'br, gzip',
      })
      assert.ok(small.body.length < 1024)
      assert.equal(small.headers['content-encoding'], undefined)
    })

    test('a body above the one-call compression limit is streamed compressed and decodes the same', async () => {
      const ws = workspace(d.orgA.id as string)
      // Long descriptions make each entry about 5 KB: 400 employees with 3 courses each, about 6 MB.
      const courses = [1, 2, 3].map(() => course(ws.id as string, { description: 'x'.repeat(5000) }))
      const people = Array.from({ length: 400 }, () => employee(ws.id as string))
      const entries = people.flatMap((e) => courses.map((c) => progress(e.id as string, c.id as string)))
      await importSources(t.db.handle, [source([ws, ...courses, ...people, ...entries])])
      const url = `${base}/v1/courses/employees_progress?workspace_id=${ws.id}`
      const plain = await raw(url, { 'x-api-key': key, 'x-item-limit': '500' })
      assert.ok(plain.body.length > ONE_CALL_COMPRESSION_BYTES, `a ${plain.body.length}-byte page`)
      assert.equal(JSON.parse(plain.body.toString()).data.length, 400)
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const compressed = await raw(url, {
          'x-api-key': key,
          'x-item-limit': '500',
          'accept-encoding': encoding,
        })
        assert.equal(compressed.headers['content-encoding'], encoding)
        assert.ok(compressed.body.length < plain.body.length / 3)
        assert.deepEqual(JSON.parse(decode(compressed.body).toString()), JSON.parse(plain.body.toString()))
      }
    })

    // The API never reads a request body (and so never decompresses one): a GET that carries one,
    // plain or with a Content-Encoding, is answered exactly as the same GET without it.
    test('a GET carrying a body, plain or compressed, is answered as without one', async () => {
      const url = `${base}/v1/employees?workspace_id=${d.a1}`
      const headers = { 'x-api-key': key, 'x-item-limit': '3' }
      const plain = await raw(url, headers)
      assert.equal(plain.status, 200)
      for (const [extra, body] of [
        [{ 'content-type': 'application/json' }, '{"workspace_id":"other"}'],
        [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync('{"a":1}')],
        [{ 'content-type': 'text/plain', 'content-encoding': 'br' }, 'not brotli at all'],
      ] as const) {
        const answer = await raw(url, { ...headers, ...extra }, 'GET', body)
        assert.equal(answer.status, 200, JSON.stringify(extra))
        assert.deepEqual(answer.body, plain.body)
      }
    })

    test('HEAD has the headers of GET and no body', async () => {
      const url = `${base}/v1/employees?workspace_id=${d.a1}`
      const get = await raw(url, { 'x-api-key': key, 'x-item-limit': '5' })
      const head = await raw(url, { 'x-api-key': key, 'x-item-limit': '5' }, 'HEAD')
      assert.equal(head.status, 200)
      assert.equal(head.body.length, 0)
      assert.equal(head.headers['content-type'], get.headers['content-type'])
      assert.equal(head.headers.etag, get.headers.etag)
      assert.equal(typeof head.headers['x-next-cursor'], 'string')
    })

    test('headers over 16 KiB are refused with the error shape', async () => {
      const response = await new Promise<string>((resolve, reject) => {
        const url = new URL(base)
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(
            `GET /v1/organization HTTP/1.1\r\nHost: x\r\nx-padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
          )
        })
        let data = ''
        socket.on('data', (c) => (data += c))
        socket.on('end', () => resolve(data))
        socket.on('error', reject)
      })
      assert.match(response, /^HTTP\/1\.1 431 /)
      const body = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))
      assert.equal(body.errors[0].status, '431')
      assert.match(body.errors[0].detail, /16 KiB/)
    })

    test('health and readiness need no key', async () => {
      assert.equal((await raw(`${base}/healthz`)).status, 200)
      const ready = await raw(`${base}/readyz`)
      assert.equal(ready.status, 200)
      assert.deepEqual(JSON.parse(ready.body.toString()), { status: 'ok' })
    })
  })

  /** An app on an in-memory database holding `d`, logging at info into `lines`. */
  async function loggingApp(d: ApiDataset) {
    const lines: string[] = []
    const stream = new PassThrough()
    stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
    const database = openDatabase(':memory:')
    await migrateToLatest(database)
    await importSources(database, [source(d.all)])
    const app = await buildApp({
      config: loadConfig({}, { LOG_LEVEL: 'info' }),
      database,
      logger: { stream },
    })
    return { lines, database, app }
  }

  test('logs are JSON lines with request id, key id, method, path, route, status, duration, client and user agent, never a key', async () => {
    const d = apiDataset(4)
    const { lines, database, app } = await loggingApp(d)
    try {
      const key = (await createKey(database.db, { organizationId: d.orgA.id as string })).key
      const keyId = (await database.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()).id
      await app.inject({
        url: `/v1/employees?workspace_id=${d.a1}`,
        headers: { 'x-api-key': key, 'x-request-id': 'trace-1', 'user-agent': 'splunk-ta/2.1' },
        remoteAddress: '203.0.113.7',
      })
      await app.inject({
        url: `/v1/employees?workspace_id=${d.a1}&x-api-key=${key}`,
        // A proxy's header from a peer nobody trusts names nobody.
        headers: { 'x-api-key': key, 'x-forwarded-for': '198.51.100.1', 'user-agent': 'x'.repeat(5000) },
        remoteAddress: '203.0.113.8',
      })
      await app.inject({ url: '/v1/organization', headers: { 'x-api-key': alteredKey(key) } })
      await app.inject({ url: `/v1/nothing?api_key=${key}`, headers: { 'user-agent': `curl ${key}` } })
      await app.inject({ method: 'POST', url: `/v1/${key}/employees` })
      // Percent-encoded, whole or in part, once or twice over.
      const encodedForms = [
        `%77${key.slice(1)}`,
        `wsa%5F${key.slice(4)}`,
        `wsa%5f${key.slice(4)}`,
        `%2577${key.slice(1)}`,
        `${key.slice(0, 20)}%${key.charCodeAt(20).toString(16)}${key.slice(21)}`,
      ]
      for (const form of encodedForms) await app.inject({ url: `/v1/employees/${form}` })
      await waitFor(
        'every request logged',
        () => lines.filter((l) => JSON.parse(l).msg === 'request').length >= 5 + encodedForms.length,
      )
      const all = lines.join('\n')
      assert.ok(!all.includes(key), 'a key never appears in the logs')
      assert.ok(!all.includes(key.slice(4, 36)), 'nor its random part')
      assert.ok(!all.includes(key.slice(21)), 'nor what follows an encoded character')
      const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
      assert.equal(requests.length, 5 + encodedForms.length)
      for (const encoded of requests.slice(5)) assert.equal(encoded.path, '/v1/employees/wsa_[redacted]')
      const first = requests[0]
      assert.equal(first.reqId, 'trace-1')
      assert.equal(first.key_id, keyId)
      assert.equal(first.method, 'GET')
      assert.equal(first.path, '/v1/employees')
      assert.equal(first.route, '/v1/employees')
      assert.equal(first.status, 200)
      assert.equal(typeof first.duration_ms, 'number')
      assert.equal(first.client, '203.0.113.7')
      assert.equal(first.user_agent, 'splunk-ta/2.1')
      assert.equal(requests[1].client, '203.0.113.8', 'X-Forwarded-For is not believed without TRUST_PROXY')
      assert.equal(requests[1].user_agent.length, 257, 'a user agent is cut')
      assert.equal(requests[2].status, 401)
      assert.equal(requests[2].key_id, undefined)
      // An unknown path is logged as sent, without its query, so that a 404 can be explained.
      assert.deepEqual(
        [requests[3].path, requests[3].route, requests[3].status],
        ['/v1/nothing', 'unmatched', 404],
      )
      assert.equal(requests[3].user_agent, 'curl wsa_[redacted]')
      assert.deepEqual([requests[4].method, requests[4].path], ['POST', '/v1/wsa_[redacted]/employees'])
    } finally {
      await app.close()
      await database.close()
    }
  })

  test('a key sent where no key belongs (request id, parameter name, path, user agent) is in no log line and no answer', async () => {
    const d = apiDataset(2)
    const { lines, database, app } = await loggingApp(d)
    try {
      const key = (await createKey(database.db, { organizationId: d.orgA.id as string })).key
      const secret = key.slice(4)
      const answers = [
        await app.inject({ url: '/healthz', headers: { 'x-request-id': key } }),
        await app.inject({ url: '/healthz', headers: { 'x-request-id': `trace-${secret}` } }),
        await app.inject({
          url: `/v1/employees?workspace_id=${d.a1}&${key}=1`,
          headers: { 'x-api-key': key },
        }),
        await app.inject({ url: `/v1/employees/wsa_%C3%A9${secret}` }),
        await app.inject({
          url: `/v1/x${secret}y/employees`,
          headers: { 'user-agent': `curl/8 (${secret})` },
        }),
      ]
      await app.close()
      const everything = [...lines, ...answers.map((a) => JSON.stringify([a.headers, a.body]))].join('\n')
      for (let at = 4; at + 10 <= key.length; at++)
        assert.ok(
          !everything.includes(key.slice(at, at + 10)),
          `no ten characters of the key: ${key.slice(at, at + 10)}`,
        )
      // A request id that holds a key is replaced by a fresh one, in the answer as in the log.
      const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
      for (const [i, answer] of answers.slice(0, 2).entries()) {
        assert.match(String(answer.headers['x-request-id']), /^[0-9a-f-]{36}$/)
        assert.equal(requests[i].reqId, answer.headers['x-request-id'])
      }
      assert.equal(answers[2]?.statusCode, 422)
      assert.equal(answers[2]?.json().errors[0].source.parameter, 'wsa_[redacted]')
      assert.equal(requests[3].path, '/v1/employees/wsa_[redacted]')
      assert.equal(
        answers[4]?.json().errors[0].detail,
        'There is no endpoint at /v1/xwsa_[redacted]y/employees.',
      )
      assert.equal(requests[4].user_agent, 'curl/8 (wsa_[redacted])')
    } finally {
      await app.close()
      await database.close()
    }
  })

  test('behind a proxy TRUST_PROXY trusts, the log names the client the proxy saw', async () => {
    const lines: string[] = []
    const stream = new PassThrough()
    stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
    const database = openDatabase(':memory:')
    await migrateToLatest(database)
    const app = await buildApp({
      config: loadConfig({}, { LOG_LEVEL: 'info', TRUST_PROXY: '10.0.0.0/8' }),
      database,
      logger: { stream },
    })
    try {
      const forwarded = { 'x-forwarded-for': '198.51.100.1' }
      await app.inject({ url: '/healthz', headers: forwarded, remoteAddress: '10.1.2.3' })
      await app.inject({ url: '/healthz', headers: forwarded, remoteAddress: '203.0.113.9' })
      const requests = await waitFor('both requests logged', () => {
        const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
        return logged.length >= 2 && logged
      })
      assert.deepEqual(
        requests.map((r) => r.client),
        ['198.51.100.1', '203.0.113.9'],
        'the trusted proxy is believed; a peer outside TRUST_PROXY is not',
      )
    } finally {
      await app.close()
      await database.close()
    }
  })

  describe('metrics', () => {
    test('/metrics is Prometheus text and counts the requests made', async () => {
      const d = apiDataset(4)
      const t = await testApp('sqlite', d.all)
      try {
        const base = await t.listen()
        const key = await t.key({ organizationId: d.orgA.id as string })
        for (let i = 0; i < 3; i++)
          await raw(`${base}/v1/employees?workspace_id=${d.a1}`, { 'x-api-key': key })
        await raw(`${base}/v1/employees?workspace_id=nope`, { 'x-api-key': key })
        const response = await raw(`${base}/metrics`)
        assert.equal(response.status, 200)
        assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/)
        const samples = parsePrometheus(response.body.toString())
        const count = (labels: string) => samples.get(`http_requests_total{${labels}}`)
        assert.equal(count('method="GET",route="/v1/employees",status="200"'), 3)
        assert.equal(count('method="GET",route="/v1/employees",status="422"'), 1)
        assert.equal(
          samples.get('http_request_duration_seconds_count{method="GET",route="/v1/employees",status="200"}'),
          3,
        )
        assert.ok((samples.get('data_generation') ?? 0) >= 1)
        assert.ok(samples.has('process_resident_memory_bytes'))
      } finally {
        await t.close()
      }
    })

    test('METRICS=off removes the endpoint', async () => {
      const t = await testApp('sqlite', [], { METRICS: 'off' })
      try {
        assert.equal((await t.request('/metrics')).status, 404)
      } finally {
        await t.close()
      }
    })
  })

  test('SIGTERM during 200 in-flight requests loses none', async (t) => {
    const d = apiDataset(300)
    const dir = (await import('node:fs')).mkdtempSync(
      (await import('node:path')).join((await import('node:os')).tmpdir(), 'aw-'),
    )
    const file = `${dir}/shutdown.db`
    const database = openDatabase(file)
    await migrateToLatest(database)
    await importSources(database, [source(d.all)])
    const key = (await createKey(database.db, { organizationId: d.orgA.id as string })).key
    await database.close()
    // A port the kernel just handed out: a random one may be taken (an outgoing connection's port
    // lies in the same range), and a server that cannot listen answers nothing.
    const port = await freePort()
    const child = owned(
      spawn(process.execPath, [...CLI, 'serve'], {
        env: {
          ...process.env,
          DATABASE_URL: file,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          RATE_LIMIT: '100000/60s',
          SHUTDOWN_DELAY: '0s',
          // What is under test is the shutdown: on a loaded machine 200 requests to a server just
          // started can take longer than the default deadline, whose 503 is tested on its own.
          REQUEST_TIMEOUT: '60s',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      t,
    )
    let errors = ''
    child.stderr.on('data', (c) => (errors += c))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const base = `http://127.0.0.1:${port}`
    await waitFor(
      'the server answering',
      async () => (await raw(`${base}/healthz`).catch(() => null))?.status === 200,
      { every: 100 },
    )
    // Light pages: what is under test is the shutdown, not the overload queue (tested on its own),
    // which a loaded machine would otherwise bring in.
    const url = `${base}/v1/employees?workspace_id=${d.a1}`
    let sent = 0
    const allSent = new Promise<void>((resolve) => {
      const check = () => (sent === 200 ? resolve() : setTimeout(check, 5))
      check()
    })
    const responses = Array.from(
      { length: 200 },
      () =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(url, { headers: { 'x-api-key': key }, agent: false }, (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (body += chunk))
            // The overload queue's 503 on a loaded machine is an answer, not a loss (200.5 marks it).
            res.on('end', () =>
              resolve(res.statusCode === 503 && body.includes('overloaded') ? 200.5 : (res.statusCode ?? 0)),
            )
          })
          req.on('error', reject)
          req.end(() => sent++)
        }),
    )
    await allSent
    child.kill('SIGTERM')
    const statuses = await Promise.all(responses)
    assert.deepEqual(
      statuses.filter((s) => s !== 200 && s !== 200.5),
      [],
      "every in-flight request is answered: 200, or the overload queue's 503",
    )
    assert.ok(statuses.includes(200))
    assert.equal(await exited, 0, errors)
  })

  describe('database outage', { skip: privatePostgresUnavailable() ?? false }, () => {
    test('a PostgreSQL stopped under load yields 503 with Retry-After, then 200 again after it restarts', async () => {
      const pg = await startPrivatePostgres()
      const database = openDatabase(pg.url, { poolSize: 4 })
      try {
        await migrateToLatest(database)
        const d = apiDataset(10)
        await importSources(database, [source(d.all)])
        const key = (await createKey(database.db, { organizationId: d.orgA.id as string })).key
        const app = await buildApp({ config: loadConfig({}, { RATE_LIMIT: '100000/60s' }), database })
        await app.listen({ port: 0, host: '127.0.0.1' })
        const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
        const url = `${base}/v1/employees?workspace_id=${d.a1}`
        try {
          assert.equal((await raw(url, { 'x-api-key': key })).status, 200)
          // Load while the server stops: every answer is a 200 or a 503, never a hang or a 500.
          let stopped = false
          const load = (async () => {
            const seen: number[] = []
            let afterStop = 0
            while (!stopped || afterStop++ < 5) {
              const started = Date.now()
              const r = await raw(url, { 'x-api-key': key })
              assert.ok(Date.now() - started < 10_000, 'no request hangs')
              seen.push(r.status)
              if (r.status === 503) {
                assert.ok(Number(r.headers['retry-after']) > 0)
                assert.equal(JSON.parse(r.body.toString()).errors[0].code, 'service_unavailable')
              }
              if (seen.length > 400) break
            }
            return seen
          })()
          await elapse(100, 'the load under way before the database stops')
          pg.stop()
          stopped = true
          const seen = await load
          assert.ok(
            seen.every((s) => s === 200 || s === 503),
            JSON.stringify([...new Set(seen)]),
          )
          assert.ok(seen.includes(503))
          assert.equal((await raw(url, { 'x-api-key': key })).status, 503)
          assert.equal((await raw(`${base}/readyz`)).status, 503)
          pg.start()
          await waitFor(
            'the service recovering by itself',
            async () => (await raw(url, { 'x-api-key': key })).status === 200,
            { ms: 10_000, every: 200 },
          )
          assert.equal((await raw(`${base}/readyz`)).status, 200)
        } finally {
          await app.close()
        }
      } finally {
        await database.close().catch(() => {})
        pg.destroy()
      }
    })
  })
})

/** Parses Prometheus text exposition: every sample line becomes name{labels} → value. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) {
      assert.ok(line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line), line)
      continue
    }
    // Values as Go's ParseFloat reads them: numbers, and NaN / ±Inf in any case.
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (-?[0-9.e+-]+|[nN][aA][nN]|[+-]?[iI][nN][fF])$/.exec(
      line,
    )
    assert.ok(m, `not a Prometheus sample: ${line}`)
    samples.set(m[1] as string, Number(m[2]))
  }
  return samples
}
