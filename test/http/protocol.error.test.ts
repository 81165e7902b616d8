// Whatever the failure, a client that opened a connection gets an answer in the contract's error
// shape (CONTRACT 8): requests Node refuses while reading them, CONNECT, a missing Host, slow
// headers, oversized headers; and an error body is never larger than the request deserves.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { METHODS } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { type RawExchange, rawExchange } from '../helpers/raw-http.js'
import { ROOT_URL } from '../helpers/root.js'

const document = JSON.parse(readFileSync(new URL('openapi.json', ROOT_URL), 'utf8'))
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema({ ...document, $id: 'doc' })
const errorShape = ajv.getSchema('doc#/components/schemas/ErrorResponse')
if (!errorShape) throw new Error('the document has no ErrorResponse schema')

/** The answer is one error of `status` and `code`, in the published shape, with a request id. */
function assertError(answer: RawExchange, status: number, code: string): void {
  assert.equal(answer.status, status, answer.body)
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8')
  assert.equal(answer.headers['cache-control'], 'no-store')
  assert.equal(answer.headers['x-content-type-options'], 'nosniff')
  const body = JSON.parse(answer.body)
  assert.ok(errorShape?.(body), JSON.stringify(errorShape?.errors))
  assert.equal(body.errors[0].code, code)
  assert.equal(body.errors[0].status, String(status))
  assert.equal(body.meta.request_id, answer.headers['x-request-id'])
  assert.match(body.meta.request_id, /^[0-9a-f-]{36}$/)
}

describe('protocol errors (real listening server)', () => {
  let t: TestApp
  let d: ApiDataset
  let base: string
  let key: string
  before(async () => {
    d = apiDataset(6)
    t = await testApp('sqlite', d.all, {}, { tuning: { headersTimeoutMs: 1000 } })
    base = await t.listen()
    key = await t.key({ organizationId: d.orgA.id as string })
  })
  after(() => t?.close())

  test('an HTTP/1.1 request without Host: 400 malformed_request', async () => {
    const answer = await rawExchange(base, 'GET /v1/organization HTTP/1.1\r\nConnection: close\r\n\r\n')
    assertError(answer, 400, 'malformed_request')
  })

  test('two Host headers: 400 malformed_request, whatever their case or values', async () => {
    for (const hosts of ['Host: a\r\nHost: b', 'Host: x\r\nhost: x', 'HOST: x\r\nx-other: 1\r\nhost: y']) {
      const answer = await rawExchange(
        base,
        `GET /v1/organization HTTP/1.1\r\n${hosts}\r\nx-api-key: ${key}\r\nConnection: close\r\n\r\n`,
      )
      assertError(answer, 400, 'malformed_request')
    }
    const one = await rawExchange(
      base,
      `GET /v1/organization HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nConnection: close\r\n\r\n`,
    )
    assert.equal(one.status, 200)
  })

  test('every registered route answers any method but GET and HEAD with 405 and Allow', async () => {
    const paths = t.app.paths
    // The walk covers what the contract names and every operation of the document.
    for (const path of ['/', '/healthz', '/readyz', '/metrics', '/docs', '/v1/openapi.json', '/v1/events'])
      assert.ok(paths.includes(path), `${path} is registered`)
    for (const path of Object.keys(document.paths as object))
      assert.ok(paths.includes(path.replace(/\{(\w+)\}/g, ':$1')), `${path} is registered`)
    const id = '00000000-0000-4000-8000-000000000000'
    for (const path of paths) {
      const concrete = path.replace(/:\w+/g, id).replace(/\*$/, 'anything')
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']) {
        const answer = await rawExchange(
          base,
          `${method} ${concrete} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        )
        assertError(answer, 405, 'method_not_allowed')
        assert.equal(answer.headers.allow, 'GET, HEAD', `${method} ${concrete}`)
      }
      const get = await rawExchange(base, `GET ${concrete} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
      assert.notEqual(get.status, 405, `GET ${concrete}`)
    }
    // A path that does not exist stays 404, whatever the method.
    assertError(
      await rawExchange(base, 'DELETE /v1/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      404,
      'endpoint_not_found',
    )
  })

  test('every method token Node parses (QUERY, PROPFIND, M-SEARCH, …) answers 405 with Allow on a path that exists', async () => {
    const methods = METHODS.filter((m) => !['GET', 'HEAD', 'CONNECT'].includes(m))
    assert.ok(methods.includes('QUERY') && methods.includes('PROPFIND'))
    for (const method of methods) {
      for (const path of ['/v1/organization', '/', `/v1/employees?workspace_id=${d.a1}`]) {
        const answer = await rawExchange(
          base,
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        )
        assertError(answer, 405, 'method_not_allowed')
        assert.equal(answer.headers.allow, 'GET, HEAD', `${method} ${path}`)
      }
    }
  })

  test('a request target over 8 KiB: 414 uri_too_long; one of 8 KiB is read', async () => {
    const path = `/v1/employees?workspace_id=${d.a1}&status=`
    const over = `${path}${'active,'.repeat(Math.ceil((8192 - path.length) / 7))}active`
    assert.ok(over.length > 8192)
    const answer = await rawExchange(
      base,
      `GET ${over} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nConnection: close\r\n\r\n`,
    )
    assertError(answer, 414, 'uri_too_long')
    const body = JSON.parse(answer.body)
    assert.ok(answer.body.length < 1024, 'the target is not echoed')
    assert.deepEqual(body.errors[0].source, {})
    const exact = `${`${path}${'active,'.repeat(2000)}`.slice(0, 8192 - 6)}active`
    assert.equal(exact.length, 8192)
    const read = await rawExchange(
      base,
      `GET ${exact} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nConnection: close\r\n\r\n`,
    )
    assert.notEqual(read.status, 414)
  })

  test('CONNECT: 405 method_not_allowed with Allow, and the connection closed', async () => {
    const answer = await rawExchange(
      base,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    )
    assertError(answer, 405, 'method_not_allowed')
    assert.equal(answer.headers.allow, 'GET, HEAD')
    assert.notEqual(answer.closedAfterMs, null)
  })

  test('an unknown method token or bytes that are not HTTP: 400 malformed_request', async () => {
    assertError(
      await rawExchange(base, 'FROB /v1/organization HTTP/1.1\r\nHost: x\r\n\r\n'),
      400,
      'malformed_request',
    )
    assertError(
      await rawExchange(base, 'GET /\x01\x02 HTTP/1.1\r\nHost: x\r\n\r\n'),
      400,
      'malformed_request',
    )
    assertError(
      await rawExchange(base, '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'),
      400,
      'malformed_request',
    )
  })

  test('headers over 16 KiB: 431 request_header_too_large', async () => {
    const answer = await rawExchange(
      base,
      `GET /v1/organization HTTP/1.1\r\nHost: x\r\nx-padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    )
    assertError(answer, 431, 'request_header_too_large')
  })

  test('headers that never end, or never start: 408 request_timeout, then the connection closes', async () => {
    const [partial, silent] = await Promise.all([
      rawExchange(base, 'GET /v1/organization HTTP/1.1\r\nHost: x\r\n', 8000),
      rawExchange(base, '', 8000),
    ])
    for (const answer of [partial, silent]) {
      assertError(answer, 408, 'request_timeout')
      assert.notEqual(answer.closedAfterMs, null, 'closed by the server')
      assert.ok((answer.closedAfterMs as number) < 4000, `closed after ${answer.closedAfterMs} ms`)
    }
  })

  test('1,000 unknown parameters (a target under 8 KiB): ten entries, more_errors, and a small body', async () => {
    const query = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')
    const response = await t.request(`/v1/employees?workspace_id=${d.a1}&${query}`, { key })
    assert.equal(response.status, 422)
    assert.equal(response.json.errors.length, 10)
    assert.equal(response.json.meta.more_errors, true)
    assert.ok(response.body.length < 4096, `${response.body.length} bytes`)
    const few = await t.request(`/v1/employees?workspace_id=${d.a1}&p1=1&p2=2`, { key })
    assert.equal(few.json.errors.length, 2)
    assert.equal(few.json.meta.more_errors, undefined)
  })

  test('a long parameter name or path is not echoed whole', async () => {
    const name = 'x'.repeat(8000)
    const response = await t.request(`/v1/employees?workspace_id=${d.a1}&${name}=1`, { key })
    assert.equal(response.status, 422)
    assert.ok(response.body.length < 1024, `${response.body.length} bytes`)
    const path = await t.request(`/v1/${'y'.repeat(8000)}`, { key })
    assert.equal(path.status, 404)
    assert.ok(path.body.length < 1024, `${path.body.length} bytes`)
  })
})
