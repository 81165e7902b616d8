// Each endpoint answers exactly what was imported, in the contract's order, page after page.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadConfig } from '../../src/config/config.js'
import { buildApp } from '../../src/http/app.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`API, happy paths (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      d = apiDataset()
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.orgA.id as string })
    })
    after(() => t?.close())

    describe('GET /v1/employees', () => {
      test('walks equal the imported employees in order, for limits 1, 7, the default and the maximum', async () => {
        const expected = oracle.employees(d.all, d.a1)
        assert.equal(expected.length, 40)
        for (const limit of [1, 7, undefined, 100]) {
          const { items, pages } = await walk(t, `/v1/employees?workspace_id=${d.a1}`, key, limit)
          assert.deepEqual(items, expected, `limit ${limit}`)
          const size = limit ?? 50
          assert.ok(
            pages.slice(0, -1).every((n) => n === size),
            `full pages before the last (limit ${limit})`,
          )
        }
      })

      test('the status filter keeps listed statuses, duplicates allowed', async () => {
        const { items } = await walk(
          t,
          `/v1/employees?workspace_id=${d.a1}&status=pending,unlicensed,pending`,
          key,
          3,
        )
        assert.deepEqual(items, oracle.employees(d.all, d.a1, { status: ['pending', 'unlicensed'] }))
        assert.ok(items.length > 0)
      })

      test('a repeated status means the same as a comma-separated one, and a cursor serves both spellings', async () => {
        const comma = `/v1/employees?workspace_id=${d.a1}&status=pending,unlicensed`
        const repeated = `/v1/employees?workspace_id=${d.a1}&status=pending&status=unlicensed&status=pending`
        const { items } = await walk(t, repeated, key, 2)
        assert.deepEqual(items, oracle.employees(d.all, d.a1, { status: ['pending', 'unlicensed'] }))
        const first = await t.request(comma, { key, headers: { 'x-item-limit': '1' } })
        const cursor = String(first.headers['x-next-cursor'])
        const viaRepeated = await t.request(repeated, {
          key,
          headers: { 'x-item-limit': '1', 'x-next-cursor': cursor },
        })
        assert.equal(viaRepeated.status, 200, viaRepeated.body)
        assert.deepEqual(viaRepeated.json.data, items.slice(1, 2))
        const empty = await t.request(`/v1/employees?workspace_id=${d.a1}&status=&status=active`, { key })
        assert.equal(empty.status, 422)
      })

      test('karma bounds are inclusive and exclude employees without karma', async () => {
        const { items } = await walk(
          t,
          `/v1/employees?workspace_id=${d.a1}&karma_score_gte=100&karma_score_lte=600`,
          key,
          4,
        )
        assert.deepEqual(items, oracle.employees(d.all, d.a1, { gte: 100, lte: 600 }))
        const bound = (d.employeesA1[5] as { karma: { score: number } }).karma.score
        const exact = await walk(
          t,
          `/v1/employees?workspace_id=${d.a1}&karma_score_gte=${bound}&karma_score_lte=${bound}`,
          key,
        )
        assert.ok(exact.items.some((e) => e.id === d.employeesA1[5]?.id))
        const zero = await walk(t, `/v1/employees?workspace_id=${d.a1}&karma_score_gte=0`, key)
        assert.ok(zero.items.every((e) => e.karma !== null))
      })

      test('an empty result is one page with no cursor', async () => {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}&karma_score_gte=5000`, { key })
        assert.equal(response.status, 200)
        assert.deepEqual(response.json, { data: [] })
        assert.equal(response.headers['x-next-cursor'], undefined)
      })

      test('a full last page carries no cursor', async () => {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}`, {
          key,
          headers: { 'x-item-limit': '40' },
        })
        assert.equal(response.json.data.length, 40)
        assert.equal(response.headers['x-next-cursor'], undefined)
      })

      test('responses carry the contract headers', async () => {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}`, {
          key,
          headers: { 'x-request-id': 'trace-42' },
        })
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
        assert.equal(response.headers['x-request-id'], 'trace-42')
        assert.equal(response.headers['cache-control'], 'no-store')
        assert.equal(response.headers['x-content-type-options'], 'nosniff')
        assert.equal(response.headers['x-powered-by'], undefined)
        const generated = await t.request(`/v1/employees?workspace_id=${d.a1}`, {
          key,
          headers: { 'x-request-id': 'bad id\u0001' },
        })
        assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/)
      })

      test('HEAD answers like GET without a body', async () => {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}`, { key, method: 'HEAD' })
        assert.equal(response.status, 200)
        assert.equal(response.body, '')
        assert.ok(
          response.headers['x-next-cursor'] === undefined ||
            typeof response.headers['x-next-cursor'] === 'string',
        )
      })
    })

    describe('GET /v1/employees/{employee_id}', () => {
      test('returns the employee with its manager reference', async () => {
        for (const e of [d.employeesA1[0], d.employeesA1[4], d.employeesA1[17]]) {
          const response = await t.request(`/v1/employees/${e?.id}`, { key })
          assert.equal(response.status, 200)
          assert.deepEqual(response.json, { data: oracle.employeeJson(e as never, d.all) })
        }
      })

      test('an upper-case id finds the same employee', async () => {
        const id = String(d.employeesA1[4]?.id).toUpperCase()
        const response = await t.request(`/v1/employees/${id}`, { key })
        assert.equal(response.json.data.id, d.employeesA1[4]?.id)
      })
    })

    describe('GET /v1/courses', () => {
      test('walks equal the imported courses in order', async () => {
        for (const limit of [1, 2, 100]) {
          const { items } = await walk(t, `/v1/courses?workspace_id=${d.a1}`, key, limit)
          assert.deepEqual(items, oracle.courses(d.all, d.a1))
        }
      })
    })

    describe('GET /v1/courses/employees_progress', () => {
      test('every employee with progress in course order, years ascending, for limits 1, 9 and 500', async () => {
        const expected = oracle.progress(d.all, d.a1)
        assert.ok(
          expected.some((e) => e.courses_progress.length === 0),
          'employees without progress are listed',
        )
        assert.ok(
          expected.some((e) => e.courses_progress.some((p) => p.years.length === 0)),
          'manual assignments',
        )
        for (const limit of [1, 9, 500]) {
          const { items } = await walk(t, `/v1/courses/employees_progress?workspace_id=${d.a1}`, key, limit)
          assert.deepEqual(items, expected, `limit ${limit}`)
        }
      })

      test('the default page holds up to 500 employees', async () => {
        const response = await t.request(`/v1/courses/employees_progress?workspace_id=${d.a1}`, { key })
        assert.equal(response.json.data.length, 40)
      })
    })

    describe('GET /v1/courses/statistics', () => {
      test('derived figures and the 90-day feedback window', async () => {
        const response = await t.request(`/v1/courses/statistics?workspace_id=${d.a1}`, { key })
        assert.equal(response.status, 200)
        assert.deepEqual(response.json, { data: oracle.statistics(d.all, d.a1, Date.now()) })
        assert.ok(response.json.data.positive_feedbacks > 0)
      })

      test('a workspace without employees has zeros', async () => {
        const response = await t.request(`/v1/courses/statistics?workspace_id=${d.a2}`, { key })
        assert.deepEqual(response.json, { data: oracle.statistics(d.all, d.a2, Date.now()) })
      })
    })

    describe('GET /v1/breaches', () => {
      test('walks equal the breaches with counts derived for the asked workspace', async () => {
        for (const limit of [1, 3, 100]) {
          const { items } = await walk(t, `/v1/breaches?workspace_id=${d.a1}`, key, limit)
          assert.deepEqual(items, oracle.breaches(d.all, d.a1))
        }
        const other = await walk(t, `/v1/breaches?workspace_id=${d.a2}`, key)
        assert.deepEqual(other.items, oracle.breaches(d.all, d.a2))
        assert.equal(other.items[0]?.impacted, 1, 'the shared breach counts only this workspace')
      })

      test('the status filter uses the derived status', async () => {
        for (const status of ['active', 'resolved', 'active,resolved']) {
          const { items } = await walk(t, `/v1/breaches?workspace_id=${d.a1}&status=${status}`, key, 1)
          assert.deepEqual(items, oracle.breaches(d.all, d.a1, status.split(',')))
          assert.ok(items.length > 0, status)
        }
      })
    })

    describe('GET /v1/breaches/{breach_id}/compromised-employees', () => {
      test('walks equal the compromised employees, under every filter', async () => {
        for (const b of d.breachesA1) {
          for (const [query, filters] of [
            ['', {}],
            ['&warned=true', { warned: true }],
            ['&warned=false', { warned: false }],
            ['&acknowledged=true', { acknowledged: true }],
            ['&acknowledged=false&warned=true', { acknowledged: false, warned: true }],
          ] as const) {
            const { items } = await walk(
              t,
              `/v1/breaches/${b.id}/compromised-employees?workspace_id=${d.a1}${query}`,
              key,
              2,
            )
            assert.deepEqual(
              items,
              oracle.compromised(d.all, d.a1, b.id as string, filters),
              `${b.name} ${query}`,
            )
          }
        }
      })

      test('the same breach in another workspace lists that workspace only', async () => {
        const { items } = await walk(
          t,
          `/v1/breaches/${d.sharedBreachId}/compromised-employees?workspace_id=${d.a2}`,
          key,
        )
        assert.deepEqual(items, oracle.compromised(d.all, d.a2, d.sharedBreachId))
        assert.equal(items.length, 1)
      })
    })

    describe('GET /v1/organization', () => {
      test('the organization with its workspaces, oldest first', async () => {
        const response = await t.request('/v1/organization', { key })
        assert.deepEqual(response.json, { data: oracle.organization(d.all, d.orgA.id as string) })
      })

      test('a workspace-scoped key sees only its workspace', async () => {
        const scoped = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a2 })
        const response = await t.request('/v1/organization', { key: scoped })
        assert.deepEqual(response.json, { data: oracle.organization(d.all, d.orgA.id as string, d.a2) })
      })
    })

    test('without CURSOR_SECRET, processes on one database share a generated secret', async () => {
      const config = loadConfig({}, { RATE_LIMIT: '1000000/60s' })
      const first = await buildApp({ config, database: t.db.handle })
      const second = await buildApp({ config, database: t.db.handle })
      const other = await buildApp({
        config: loadConfig({}, { CURSOR_SECRET: 'another-secret-another-secret-12345' }),
        database: t.db.handle,
      })
      try {
        const url = `/v1/employees?workspace_id=${d.a1}`
        const page1 = await first.inject({ url, headers: { 'x-api-key': key, 'x-item-limit': '5' } })
        const cursor = page1.headers['x-next-cursor'] as string
        const page2 = await second.inject({
          url,
          headers: { 'x-api-key': key, 'x-item-limit': '5', 'x-next-cursor': cursor },
        })
        assert.equal(page2.statusCode, 200)
        assert.deepEqual(JSON.parse(page2.body).data, oracle.employees(d.all, d.a1).slice(5, 10))
        const refused = await other.inject({ url, headers: { 'x-api-key': key, 'x-next-cursor': cursor } })
        assert.equal(refused.statusCode, 422)
        assert.equal(JSON.parse(refused.body).errors[0].code, 'invalid_cursor')
      } finally {
        await Promise.all([first.close(), second.close(), other.close()])
      }
    })
  })
}
