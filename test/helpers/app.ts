// Builds the app per test on a fresh database seeded through the real importer, and checks every
// response it returns against the route's published schema.

import assert from 'node:assert/strict'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { loadConfig } from '../../src/config/config.js'
import type { DialectName } from '../../src/db/dialect.js'
import { type AppOptions, buildApp } from '../../src/http/app.js'
import { importSources } from '../../src/importer/import.js'
import { createKey, type NewKey } from '../../src/keys/keys.js'
import type { FeedEvent } from '../../src/ocsf/render.js'
import { freshDatabase, type TestDatabase } from './databases.js'
import { type ApiDataset, apiDataset } from './dataset.js'
import { ocsfErrors, toOcsf } from './ocsf.js'
import { DOCUMENT_ID, DOCUMENT as document, documentAjv, pointer } from './openapi-document.js'
import { type Rec, smallDataset, source } from './records.js'

export interface TestApp {
  app: FastifyInstance
  db: TestDatabase
  /** Creates a key (all scopes by default) for an organization. */
  key(input: NewKey): Promise<string>
  /** GET (or another method) with a key; the response is checked against the route's schema. */
  request(url: string, options?: RequestOptions): Promise<Response>
  /** Listens on a free loopback port; returns the base URL. */
  /** Listens on a free port (once), and returns the server's base URL. */
  listen(): Promise<string>
  close(): Promise<void>
}

export interface RequestOptions {
  key?: string | undefined
  headers?: Record<string, string>
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'
  /** The socket's address the request comes from (127.0.0.1 otherwise). */
  remoteAddress?: string
}

export interface Response {
  status: number
  headers: LightMyRequestResponse['headers']
  body: string
  json: any
}

/**
 * Checks a response against the committed OpenAPI document's own schemas (with ajv, not the
 * server's code): the operation's schema for that status, or the error shape for paths the
 * document does not have.
 */
function validator() {
  const ajv = documentAjv()
  const resolve = (node: any): any => {
    if (node?.$ref === undefined) return node
    return (node.$ref as string)
      .slice(2)
      .split('/')
      .reduce((n: any, k: string) => n[k.replaceAll('~1', '/').replaceAll('~0', '~')], document)
  }
  return (
    method: string,
    url: string,
    status: number,
    body: unknown,
    headers: Record<string, unknown>,
    hasBody: boolean,
  ) => {
    const path = url.split('?')[0] as string
    const template = Object.keys(document.paths).find((t) =>
      new RegExp(`^${t.replace(/\{[a-z_]+\}/g, '[^/]+')}$`).test(path),
    )
    const response = template ? resolve(document.paths[template].get.responses[String(status)]) : undefined
    if (template && status < 400)
      assert.ok(response, `${method} ${url}: status ${status} is not in the document`)
    // Every header the document marks required is there (generated clients rely on it).
    for (const [name, declared] of Object.entries(response?.headers ?? {})) {
      if (resolve(declared).required)
        assert.ok(
          headers[name.toLowerCase()] !== undefined,
          `${method} ${url} ${status} lacks its ${name} header`,
        )
    }
    if (!hasBody) return
    let check: any
    if (response?.content) {
      const responseRef = document.paths[template as string].get.responses[String(status)].$ref as
        | string
        | undefined
      check = responseRef
        ? ajv.getSchema(`${DOCUMENT_ID}${responseRef}/content/application~1json/schema`)
        : ajv.getSchema(
            pointer(
              'paths',
              template as string,
              'get',
              'responses',
              String(status),
              'content',
              'application/json',
              'schema',
            ),
          )
    } else {
      // Paths and statuses the document does not describe (404 endpoint_not_found, 405) still
      // answer the one error shape.
      assert.ok(status >= 400, `${method} ${url} ${status} is not described by the document`)
      check = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/ErrorResponse`)
    }
    assert.ok(
      check(body),
      `${method} ${url} ${status} does not match the document: ${ajv.errorsText(check.errors)}`,
    )
    // The keys come in the schema's order: the order the document shows is the order sent.
    const schema = check.schema as Record<string, unknown>
    const problem = orderProblem(schema, body, '', resolve)
    assert.equal(problem, null, `${method} ${url} ${status}: ${problem}`)
    // Every event any test reads is also valid OCSF: as the feed sent it, or rendered from it.
    if (path === '/v1/events' && status === 200)
      for (const event of (body as { data: Record<string, unknown>[] }).data) {
        const ocsf = 'class_uid' in event ? event : toOcsf(event as unknown as FeedEvent)
        const errors = ocsfErrors(ocsf)
        assert.equal(errors, null, `${method} ${url}: an event in OCSF is not valid: ${errors}`)
      }
  }
}

/**
 * Where `value`'s keys leave the order of `schema`'s properties (through $ref, arrays, anyOf and
 * oneOf), or null when they never do.
 */
function orderProblem(
  schema: Record<string, any> | undefined,
  value: unknown,
  at: string,
  resolve: (node: any) => any,
): string | null {
  const node = resolve(schema)
  if (node === undefined || node === null || typeof node !== 'object') return null
  for (const union of [node.anyOf, node.oneOf]) {
    if (!Array.isArray(union)) continue
    const problems = union.map((branch: any) => orderProblem(branch, value, at, resolve))
    if (problems.some((p: string | null) => p === null)) return null
    return problems[0] ?? null
  }
  if (Array.isArray(value)) {
    if (!node.items) return null
    for (const [i, item] of value.entries()) {
      const problem = orderProblem(node.items, item, `${at}[${i}]`, resolve)
      if (problem !== null) return problem
    }
    return null
  }
  if (value === null || typeof value !== 'object' || !node.properties) return null
  const declared = Object.keys(node.properties)
  const sent = Object.keys(value).filter((k) => declared.includes(k))
  const expected = declared.filter((k) => k in (value as object))
  if (sent.join() !== expected.join())
    return `${at || 'the body'} has its keys as ${sent.join(', ')}; the schema: ${expected.join(', ')}`
  for (const key of sent) {
    const problem = orderProblem(
      node.properties[key],
      (value as Record<string, unknown>)[key],
      `${at}.${key}`,
      resolve,
    )
    if (problem !== null) return problem
  }
  return null
}

/** The shared dataset (`apiDataset(size)`) served in process, with a key of organization A. */
export async function servedDataset(
  dialect: DialectName,
  size = 30,
): Promise<{ t: TestApp; d: ApiDataset; key: string }> {
  const d = apiDataset(size)
  const t = await testApp(dialect, d.all)
  return { t, d, key: await t.key({ organizationId: d.orgA.id as string }) }
}

/**
 * `smallDataset()` served in process with a key of its organization, and `answerAfter`: imports a
 * file with --replace (its workspace then holds that file alone) and answers `path`'s data.
 */
export async function replacedDataset(dialect: DialectName) {
  const base = smallDataset()
  const t = await testApp(dialect, base.all)
  const key = await t.key({ organizationId: base.org.id as string })
  const answerAfter = async (file: readonly Rec[], path: string) => {
    await importSources(t.db.handle, [source(file)], { replace: true })
    return (await t.request(path, { key })).json.data
  }
  return { base, ws: base.ws.id as string, t, answerAfter }
}

/** An overload guard that a slow machine cannot trip (the event loop is never late by a day). */
const UNFIRED_OVERLOAD = { maxLagMs: 86_400_000, maxWaitMs: 86_400_000 }

export async function testApp(
  dialect: DialectName,
  records: readonly Rec[] = [],
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'tuning' | 'logger'> & { setup?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const db = await freshDatabase(dialect)
  let app: FastifyInstance | undefined
  try {
    if (records.length > 0) await importSources(db.handle, [source(records)])
    app = await buildApp({
      // Generous limits unless a test sets its own: the suites make many requests, and many fail on purpose.
      // The overload guard and the request deadline fire when the machine is slow (other work beside
      // the suite), not the code: only the tests of those (which set their own) get them as in production.
      config: loadConfig(
        {},
        {
          CURSOR_SECRET: 'test-secret-test-secret-test-secret!',
          RATE_LIMIT: '1000000/60s',
          AUTH_FAILURE_LIMIT: '1000000/60s',
          REQUEST_TIMEOUT: '120s',
          ...env,
        },
      ),
      database: db.handle,
      tuning: { ...options.tuning, overload: options.tuning?.overload ?? UNFIRED_OVERLOAD },
      logger: options.logger,
    })
    // A test's own hooks, after the app's (they run after the app's hooks of the same kind).
    options.setup?.(app)
    await app.ready()
  } catch (error) {
    // An app that fails to start (a test of that) leaves nothing open, nor a database behind.
    await app?.close().catch(() => {})
    await db.drop()
    throw error
  }
  const check = validator()
  return {
    app,
    db,
    async key(input) {
      return (await createKey(db.handle.db, input)).key
    },
    async request(url, options = {}) {
      const headers: Record<string, string> = { ...options.headers }
      if (options.key !== undefined) headers['x-api-key'] = options.key
      const method = options.method ?? 'GET'
      const response = await app.inject({
        method,
        url,
        headers,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      })
      let json: unknown
      const hasBody = method !== 'HEAD' && response.body.length > 0
      if (hasBody) {
        assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8$/)
        json = JSON.parse(response.body)
      }
      check(method, url, response.statusCode, json, response.headers, hasBody)
      return { status: response.statusCode, headers: response.headers, body: response.body, json }
    },
    async listen() {
      // Listening already (an earlier test of the suite): the same server.
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
      return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    },
    async close() {
      await app.close()
      await db.drop()
    },
  }
}

/** An aggregate-only key of the organization for each minimum group size asked, made once each. */
export function aggregateKeys(
  app: () => TestApp,
  organizationId: () => string,
): (min: number) => Promise<string> {
  const made = new Map<number, string>()
  return async (min) => {
    let key = made.get(min)
    if (key === undefined) {
      key = await app().key({ organizationId: organizationId(), privacy: 'aggregate', minGroupSize: min })
      made.set(min, key)
    }
    return key
  }
}

export type WalkWay = 'headers' | 'query' | 'link'

/**
 * Walks a list from the first page to the last; returns every item and the pages' sizes. By default
 * it walks three ways and asserts they agree item for item (CONTRACT 4, 15): x-item-limit and
 * x-next-cursor headers, the `limit` and `cursor` query parameters, and the Link rel="next" alone
 * (what a generic paginator follows).
 */
export async function walk(
  t: TestApp,
  url: string,
  key: string,
  limit?: number,
  ways: readonly WalkWay[] = ['headers', 'query', 'link'],
): Promise<{ items: any[]; pages: number[] }> {
  const [first, ...others] = ways
  const walked = await walkOneWay(t, url, key, limit, first ?? 'headers')
  for (const way of others) {
    const again = await walkOneWay(t, url, key, limit, way)
    assert.deepEqual(again.pages, walked.pages, `${way} walk of ${url}: pages`)
    assert.deepEqual(again.items, walked.items, `${way} walk of ${url}: items`)
  }
  return walked
}

function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`
}

/** The URL of a `Link: <…>; rel="next"` header (RFC 8288), or undefined without one. */
export function nextLink(header: string | string[] | number | undefined): string | undefined {
  if (typeof header !== 'string') return undefined
  return /<([^>]*)>\s*;\s*rel="next"/.exec(header)?.[1]
}

async function walkOneWay(
  t: TestApp,
  url: string,
  key: string,
  limit: number | undefined,
  way: WalkWay,
): Promise<{ items: any[]; pages: number[] }> {
  const items: unknown[] = []
  const pages: number[] = []
  let cursor: string | undefined
  let next = way !== 'headers' && limit !== undefined ? withQuery(url, 'limit', String(limit)) : url
  for (let guard = 0; guard < 100_000; guard++) {
    const headers: Record<string, string> = {}
    if (way === 'headers' && limit !== undefined) headers['x-item-limit'] = String(limit)
    if (way === 'headers' && cursor !== undefined) headers['x-next-cursor'] = cursor
    const target = way === 'query' && cursor !== undefined ? withQuery(next, 'cursor', cursor) : next
    const response = await t.request(target, { key, headers })
    assert.equal(response.status, 200, response.body)
    items.push(...response.json.data)
    pages.push(response.json.data.length)
    cursor = response.headers['x-next-cursor'] as string | undefined
    const link = nextLink(response.headers.link)
    assert.equal(link === undefined, cursor === undefined, 'Link rel="next" comes with x-next-cursor')
    if (cursor === undefined) return { items: items as any[], pages }
    assert.ok(cursor.length > 0 && cursor.length <= 512)
    const linked = new URL(link as string)
    assert.equal(linked.searchParams.get('cursor'), cursor, 'the Link carries the cursor')
    if (way === 'link') next = `${linked.pathname}${linked.search}`
  }
  throw new Error('the walk did not end')
}
