// Every failure answers the contract's error (CONTRACT 4, 5, 7, 8): the right status and code, the
// one body shape, the culprit named, never a 500 for bad input.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { SCOPES, type Scope } from '../../src/domain/scopes.js'
import { generateKey } from '../../src/keys/format.js'
import { createKey, revokeKey } from '../../src/keys/keys.js'
import { nextLink, type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset, unknownId } from '../helpers/dataset.js'
import { routeCases, withoutRequestId } from '../helpers/routes.js'

function expectError(response: { status: number; json: any }, status: number, code: string, source?: object) {
  assert.equal(response.status, status, JSON.stringify(response.json))
  const error = response.json.errors[0]
  assert.equal(error.status, String(status))
  assert.equal(error.code, code)
  assert.equal(typeof error.title, 'string')
  assert.equal(typeof error.detail, 'string')
  if (source) assert.deepEqual(error.source, source)
  assert.equal(typeof response.json.meta.request_id, 'string')
}

for (const { dialect, skip } of DIALECTS) {
  describe(`API, errors (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      d = apiDataset(12)
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.orgA.id as string })
    })
    after(() => t?.close())

    describe('401 unauthorized: one identical answer for every reason', () => {
      test('missing, empty, malformed, bad checksum, unknown, revoked and expired keys, on every route', async () => {
        const revoked = await createKey(t.db.handle.db, { organizationId: d.orgA.id as string })
        await revokeKey(t.db.handle.db, revoked.id)
        // Made a minute ago, for one second: expired now.
        const expired = await createKey(
          t.db.handle.db,
          { organizationId: d.orgA.id as string, expiresInSeconds: 1 },
          new Date(Date.now() - 60_000),
        )
        const good = generateKey()
        const badChecksum = `${good.slice(0, 36)}${good.slice(36) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`
        const keys = [
          undefined,
          '',
          'not-a-key',
          badChecksum,
          generateKey(),
          revoked.key,
          expired.key,
          `${key} `,
        ]
        for (const route of routeCases(d)) {
          const bodies = new Set<string>()
          for (const k of keys) {
            const response = await t.request(route.url, { key: k })
            expectError(response, 401, 'unauthorized', { header: 'x-api-key' })
            assert.equal(response.headers['www-authenticate'], 'ApiKey header="x-api-key"')
            bodies.add(JSON.stringify(withoutRequestId(response.json)))
          }
          assert.equal(bodies.size, 1, `${route.name}: the same body whatever the reason`)
        }
      })

      test('a key in the query string is never read', async () => {
        const response = await t.request(`/v1/organization?x-api-key=${key}`)
        expectError(response, 401, 'unauthorized')
        const withHeader = await t.request(`/v1/organization?x-api-key=${key}`, { key })
        expectError(withHeader, 422, 'invalid_parameter', { parameter: 'x-api-key' })
        assert.ok(!withHeader.body.includes(key), 'the key is not echoed')
      })
    })

    describe('403 forbidden', () => {
      test('a key without the scope of the operation', async () => {
        for (const route of routeCases(d)) {
          const others = SCOPES.filter((s) => s !== route.scope)
          const limited = await t.key({ organizationId: d.orgA.id as string, scopes: others })
          expectError(await t.request(route.url, { key: limited }), 403, 'forbidden')
          const exact = await t.key({ organizationId: d.orgA.id as string, scopes: [route.scope as Scope] })
          assert.equal((await t.request(route.url, { key: exact })).status, 200, route.name)
        }
      })

      test('a workspace of the organization outside a workspace-scoped key', async () => {
        const scoped = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a2 })
        for (const route of routeCases(d).filter((r) => r.inWorkspace)) {
          expectError(await t.request(route.url, { key: scoped }), 403, 'forbidden', {
            parameter: 'workspace_id',
          })
        }
      })
    })

    describe('404', () => {
      test('an unknown workspace', async () => {
        for (const route of routeCases(d).filter((r) => r.inWorkspace)) {
          const url = route.inWorkspace?.(unknownId()) as string
          expectError(await t.request(url, { key }), 404, 'workspace_not_found', {
            parameter: 'workspace_id',
          })
        }
      })

      test('an unknown employee', async () => {
        expectError(await t.request(`/v1/employees/${unknownId()}`, { key }), 404, 'employee_not_found')
      })

      test('an unknown breach, and a breach that does not affect the workspace', async () => {
        expectError(
          await t.request(`/v1/breaches/${unknownId()}/compromised-employees?workspace_id=${d.a1}`, { key }),
          404,
          'breach_not_found',
        )
        const onlyInA1 = d.breachesA1[1]?.id as string
        expectError(
          await t.request(`/v1/breaches/${onlyInA1}/compromised-employees?workspace_id=${d.a2}`, { key }),
          404,
          'breach_not_found',
        )
      })

      test('an unknown path, with or without a key', async () => {
        for (const url of ['/v1/employee', '/v2/employees', '/v1/employees/x/y', '/v1/groups/']) {
          expectError(await t.request(url, { key }), 404, 'endpoint_not_found')
          expectError(await t.request(url), 404, 'endpoint_not_found')
        }
        // An empty path id is a path id that is not a UUID.
        expectError(await t.request('/v1/employees/', { key }), 422, 'invalid_parameter', {
          parameter: 'employee_id',
        })
        const course = await t.request(`/v1/courses/?workspace_id=${d.a1}`, { key })
        expectError(course, 422, 'invalid_parameter', { parameter: 'course_id' })
      })
    })

    test('405 for any method but GET and HEAD, with Allow', async () => {
      for (const route of routeCases(d)) {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
          const response = await t.request(route.url, { key, method })
          expectError(response, 405, 'method_not_allowed')
          assert.equal(response.headers.allow, 'GET, HEAD')
        }
      }
    })

    describe('422 invalid_parameter', () => {
      test('x-item-limit outside the range or not an integer is refused, never clamped', async () => {
        for (const route of routeCases(d).filter((r) => r.max)) {
          for (const bad of [
            '0',
            String((route.max as number) + 1),
            '-1',
            '1.5',
            'abc',
            '',
            '1e2',
            ' 5',
            '0x10',
          ]) {
            const response = await t.request(route.url, { key, headers: { 'x-item-limit': bad } })
            expectError(response, 422, 'invalid_parameter', { header: 'x-item-limit' })
            assert.match(response.json.errors[0].detail, new RegExp(`from 1 to ${route.max}`))
          }
          for (const good of ['1', String(route.max)]) {
            const response = await t.request(route.url, { key, headers: { 'x-item-limit': good } })
            assert.equal(response.status, 200, `${route.name} limit ${good}`)
          }
        }
      })

      test('workspace_id missing or not a UUID', async () => {
        for (const route of routeCases(d).filter((r) => r.inWorkspace)) {
          const missing = route.url.replace(`workspace_id=${d.a1}`, '').replace('?&', '?').replace(/\?$/, '')
          expectError(await t.request(missing, { key }), 422, 'invalid_parameter', {
            parameter: 'workspace_id',
          })
          const bad = route.inWorkspace?.('nope') as string
          expectError(await t.request(bad, { key }), 422, 'invalid_parameter', { parameter: 'workspace_id' })
        }
      })

      test('a path id far over the router limit, and a malformed percent-encoding, get the error shape (fuzzer finds)', async () => {
        // Both were once answered by the framework in its own body shape.
        expectError(await t.request(`/v1/employees/${'a'.repeat(3000)}`, { key }), 422, 'invalid_parameter')
        expectError(await t.request('/v1/employees/%E0%A4%A', { key }), 422, 'invalid_parameter')
      })

      test('a path id that is not a UUID', async () => {
        expectError(await t.request('/v1/employees/42', { key }), 422, 'invalid_parameter', {
          parameter: 'employee_id',
        })
        expectError(
          await t.request(`/v1/breaches/42/compromised-employees?workspace_id=${d.a1}`, { key }),
          422,
          'invalid_parameter',
          { parameter: 'breach_id' },
        )
      })

      test('status values must be allowed ones, with no empty item; the allowed values are listed', async () => {
        for (const bad of ['bogus', '', 'active,', ',active', 'ACTIVE', 'active,,pending']) {
          const response = await t.request(`/v1/employees?workspace_id=${d.a1}&status=${bad}`, { key })
          expectError(response, 422, 'invalid_parameter', { parameter: 'status' })
          assert.match(response.json.errors[0].detail, /active, deactivated, pending, unlicensed/)
        }
        const breaches = await t.request(`/v1/breaches?workspace_id=${d.a1}&status=open`, { key })
        expectError(breaches, 422, 'invalid_parameter', { parameter: 'status' })
        assert.match(breaches.json.errors[0].detail, /active, resolved/)
      })

      test('karma bounds must be integers of at least 0, and gte not above lte', async () => {
        for (const bad of ['-1', '1.5', 'abc', '', '99999999999']) {
          const response = await t.request(`/v1/employees?workspace_id=${d.a1}&karma_score_gte=${bad}`, {
            key,
          })
          expectError(response, 422, 'invalid_parameter', { parameter: 'karma_score_gte' })
        }
        const crossed = await t.request(
          `/v1/employees?workspace_id=${d.a1}&karma_score_gte=10&karma_score_lte=9`,
          { key },
        )
        expectError(crossed, 422, 'invalid_parameter', { parameter: 'karma_score_gte' })
      })

      test('warned and acknowledged are true or false exactly', async () => {
        const base = `/v1/breaches/${d.sharedBreachId}/compromised-employees?workspace_id=${d.a1}`
        for (const bad of ['yes', '1', 'TRUE', '']) {
          expectError(await t.request(`${base}&warned=${bad}`, { key }), 422, 'invalid_parameter', {
            parameter: 'warned',
          })
          expectError(await t.request(`${base}&acknowledged=${bad}`, { key }), 422, 'invalid_parameter', {
            parameter: 'acknowledged',
          })
        }
      })

      test('an unknown or repeated parameter is named; several problems give several entries', async () => {
        const typo = await t.request(`/v1/employees?workspace_id=${d.a1}&karma_score_gt=5`, { key })
        expectError(typo, 422, 'invalid_parameter', { parameter: 'karma_score_gt' })
        const twice = await t.request(`/v1/employees?workspace_id=${d.a1}&workspace_id=${d.a1}`, { key })
        expectError(twice, 422, 'invalid_parameter', { parameter: 'workspace_id' })
        const several = await t.request(`/v1/employees?workspace_id=x&status=gone&page=5`, {
          key,
          headers: { 'x-item-limit': '0' },
        })
        assert.equal(several.status, 422)
        assert.deepEqual(
          several.json.errors.map((e: any) => e.source),
          [
            { parameter: 'page' },
            { parameter: 'workspace_id' },
            { parameter: 'status' },
            { header: 'x-item-limit' },
          ],
        )
        const unexpected = await t.request(`/v1/organization?workspace_id=${d.a1}`, { key })
        expectError(unexpected, 422, 'invalid_parameter', { parameter: 'workspace_id' })
      })
    })

    describe('422 invalid_cursor', () => {
      async function cursorOf(url: string, k = key): Promise<string> {
        const response = await t.request(url, { key: k, headers: { 'x-item-limit': '1' } })
        const cursor = response.headers['x-next-cursor']
        assert.equal(typeof cursor, 'string')
        return cursor as string
      }

      test('an altered, malformed, empty or overlong cursor', async () => {
        const url = `/v1/employees?workspace_id=${d.a1}`
        const cursor = await cursorOf(url)
        const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1)
        const bad = [
          flip(cursor, 5),
          flip(cursor, cursor.length - 3),
          'garbage',
          '',
          'c1..',
          `${cursor}x`,
          `c1.${Buffer.from('["2024-01-01T00:00:00.000000Z","x"]').toString('base64url')}.${cursor.split('.')[2]}`,
          'x'.repeat(600),
        ]
        for (const value of bad) {
          const response = await t.request(url, { key, headers: { 'x-next-cursor': value } })
          expectError(response, 422, 'invalid_cursor', { header: 'x-next-cursor' })
        }
      })

      test('a cursor replayed with other filters, another workspace, another endpoint or another organization', async () => {
        const cursor = await cursorOf(`/v1/employees?workspace_id=${d.a1}&status=active`)
        const otherKey = await t.key({ organizationId: d.orgB.id as string })
        const replays: [string, string][] = [
          [`/v1/employees?workspace_id=${d.a1}`, key],
          [`/v1/employees?workspace_id=${d.a1}&status=active,pending`, key],
          [`/v1/employees?workspace_id=${d.a1}&status=active&karma_score_gte=0`, key],
          [`/v1/employees?workspace_id=${d.a2}&status=active`, key],
          [`/v1/courses/employees_progress?workspace_id=${d.a1}`, key],
          [`/v1/employees?workspace_id=${d.b1}&status=active`, otherKey],
        ]
        for (const [url, k] of replays) {
          expectError(
            await t.request(url, { key: k, headers: { 'x-next-cursor': cursor } }),
            422,
            'invalid_cursor',
          )
        }
        // The same filters written differently are the same list.
        const same = await t.request(`/v1/employees?workspace_id=${d.a1}&status=active,active`, {
          key,
          headers: { 'x-next-cursor': cursor },
        })
        assert.equal(same.status, 200)
      })

      test("the query spellings (CONTRACT 15): limit and cursor follow the headers' rules, a header and its parameter together are refused", async () => {
        for (const route of routeCases(d).filter((r) => r.max)) {
          const sep = route.url.includes('?') ? '&' : '?'
          for (const bad of ['0', String((route.max as number) + 1), '-1', '1.5', 'abc', '', '1e2']) {
            const response = await t.request(`${route.url}${sep}limit=${encodeURIComponent(bad)}`, { key })
            expectError(response, 422, 'invalid_parameter', { parameter: 'limit' })
            assert.match(
              response.json.errors[0].detail,
              new RegExp(`^limit must be an integer from 1 to ${route.max}`),
            )
          }
          expectError(
            await t.request(`${route.url}${sep}limit=1&limit=1`, { key }),
            422,
            'invalid_parameter',
            { parameter: 'limit' },
          )
          expectError(
            await t.request(`${route.url}${sep}limit=1`, { key, headers: { 'x-item-limit': '1' } }),
            422,
            'invalid_parameter',
            { parameter: 'limit' },
          )
          const first = await t.request(`${route.url}${sep}limit=1`, { key })
          assert.equal(first.status, 200, route.name)
          const cursor = first.headers['x-next-cursor'] as string | undefined
          if (cursor === undefined) continue
          const withCursor = `${route.url}${sep}cursor=${encodeURIComponent(cursor)}`
          expectError(
            await t.request(withCursor, { key, headers: { 'x-next-cursor': cursor } }),
            422,
            'invalid_parameter',
            { parameter: 'cursor' },
          )
          expectError(await t.request(`${withCursor}&cursor=x`, { key }), 422, 'invalid_parameter', {
            parameter: 'cursor',
          })
          for (const bad of ['', 'garbage', `${cursor}x`, 'x'.repeat(600)]) {
            const response = await t.request(`${route.url}${sep}cursor=${encodeURIComponent(bad)}`, { key })
            expectError(response, 422, 'invalid_cursor', { parameter: 'cursor' })
          }
          // Either spelling of the cursor names the same position.
          const byQuery = await t.request(withCursor, { key, headers: { 'x-item-limit': '1' } })
          const byHeader = await t.request(route.url, {
            key,
            headers: { 'x-item-limit': '1', 'x-next-cursor': cursor },
          })
          assert.equal(byQuery.status, 200, route.name)
          assert.equal(byQuery.body, byHeader.body, route.name)
        }
        // A route that is not a list has no paging parameters.
        expectError(await t.request('/v1/organization?limit=1', { key }), 422, 'invalid_parameter', {
          parameter: 'limit',
        })
      })

      test('a query cursor replayed on another list or filter is refused', async () => {
        const cursor = await cursorOf(`/v1/employees?workspace_id=${d.a1}&status=active`)
        for (const url of [
          `/v1/employees?workspace_id=${d.a1}`,
          `/v1/employees?workspace_id=${d.a2}&status=active`,
          `/v1/courses?workspace_id=${d.a1}`,
        ]) {
          expectError(await t.request(`${url}&cursor=${cursor}`, { key }), 422, 'invalid_cursor', {
            parameter: 'cursor',
          })
        }
      })

      test("the Link to the next page is absolute, keeps the request's parameters and names this server", async () => {
        const base = await t.listen()
        const url = `${base}/v1/employees?workspace_id=${d.a1}&status=active&status=pending&limit=1`
        const response = await fetch(url, { headers: { 'x-api-key': key } })
        const link = nextLink(response.headers.get('link') ?? undefined) as string
        const next = new URL(link)
        assert.equal(next.origin, new URL(base).origin)
        assert.equal(next.pathname, '/v1/employees')
        // The shortest form: a list once, its values joined by commas (unescaped).
        assert.match(link, /[?&]status=active,pending&/)
        assert.deepEqual(next.searchParams.getAll('status'), ['active,pending'])
        assert.equal(next.searchParams.get('limit'), '1')
        assert.equal(next.searchParams.get('cursor'), response.headers.get('x-next-cursor'))
        assert.equal((await fetch(link, { headers: { 'x-api-key': key } })).status, 200)
        // A Host header that no URL can hold gives a link relative to the request.
        const odd = await t.request(`/v1/employees?workspace_id=${d.a1}&limit=1`, {
          key,
          headers: { host: 'a b<c>' },
        })
        assert.match(nextLink(odd.headers.link) as string, /^\/v1\/employees\?workspace_id=/)
      })

      test('a long request gives a Link no longer than it plus the cursor, which fetch follows; none past 8 KiB', async () => {
        const base = await t.listen()
        const path = `/v1/employees?workspace_id=${d.a1}&limit=1&`
        const url = `${base}${path}${Array.from({ length: 300 }, () => 'status=active%2Cpending').join('&')}`
        const response = await fetch(url, { headers: { 'x-api-key': key } })
        assert.equal(response.status, 200)
        const cursor = response.headers.get('x-next-cursor') as string
        const link = nextLink(response.headers.get('link') ?? undefined) as string
        assert.ok(link.length <= url.length + cursor.length + 8, `${link.length} characters`)
        assert.ok(!link.includes('%2C'), 'commas unescaped')
        assert.equal((await fetch(link, { headers: { 'x-api-key': key } })).status, 200)
        // A request just under the limit, whose Link with the cursor would be over it.
        const n = Math.floor((8192 - path.length - 'status='.length + 1) / 'active,'.length)
        const full = `${path}status=${Array.from({ length: n }, () => 'active').join(',')}`
        assert.ok(full.length <= 8192 && full.length > 8192 - 7)
        const near = await t.request(full, { key })
        assert.equal(near.status, 200)
        assert.ok(near.headers['x-next-cursor'], 'the cursor still leads on')
        assert.equal(near.headers.link, undefined, 'no Link a server would refuse')
      })

      test('behind a trusted proxy the Link takes its scheme from X-Forwarded-Proto (http or https only), its host from Host; PUBLIC_URL overrides both', async () => {
        const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' }
        const url = `/v1/employees?workspace_id=${d.a1}&limit=1`
        const untrusted = await t.request(url, { key, headers: forwarded })
        assert.match(nextLink(untrusted.headers.link) as string, /^http:\/\/localhost(:80)?\/v1\/employees\?/)
        const proxied = await testApp(dialect, d.all, { TRUST_PROXY: 'true' })
        const published = await testApp(dialect, d.all, { PUBLIC_URL: 'https://api.example.com/awareness/' })
        try {
          const k = await proxied.key({ organizationId: d.orgA.id as string })
          const response = await proxied.request(url, { key: k, headers: forwarded })
          assert.match(
            nextLink(response.headers.link) as string,
            /^https:\/\/localhost(:80)?\/v1\/employees\?/,
          )
          for (const proto of ['javascript:alert(1)//', 'ftp', 'https, http']) {
            const hostile = await proxied.request(url, { key: k, headers: { 'x-forwarded-proto': proto } })
            const link = nextLink(hostile.headers.link) as string
            assert.match(
              link,
              proto.startsWith('https') ? /^https:\/\/localhost/ : /^http:\/\/localhost/,
              proto,
            )
          }
          const p = await published.key({ organizationId: d.orgA.id as string })
          for (const headers of [{ host: 'evil.example' }, { host: 'evil.example', ...forwarded }]) {
            const answer = await published.request(url, { key: p, headers })
            assert.match(
              nextLink(answer.headers.link) as string,
              /^https:\/\/api\.example\.com\/awareness\/v1\/employees\?workspace_id=/,
            )
          }
        } finally {
          await proxied.close()
          await published.close()
        }
      })

      test('a compromised-employees cursor is bound to its breach and filters', async () => {
        const base = `/v1/breaches/${d.sharedBreachId}/compromised-employees?workspace_id=${d.a1}`
        const cursor = await cursorOf(base)
        const other = `/v1/breaches/${d.breachesA1[2]?.id}/compromised-employees?workspace_id=${d.a1}`
        expectError(
          await t.request(other, { key, headers: { 'x-next-cursor': cursor } }),
          422,
          'invalid_cursor',
        )
        expectError(
          await t.request(`${base}&warned=false`, { key, headers: { 'x-next-cursor': cursor } }),
          422,
          'invalid_cursor',
        )
      })
    })

    test('500 internal_error shows no internals', async () => {
      const broken = await testApp(dialect, d.all)
      try {
        const k = await broken.key({ organizationId: d.orgA.id as string })
        await sql`drop table courses`.execute(broken.db.handle.db)
        const response = await broken.request(`/v1/courses?workspace_id=${d.a1}`, { key: k })
        expectError(response, 500, 'internal_error', {})
        assert.doesNotMatch(response.body, /courses|select|sqlite|postgres|stack|at /i)
      } finally {
        await broken.close()
      }
    })
  })
}
