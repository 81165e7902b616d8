// The OpenAPI document: generated from the schemas that validate and serialize, committed at the
// repository root, clean under Spectral, and complete.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { SCOPES } from '../../src/domain/scopes.js'
import { EVENT_TYPES, RESOURCES } from '../../src/resources/index.js'
import type { Resource } from '../../src/resources/resource.js'
import {
  formatted,
  generateClientFilters,
  generateClientOperations,
  generateClientSchemas,
} from '../../tools/client-operations.js'
import { CLIENT_READMES, generateClientReadme } from '../../tools/client-readmes.js'
import { generateEventTypes } from '../../tools/event-types.js'
import { generateClientTypes, generateOpenApi } from '../../tools/openapi.js'
import { generatePythonClient } from '../../tools/python-client.js'
import { generateScopes } from '../../tools/scopes.js'
import { testApp } from '../helpers/app.js'
import { smallDataset } from '../helpers/records.js'
import { ROOT_URL } from '../helpers/root.js'

const committed = readFileSync(new URL('openapi.json', ROOT_URL), 'utf8')
const document = JSON.parse(committed)

describe('OpenAPI document', () => {
  test('the served document equals the committed openapi.json (run `npm run openapi` after a change)', async () => {
    assert.equal(await generateOpenApi(), committed)
  })

  test("the client package's types are generated from it (run `npm run openapi` after a change)", async () => {
    const types = readFileSync(new URL('packages/client/src/openapi.ts', ROOT_URL), 'utf8')
    assert.equal(await generateClientTypes(committed), types)
  })

  test("the Python client's types and operations are generated from it (run `npm run openapi` after a change)", () => {
    const file = readFileSync(new URL('packages/python/awareness_api/_generated.py', ROOT_URL), 'utf8')
    assert.equal(generatePythonClient(committed), file)
  })

  test("the event types the CLI checks are the resources' (src/domain/event-types.ts)", () => {
    const file = readFileSync(new URL('src/domain/event-types.ts', ROOT_URL), 'utf8')
    assert.equal(generateEventTypes(EVENT_TYPES), file, 'src/domain/event-types.ts (run `npm run openapi`)')
  })

  test("the scopes a key may carry are the resources' (src/domain/scopes.ts), and each route requires one its resource declares", () => {
    const file = readFileSync(new URL('src/domain/scopes.ts', ROOT_URL), 'utf8')
    assert.equal(
      generateScopes(RESOURCES as readonly Resource[], committed),
      file,
      'src/domain/scopes.ts (run `npm run openapi`)',
    )
    const document = JSON.parse(committed) as {
      paths: Record<string, { get: { tags: string[]; 'x-required-scope': string } }>
    }
    for (const [path, { get }] of Object.entries(document.paths)) {
      const resource = (RESOURCES as readonly Resource[]).find((r) => get.tags.includes(r.tag.name))
      assert.ok(
        resource?.scopes.some((use) => use.scope === get['x-required-scope']),
        `${path}: ${get['x-required-scope']} is not a scope of its resource`,
      )
    }
  })

  test("both clients' READMEs list every method, by namespace, with its endpoint (run `npm run openapi` after a change)", () => {
    for (const language of ['typescript', 'python'] as const) {
      const readme = readFileSync(CLIENT_READMES[language], 'utf8')
      assert.equal(readme, generateClientReadme(language, committed), `${language} client README`)
      for (const path of Object.keys(document.paths))
        assert.ok(readme.includes(`\`${path}\``), `${language}: ${path}`)
    }
  })

  test("the client's operations and object names are generated from it and the resources' client names", () => {
    for (const [path, generate] of [
      ['packages/client/src/filters.ts', generateClientFilters],
      ['packages/client/src/operations.ts', generateClientOperations],
      ['packages/client/src/schemas.ts', generateClientSchemas],
    ] as const) {
      const file = readFileSync(new URL(`./${path}`, ROOT_URL), 'utf8')
      assert.equal(
        formatted(path, generate(committed)),
        file,
        `${path} (run \`npm run openapi\` after a change)`,
      )
    }
  })

  test("Spectral's spectral:oas ruleset reports no error and no warning", () => {
    let output: string
    try {
      output = execFileSync(
        process.execPath,
        [
          'node_modules/@stoplight/spectral-cli/dist/index.js',
          'lint',
          'openapi.json',
          '--ruleset',
          '.spectral.yaml',
          '-f',
          'json',
          '--quiet',
        ],
        { encoding: 'utf8' },
      )
    } catch (error) {
      // Exit 1 is findings, printed as JSON; anything else (a missing ruleset: 2) means no lint ran.
      const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string }
      assert.equal(status, 1, `Spectral did not run: ${stderr}`)
      output = stdout
    }
    const results = JSON.parse(output) as {
      code: string
      severity: number
      message: string
      path: string[]
    }[]
    assert.deepEqual(
      results.map(
        (r) => `${r.severity === 0 ? 'error' : 'warning'} ${r.code}: ${r.message} (${r.path.join('.')})`,
      ),
      [],
    )
  })

  test('every operation, with security, parameters, headers, errors and examples', () => {
    const operations = Object.entries(document.paths).map(([path, item]: [string, any]) => ({
      path,
      op: item.get,
    }))
    // Each operation is a resource's, named in its client declaration.
    assert.deepEqual(
      operations.map((o) => o.op.operationId).sort(),
      (RESOURCES as readonly Resource[]).flatMap((r) => Object.keys(r.client.operations)).sort(),
    )
    assert.ok(operations.length >= 9)
    assert.deepEqual(document.components.securitySchemes.ApiKey, {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: document.components.securitySchemes.ApiKey.description,
    })
    for (const { path, op } of operations) {
      assert.ok(op.summary && op.description && op.tags?.length, path)
      assert.deepEqual(op.security, [{ ApiKey: [] }])
      assert.ok(SCOPES.includes(op['x-required-scope']), `${path} ${op['x-required-scope']}`)
      assert.ok(op.description.includes(op['x-required-scope']), `${path} names its scope`)
      const ok = op.responses['200']
      assert.ok(ok.content['application/json'].examples.example.value, `${path} has an example`)
      for (const h of ['x-request-id', 'ETag', 'RateLimit', 'RateLimit-Policy'])
        assert.ok(ok.headers[h], `${path} ${h}`)
      const paged = op.parameters.some((p: any) => p.name === 'x-item-limit')
      assert.equal(Boolean(ok.headers['x-next-cursor']), paged, `${path} x-next-cursor`)
      assert.equal(Boolean(ok.headers.Link), paged, `${path} Link`)
      for (const status of ['304', '401', '403', '422', '429', '500', '503'])
        assert.ok(op.responses[status], `${path} ${status}`)
      if (paged) {
        const limit = op.parameters.find((p: any) => p.name === 'x-item-limit')
        assert.equal(limit.in, 'header')
        const maximum = path.endsWith('employees_progress') ? 500 : path.endsWith('events') ? 1000 : 100
        assert.equal(limit.schema.maximum, maximum)
        assert.ok(op.parameters.some((p: any) => p.name === 'x-next-cursor' && p.in === 'header'))
        for (const name of ['limit', 'cursor'])
          assert.ok(
            op.parameters.some((p: any) => p.name === name && p.in === 'query'),
            `${path} ${name}`,
          )
      }
    }
    const statuses = document.paths['/v1/employees'].get.parameters.find((p: any) => p.name === 'status')
    assert.deepEqual([statuses.style, statuses.explode], ['form', false])
    const types = document.paths['/v1/events'].get.parameters.find((p: any) => p.name === 'type')
    assert.deepEqual([types.style, types.explode], ['form', false])
    assert.ok(document.paths['/v1/events'].get.responses['410'], 'the feed documents event_expired')
    assert.ok(document.components.responses.TooManyRequests.headers['Retry-After'])
    assert.ok(document.components.responses.Unauthorized.headers['WWW-Authenticate'])
  })

  test('every 404 an operation answers is listed in its document: each id parameter unknown, and as_of before the first import', async () => {
    const d = smallDataset()
    const t = await testApp('sqlite', d.all)
    try {
      const key = await t.key({ organizationId: d.org.id as string })
      let answered = 0
      type Parameter = {
        name: string
        in: string
        required?: boolean
        schema?: { format?: string; enum?: string[] }
      }
      type Operation = {
        operationId: string
        parameters: Parameter[]
        responses: Record<
          string,
          { content: Record<string, { examples?: Record<string, unknown> }> } | undefined
        >
      }
      const paths = Object.entries(document.paths as Record<string, { get: Operation }>)
      for (const [path, { get: op }] of paths) {
        const documented = Object.keys(op.responses['404']?.content['application/json']?.examples ?? {})
        const parameters = op.parameters.filter((p) => p.in === 'path' || p.in === 'query')
        const uuid = (p: Parameter) => p.in === 'path' || p.schema?.format === 'uuid'
        // Each id in turn unknown (the others the dataset's or, for path ids, unknown too), then as_of.
        const trials: Record<string, string>[] = [
          ...parameters.filter(uuid).map((p) => ({ [p.name]: randomUUID() })),
          ...parameters.filter((p) => p.name === 'as_of').map(() => ({ as_of: '1970-01-01' })),
        ]
        for (const trial of trials) {
          const values: Record<string, string> = {}
          for (const p of parameters) {
            if (trial[p.name] !== undefined) values[p.name] = trial[p.name] as string
            else if (p.name === 'workspace_id') values[p.name] = d.ws.id as string
            else if (p.in === 'path') values[p.name] = randomUUID()
            // A required choice (a breakdown's `by`): its first value.
            else if (p.required && p.schema?.enum?.[0] !== undefined) values[p.name] = p.schema.enum[0]
          }
          const url =
            path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] as string) +
            `?${new URLSearchParams(Object.entries(values).filter(([name]) => !path.includes(`{${name}}`)))}`
          const r = await t.request(url, { key })
          // A path id, the workspace and as_of must be found; an id that filters may match nothing
          // (or, as the feed's after, be refused as a parameter).
          const filter = !Object.keys(trial).some(
            (name) => name === 'workspace_id' || name === 'as_of' || path.includes(`{${name}}`),
          )
          if (filter && r.status !== 404) continue
          assert.equal(r.status, 404, `${url}: ${r.status} ${r.body.slice(0, 200)}`)
          const code = (r.json as { errors: { code: string }[] }).errors[0]?.code as string
          assert.ok(
            documented.includes(code),
            `${op.operationId} answers ${code}, its document lists ${documented}`,
          )
          answered++
        }
      }
      assert.ok(answered > Object.keys(document.paths).length)
    } finally {
      await t.close()
    }
  })

  test('the reference page and the document need no key', async () => {
    const { testApp } = await import('../helpers/app.js')
    const t = await testApp('sqlite')
    try {
      assert.equal((await t.app.inject({ url: '/v1/openapi.json' })).statusCode, 200)
      const docs = await t.app.inject({ url: '/docs/' })
      assert.equal(docs.statusCode, 200)
      assert.match(docs.body, /Scalar\.createApiReference/)
      assert.equal((await t.app.inject({ url: '/' })).headers.location, '/docs')
      // The reference is loaded on its first visit and answers its every path as it did at start.
      const redirect = await t.app.inject({ url: '/docs' })
      assert.deepEqual([redirect.statusCode, redirect.headers.location], [301, '/docs/'])
      const head = await t.app.inject({ method: 'HEAD', url: '/docs/' })
      assert.deepEqual(
        [head.statusCode, head.headers['content-length']],
        [200, String(docs.rawPayload.length)],
      )
      const script = await t.app.inject({ url: '/docs/js/scalar.js' })
      assert.equal(script.statusCode, 200)
      assert.equal(script.headers['content-type'], 'application/javascript; charset=utf-8')
      assert.match(script.body, /createApiReference/)
      // The page names its script by a hash of its content: kept by browsers for good, asked again
      // only once an upgrade changes it; the page itself and everything else stay no-store.
      assert.equal(docs.headers['cache-control'], 'no-store')
      const src = /src="(js\/scalar\.js\?v=[0-9a-f]{16})"/.exec(docs.body)?.[1]
      assert.ok(src, 'a versioned script')
      const versioned = await t.app.inject({ url: `/docs/${src}` })
      assert.equal(versioned.statusCode, 200)
      assert.equal(versioned.headers['cache-control'], 'public, max-age=31536000, immutable')
      assert.equal(versioned.rawPayload.length, script.rawPayload.length)
      assert.equal(script.headers['cache-control'], 'no-cache', 'unversioned: revalidated')
      const again = await t.app.inject({
        url: '/docs/js/scalar.js',
        headers: { 'if-none-match': String(script.headers.etag) },
      })
      assert.deepEqual([again.statusCode, again.rawPayload.length], [304, 0])
      assert.equal((await t.app.inject({ url: '/v1/openapi.json' })).headers['cache-control'], 'no-store')
      const unknown = await t.app.inject({ url: '/docs/nope' })
      assert.equal(unknown.statusCode, 404)
      assert.equal(unknown.json().errors[0].code, 'endpoint_not_found')
      assert.doesNotMatch(
        docs.body,
        /https?:\/\/(?!127\.0\.0\.1|localhost)[a-z0-9.-]+\/[^"']*\.(js|css)/i,
        'no CDN',
      )
    } finally {
      await t.close()
    }
  })
})
