// Builds the app per test on a fresh database seeded through the real importer, and checks every
// response it returns against the route's published schema.

import assert from 'node:assert/strict'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify'
import { loadConfig } from '../../src/config/config.js'
import type { DialectName } from '../../src/db/dialect.js'
import { buildApp, SHARED_SCHEMAS } from '../../src/http/app.js'
import { importSources } from '../../src/importer/import.js'
import { createKey, type NewKey } from '../../src/keys/keys.js'
import { freshDatabase, type TestDatabase } from './databases.js'
import { type Rec, source } from './records.js'

export interface TestApp {
  app: FastifyInstance
  db: TestDatabase
  /** Creates a key (all scopes by default) for an organization. */
  key(input: NewKey): Promise<string>
  /** GET (or another method) with a key; the response is checked against the route's schema. */
  request(url: string, options?: RequestOptions): Promise<Response>
  close(): Promise<void>
}

export interface RequestOptions {
  key?: string | undefined
  headers?: Record<string, string>
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'
}

export interface Response {
  status: number
  headers: LightMyRequestResponse['headers']
  body: string
  json: any
}

function validator(routes: RouteOptions[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  for (const schema of SHARED_SCHEMAS)
    ajv.addSchema(schema as object, (schema as unknown as { $id: string }).$id)
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>()
  return (method: string, url: string, status: number, body: unknown) => {
    const route = routes.find((r) => r.method === 'GET' && matches(r.url, url))
    const schema = (route?.schema?.response as Record<string, unknown> | undefined)?.[status]
    if (!schema) {
      // Unknown paths and 405s have no route: they must still be the error shape.
      const check = ajv.getSchema('ErrorResponse') as ReturnType<typeof ajv.compile>
      if (status >= 400) assert.ok(check(body), `${method} ${url} ${status}: ${ajv.errorsText(check.errors)}`)
      return
    }
    const key = `${route?.url} ${status}`
    let check = compiled.get(key)
    if (!check) {
      check = ajv.compile(schema as object)
      compiled.set(key, check)
    }
    assert.ok(
      check(body),
      `${method} ${url} ${status} does not match its schema: ${ajv.errorsText(check.errors)}`,
    )
  }
}

function matches(pattern: string, url: string): boolean {
  const path = url.split('?')[0] as string
  const regex = new RegExp(`^${pattern.replace(/:[a-z_]+/g, '[^/]+')}$`)
  return regex.test(path)
}

export async function testApp(
  dialect: DialectName,
  records: readonly Rec[] = [],
  env: Record<string, string> = {},
): Promise<TestApp> {
  const db = await freshDatabase(dialect)
  if (records.length > 0) await importSources(db.handle, [source(records)])
  const routes: RouteOptions[] = []
  const app = await buildApp({
    // Generous limits unless a test sets its own: the suites make many requests, and many fail on purpose.
    config: loadConfig(
      {},
      {
        CURSOR_SECRET: 'test-secret-test-secret-test-secret!',
        RATE_LIMIT: '1000000/60s',
        AUTH_FAILURE_LIMIT: '1000000/60s',
        ...env,
      },
    ),
    database: db.handle,
    onRoute: (route) => routes.push(route),
  })
  await app.ready()
  const check = validator(routes)
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
      const response = await app.inject({ method, url, headers })
      let json: unknown
      if (method !== 'HEAD' && response.body.length > 0) {
        assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8$/)
        json = JSON.parse(response.body)
        check(method, url, response.statusCode, json)
      }
      return { status: response.statusCode, headers: response.headers, body: response.body, json }
    },
    async close() {
      await app.close()
      await db.drop()
    },
  }
}

/** Follows x-next-cursor from the first page to the last; returns every item and the pages' sizes. */
export async function walk(
  t: TestApp,
  url: string,
  key: string,
  limit?: number,
): Promise<{ items: any[]; pages: number[] }> {
  const items: unknown[] = []
  const pages: number[] = []
  let cursor: string | undefined
  for (let guard = 0; guard < 100_000; guard++) {
    const headers: Record<string, string> = {}
    if (limit !== undefined) headers['x-item-limit'] = String(limit)
    if (cursor !== undefined) headers['x-next-cursor'] = cursor
    const response = await t.request(url, { key, headers })
    assert.equal(response.status, 200, response.body)
    items.push(...response.json.data)
    pages.push(response.json.data.length)
    cursor = response.headers['x-next-cursor'] as string | undefined
    if (cursor === undefined) return { items: items as any[], pages }
    assert.ok(cursor.length > 0 && cursor.length <= 512)
  }
  throw new Error('the walk did not end')
}
