// Hostile input over every route, on a real listening server: random and adversarial query strings,
// headers, cursors and path segments. Never a 5xx, always the contract's error shape (or a valid
// answer), and the server healthy afterwards. Fixed seed in npm test; FUZZ_RUNS / PROPERTY_SEED for more.

import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { FUZZ_RUNS, SEED } from '../helpers/seed.js'

const ADVERSARIAL = [
  "' OR 1=1 --",
  '"; drop table employees; --',
  '{"$gt":""}',
  '[]',
  'null',
  '%00',
  '%ZZ',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '9'.repeat(400),
  '-0',
  '1e309',
  '0x10',
  'NaN',
  'true',
  '__proto__',
  'constructor',
  '\u0000',
  '\u202e',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'a'.repeat(3000),
  'active,,',
  ',',
]
const NAMES = [
  'workspace_id',
  'status',
  'karma_score_gte',
  'karma_score_lte',
  'warned',
  'acknowledged',
  'x-api-key',
  '__proto__',
  'limit',
  '',
]

function send(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { headers, agent: false }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

for (const { dialect, skip } of DIALECTS) {
  describe(`fuzzing every route (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let base: string
    let key: string
    before(async () => {
      d = apiDataset(8)
      t = await testApp(dialect, d.all)
      base = await t.listen()
      key = await t.key({ organizationId: d.orgA.id as string })
    })
    after(() => t?.close())

    test('no input produces a 5xx or a body outside the contract', async () => {
      const cursor = (
        await t.request(`/v1/employees?workspace_id=${d.a1}`, { key, headers: { 'x-item-limit': '1' } })
      ).headers['x-next-cursor'] as string
      const value = fc.oneof(
        fc.constantFrom(...ADVERSARIAL),
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constant(d.a1),
      )
      const segment = fc.oneof(fc.constantFrom(...ADVERSARIAL), fc.uuid(), fc.string({ maxLength: 30 }))
      const route = fc.oneof(
        fc.constant('/v1/employees'),
        segment.map((s) => `/v1/employees/${encodeURIComponent(s)}`),
        fc.constant('/v1/courses'),
        fc.constant('/v1/courses/employees_progress'),
        fc.constant('/v1/courses/statistics'),
        fc.constant('/v1/breaches'),
        segment.map((s) => `/v1/breaches/${encodeURIComponent(s)}/compromised-employees`),
        fc.constant('/v1/organization'),
        segment.map((s) => `/v1/${encodeURIComponent(s)}`),
      )
      const query = fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })), value),
        { maxLength: 6 },
      )
      // Header values must be visible ASCII to be sent at all.
      const headerValue = fc.oneof(
        fc.constantFrom('0', '101', '-1', '1.5', 'abc', '', '1e2', '50', ' 7', '99999999999999999999'),
        fc.string({ unit: fc.constantFrom(...'ABCabc019.-_=+/ ,;:"\'{}[]'.split('')), maxLength: 600 }),
        fc.constant(cursor),
        fc.constant(`${cursor.slice(0, -2)}xx`),
      )
      const headers = fc.record(
        {
          'x-item-limit': headerValue,
          'x-next-cursor': headerValue,
          'x-api-key': fc.oneof(fc.constant(key), headerValue),
          'if-none-match': headerValue,
          'x-request-id': headerValue,
        },
        { requiredKeys: [] },
      )
      await fc.assert(
        fc.asyncProperty(route, query, headers, fc.boolean(), async (path, pairs, extra, keyed) => {
          const qs = pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')
          const sent: Record<string, string> = { ...extra }
          if (keyed && sent['x-api-key'] === undefined) sent['x-api-key'] = key
          const response = await send(base, qs ? `${path}?${qs}` : path, sent)
          assert.ok(
            response.status < 500,
            `${response.status} for ${path}?${qs} ${JSON.stringify(sent)}: ${response.body}`,
          )
          const body = JSON.parse(response.body)
          if (response.status >= 400) {
            assert.ok(Array.isArray(body.errors) && body.errors.length > 0, response.body)
            for (const e of body.errors) {
              assert.equal(e.status, String(response.status))
              assert.equal(typeof e.code, 'string')
              assert.equal(typeof e.detail, 'string')
              assert.equal(typeof e.source, 'object')
            }
            assert.equal(typeof body.meta.request_id, 'string')
            assert.doesNotMatch(response.body, /select |sqlite|postgres|stack|\bat [\w.]+ \(/i)
          } else {
            assert.ok('data' in body)
          }
        }),
        { seed: SEED, numRuns: FUZZ_RUNS },
      )
      assert.equal((await send(base, '/healthz', {})).status, 200)
      assert.equal((await send(base, `/v1/employees?workspace_id=${d.a1}`, { 'x-api-key': key })).status, 200)
    })

    test('raw bytes no client library would send are answered with the error shape', async () => {
      const { connect } = await import('node:net')
      const url = new URL(base)
      const raw = (payload: string) =>
        new Promise<string>((resolve) => {
          const socket = connect(Number(url.port), url.hostname, () => socket.end(payload))
          let data = ''
          socket.on('data', (c) => (data += c))
          socket.on('close', () => resolve(data))
          socket.on('error', () => resolve(data))
        })
      for (const payload of [
        'GET /v1/employees?workspace_id=%00%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        'GET /v1/../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        'GET /v1/employees/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        'BREW /v1/employees HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        'GET /v1/employees HTTP/1.1\r\nHost: x\r\nx-api-key: \u00ff\r\nConnection: close\r\n\r\n',
        'GARBAGE\r\n\r\n',
      ]) {
        const answer = await raw(payload)
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
        assert.ok(status >= 400 && status < 500, `${JSON.stringify(payload)} → ${answer.slice(0, 200)}`)
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
        assert.ok(Array.isArray(body.errors), answer)
      }
      assert.equal((await send(base, '/healthz', {})).status, 200)
    })
  })
}
