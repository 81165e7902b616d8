// Conditional requests (CONTRACT 10) are judged only after everything an unconditional request must
// pass: If-None-Match never turns a 401, 403, 404 or 422 into a 304. ETags move only with the data
// of the key's own organization, and a 304 costs no budget.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { source } from '../helpers/records.js'
import { routeCases } from '../helpers/routes.js'
import { clearOfWindowEnd } from '../helpers/windows.js'

interface Case {
  name: string
  url: string
  key?: string
  headers?: Record<string, string>
}

for (const { dialect, skip } of DIALECTS) {
  describe(`conditional requests (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    let scopedKey: string
    let narrowKey: string
    before(async () => {
      d = apiDataset(12)
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.orgA.id as string })
      scopedKey = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a1 })
      narrowKey = await t.key({ organizationId: d.orgA.id as string, scopes: ['workspace:read'] })
    })
    after(() => t?.close())

    /** Every way a request can fail before its answer is made, on every route where it applies. */
    async function failingCases(): Promise<Case[]> {
      const cases: Case[] = []
      for (const route of routeCases(d)) {
        cases.push({ name: `${route.name}: no key`, url: route.url })
        cases.push({
          name: `${route.name}: unknown parameter`,
          url: `${route.url}${route.url.includes('?') ? '&' : '?'}karma_score_gt=1`,
          key,
        })
        if (route.scope !== 'workspace:read')
          cases.push({ name: `${route.name}: scope missing`, url: route.url, key: narrowKey })
        if (route.inWorkspace) {
          cases.push({
            name: `${route.name}: another organization's workspace`,
            url: route.inWorkspace(d.b1),
            key,
          })
          cases.push({ name: `${route.name}: unknown workspace`, url: route.inWorkspace(randomUUID()), key })
          cases.push({
            name: `${route.name}: workspace outside a scoped key`,
            url: route.inWorkspace(d.a2),
            key: scopedKey,
          })
        }
        if (route.withPathId) {
          cases.push({ name: `${route.name}: unknown path id`, url: route.withPathId(randomUUID()), key })
          // The same type's record in the organization's other workspace: lists look their parent up
          // only for an empty page, which this must be.
          const sibling = d.all.find(
            (r) =>
              r.type === route.pathType &&
              r.workspace_id === d.a2 &&
              !d.all.some((o) => o.type === r.type && o.id === r.id && o.workspace_id === d.a1),
          )
          if (sibling)
            cases.push({
              name: `${route.name}: a path id of the other workspace`,
              url: route.withPathId(sibling.id as string),
              key,
            })
        }
        if (route.max !== undefined) {
          cases.push({
            name: `${route.name}: x-item-limit 0`,
            url: route.url,
            key,
            headers: { 'x-item-limit': '0' },
          })
          const first = await t.request(route.url, { key, headers: { 'x-item-limit': '1' } })
          const cursor = first.headers['x-next-cursor'] as string
          assert.ok(cursor, route.name)
          const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'BB' : 'AA'}`
          cases.push({
            name: `${route.name}: tampered cursor`,
            url: route.url,
            key,
            headers: { 'x-item-limit': '1', 'x-next-cursor': tampered },
          })
          const other = route.inWorkspace?.(d.a2)
          if (other) {
            cases.push({
              name: `${route.name}: cursor of another workspace`,
              url: other,
              key,
              headers: { 'x-item-limit': '1', 'x-next-cursor': cursor },
            })
          }
        }
      }
      cases.push({
        name: "another organization's employee",
        url: `/v1/employees/${d.foreignEmployee.id}`,
        key,
      })
      cases.push({
        name: 'an employee outside a scoped key',
        url: `/v1/employees/${d.employeesA2[0]?.id}`,
        key: scopedKey,
      })
      cases.push({ name: 'a path id that is not a UUID', url: '/v1/employees/nope', key })
      cases.push({
        name: 'a breach that does not affect the workspace',
        url: `/v1/breaches/${d.foreignBreach.id}/compromised-employees?workspace_id=${d.a1}`,
        key,
      })
      return cases
    }

    test('If-None-Match never changes the answer of a request that fails a check', async () => {
      const cases = await failingCases()
      assert.ok(cases.length > 40)
      // A tag that is current for the route's valid request: a 304 there would be a leak here.
      const etags = new Map<string, string>()
      for (const route of routeCases(d)) {
        etags.set(route.name, String((await t.request(route.url, { key })).headers.etag))
      }
      for (const c of cases) {
        const plain = await t.request(c.url, { key: c.key, headers: c.headers })
        assert.ok(plain.status >= 400, `${c.name}: ${plain.status}`)
        for (const tag of ['*', ...etags.values()]) {
          const conditional = await t.request(c.url, {
            key: c.key,
            headers: { ...c.headers, 'if-none-match': tag },
          })
          assert.equal(conditional.status, plain.status, `${c.name} with If-None-Match ${tag}`)
          assert.equal(conditional.json?.errors?.[0]?.code, plain.json.errors[0].code, c.name)
          assert.equal(conditional.headers.etag, undefined, `${c.name}: an error carries no ETag`)
        }
      }
    })

    test("an empty page is its parent's answer, and an unknown parent's a 404, conditional or not", async () => {
      const campaign = d.all.find((r) => r.type === 'campaign' && r.workspace_id === d.a1)?.id as string
      const url = (id: string) => `/v1/campaigns/${id}/attacks?workspace_id=${d.a1}&created_after=2100-01-01`
      // `*` matches any current answer of a reachable parent; another tag none.
      for (const [headers, status] of [
        [{}, 200],
        [{ 'if-none-match': 'W/"other"' }, 200],
        [{ 'if-none-match': '*' }, 304],
      ] as [Record<string, string>, number][]) {
        const empty = await t.request(url(campaign), { key, headers })
        assert.equal(empty.status, status, `${JSON.stringify(headers)}: ${JSON.stringify(empty.json)}`)
        if (status === 200) assert.deepEqual(empty.json.data, [])
        const unknown = await t.request(url(randomUUID()), { key, headers })
        assert.equal(unknown.status, 404, JSON.stringify(headers))
        assert.equal(unknown.json.errors[0].code, 'campaign_not_found')
      }
      // An empty page's own tag (no row carried the generation: it is read apart) is current.
      const tag = String((await t.request(url(campaign), { key })).headers.etag)
      const again = await t.request(url(campaign), { key, headers: { 'if-none-match': tag } })
      assert.equal(again.status, 304)
      assert.equal(again.headers.etag, tag)
    })

    test('a request that passes every check gets 304 for its current tag, on every route', async () => {
      for (const route of routeCases(d)) {
        const first = await t.request(route.url, { key })
        assert.equal(first.status, 200)
        const again = await t.request(route.url, {
          key,
          headers: { 'if-none-match': String(first.headers.etag) },
        })
        assert.equal(again.status, 304, route.name)
        assert.equal(again.body, '')
        assert.equal(again.headers.etag, first.headers.etag)
        assert.equal((await t.request(route.url, { key, headers: { 'if-none-match': '*' } })).status, 304)
      }
    })

    test("an import into one organization never changes another organization's ETags", async () => {
      const tags = async () => {
        const out: Record<string, unknown> = {}
        for (const route of routeCases(d))
          out[route.name] = (await t.request(route.url, { key })).headers.etag
        return out
      }
      const before = await tags()
      const foreign = { ...d.foreignEmployee, name: `Renamed ${randomUUID()}` }
      const other = await importSources(t.db.handle, [source([foreign])])
      assert.equal(other.changed, true)
      assert.deepEqual(await tags(), before, 'organization B changed; A sees the same tags')
      const own = { ...d.employeesA2[0], name: `Renamed ${randomUUID()}` }
      await importSources(t.db.handle, [source([own])])
      const after = await tags()
      // Statistics and their series tag their body, which this change does not touch; the others tag
      // the organization's data.
      for (const route of routeCases(d).filter((r) => !/^get\w*(Statistics|History)$/.test(r.name)))
        assert.notEqual(after[route.name], before[route.name], route.name)
    })

    test("a 304 does not consume the key's budget", async () => {
      const own = await createKey(t.db.handle.db, { organizationId: d.orgA.id as string, rateLimit: '3/1h' })
      await clearOfWindowEnd(3600)
      const url = `/v1/employees?workspace_id=${d.a1}`
      const first = await t.request(url, { key: own.key })
      assert.match(String(first.headers.ratelimit), /r=2;/)
      for (let i = 0; i < 10; i++) {
        const unchanged = await t.request(url, {
          key: own.key,
          headers: { 'if-none-match': String(first.headers.etag) },
        })
        assert.equal(unchanged.status, 304)
        assert.match(String(unchanged.headers.ratelimit), /r=2;/, 'the answer shows the budget as it stands')
      }
      const stats = `/v1/courses/statistics?workspace_id=${d.a1}`
      const counted = await t.request(stats, { key: own.key })
      assert.equal(counted.status, 200)
      const bodyTagged = await t.request(stats, {
        key: own.key,
        headers: { 'if-none-match': String(counted.headers.etag) },
      })
      assert.equal(bodyTagged.status, 304)
      assert.match(String(bodyTagged.headers.ratelimit), /r=1;/)
      assert.equal((await t.request(url, { key: own.key })).status, 200)
      assert.equal((await t.request(url, { key: own.key })).status, 429)
    })
  })
}
