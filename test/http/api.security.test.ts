// No organization can see another's data, and cannot even learn that it exists (CONTRACT 5):
// another organization's ids answer exactly like ids that exist nowhere.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { importSources } from '../../src/importer/import.js'
import { hashKey } from '../../src/keys/format.js'
import { type Response, type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, alteredKey, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import {
  breach,
  compromised,
  employee,
  organization,
  type Rec,
  source,
  ts,
  workspace,
} from '../helpers/records.js'
import { routeCases, withoutRequestId } from '../helpers/routes.js'
import { RUNS, SEED } from '../helpers/seed.js'
import { report, ticket } from '../resources/inbox/records.js'

/** Status, body and headers, without what legitimately differs between two requests (the request id, the date, the budget left). */
function comparable(response: Response) {
  const {
    'x-request-id': _id,
    date: _date,
    'content-length': _length,
    ratelimit: _left,
    ...headers
  } = response.headers
  return { status: response.status, headers, body: withoutRequestId(response.json) }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`API, security (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let keyA: string
    let keyB: string
    before(async () => {
      d = apiDataset(12)
      t = await testApp(dialect, d.all)
      keyA = await t.key({ organizationId: d.orgA.id as string })
      keyB = await t.key({ organizationId: d.orgB.id as string })
    })
    after(() => t?.close())

    test("another organization's workspace answers like an unknown one, on every route", async () => {
      for (const route of routeCases(d).filter((r) => r.inWorkspace)) {
        const foreign = await t.request(route.inWorkspace?.(d.b1) as string, { key: keyA })
        const unknown = await t.request(route.inWorkspace?.(randomUUID()) as string, { key: keyA })
        assert.equal(foreign.status, 404)
        assert.deepEqual(comparable(foreign), comparable(unknown), route.name)
      }
    })

    // The server remembers a workspace's organization once it has seen it (it never changes); only
    // that "yes" may be remembered, never a "no", and never for another organization.
    test('a workspace unknown at first answers once imported, and still only to its organization', async () => {
      const org = organization()
      const first = workspace(org.id as string)
      await importSources(t.db.handle, [source([org, first])])
      const key = await t.key({ organizationId: org.id as string })
      const later = workspace(org.id as string)
      const staff = employee(later.id as string)
      const path = `/v1/employees?workspace_id=${later.id}`
      assert.equal((await t.request(path, { key })).status, 404)
      await importSources(t.db.handle, [source([later, staff])])
      const seen = await t.request(path, { key })
      assert.equal(seen.status, 200)
      assert.deepEqual(
        seen.json.data.map((e: { id: string }) => e.id),
        [staff.id],
      )
      const foreign = await t.request(path, { key: keyB })
      const unknown = await t.request(`/v1/employees?workspace_id=${randomUUID()}`, { key: keyB })
      assert.equal(foreign.status, 404)
      assert.deepEqual(comparable(foreign), comparable(unknown))
    })

    test("another organization's employee answers like an unknown one", async () => {
      const foreign = await t.request(`/v1/employees/${d.foreignEmployee.id}`, { key: keyA })
      const unknown = await t.request(`/v1/employees/${randomUUID()}`, { key: keyA })
      assert.equal(foreign.status, 404)
      assert.deepEqual(comparable(foreign), comparable(unknown))
    })

    test("another organization's breach answers like an unknown one", async () => {
      const foreign = await t.request(
        `/v1/breaches/${d.foreignBreach.id}/compromised-employees?workspace_id=${d.a1}`,
        {
          key: keyA,
        },
      )
      const unknown = await t.request(
        `/v1/breaches/${randomUUID()}/compromised-employees?workspace_id=${d.a1}`,
        { key: keyA },
      )
      assert.equal(foreign.status, 404)
      assert.deepEqual(comparable(foreign), comparable(unknown))
    })

    test('a workspace-scoped key cannot reach an employee of another workspace of its organization', async () => {
      const scoped = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a2 })
      const other = await t.request(`/v1/employees/${d.employeesA1[0]?.id}`, { key: scoped })
      const unknown = await t.request(`/v1/employees/${randomUUID()}`, { key: scoped })
      assert.deepEqual(comparable(other), comparable(unknown))
      const own = await walk(t, `/v1/employees?workspace_id=${d.a2}`, scoped)
      const first = own.items[0]
      assert.equal((await t.request(`/v1/employees/${first.id}`, { key: scoped })).status, 200)
    })

    test('each organization sees only its own organization', async () => {
      assert.equal((await t.request('/v1/organization', { key: keyA })).json.data.id, d.orgA.id)
      assert.equal((await t.request('/v1/organization', { key: keyB })).json.data.id, d.orgB.id)
    })

    test('no response carries a key or its hash', async () => {
      for (const route of routeCases(d)) {
        for (const k of [keyA, alteredKey(keyA)]) {
          const response = await t.request(route.url, { key: k })
          assert.ok(!response.body.includes(keyA), route.name)
          assert.ok(!response.body.includes(hashKey(keyA)), route.name)
          assert.ok(!JSON.stringify(response.headers).includes(keyA), route.name)
        }
      }
    })

    test("property: for two random organizations, one key on the other one's ids answers like unknown ids", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 0, max: 3 }),
          async (people, hits) => {
            // Two fresh organizations with random contents in the shared database.
            const make = () => {
              const org = organization()
              const ws = workspace(org.id as string)
              const staff = Array.from({ length: people }, () => employee(ws.id as string))
              const b = breach(ws.id as string)
              const comp = staff
                .slice(0, hits)
                .map((e) => compromised(ws.id as string, b.id as string, e.id as string))
              const x = ticket(ws.id as string)
              const reports = staff.slice(0, hits).map((e) => report(x.id as string, e.id as string))
              return {
                org,
                ws,
                staff,
                b,
                x,
                records: [org, ws, ...staff, b, ...comp, x, ...reports] as Rec[],
              }
            }
            const one = make()
            const two = make()
            await importSources(t.db.handle, [source([...one.records, ...two.records])])
            const key = await t.key({ organizationId: one.org.id as string })
            const ws = one.ws.id as string
            const pairs: [string, string][] = [
              [`/v1/employees?workspace_id=${two.ws.id}`, `/v1/employees?workspace_id=${randomUUID()}`],
              [`/v1/employees/${two.staff[0]?.id}`, `/v1/employees/${randomUUID()}`],
              [`/v1/courses?workspace_id=${two.ws.id}`, `/v1/courses?workspace_id=${randomUUID()}`],
              [
                `/v1/courses/statistics?workspace_id=${two.ws.id}`,
                `/v1/courses/statistics?workspace_id=${randomUUID()}`,
              ],
              [`/v1/breaches?workspace_id=${two.ws.id}`, `/v1/breaches?workspace_id=${randomUUID()}`],
              [
                `/v1/breaches/${two.b.id}/compromised-employees?workspace_id=${ws}`,
                `/v1/breaches/${randomUUID()}/compromised-employees?workspace_id=${ws}`,
              ],
              [
                `/v1/breaches/${one.b.id}/compromised-employees?workspace_id=${two.ws.id}`,
                `/v1/breaches/${one.b.id}/compromised-employees?workspace_id=${randomUUID()}`,
              ],
              [
                `/v1/inbox_tickets/${two.x.id}/reports?workspace_id=${ws}`,
                `/v1/inbox_tickets/${randomUUID()}/reports?workspace_id=${ws}`,
              ],
              [
                `/v1/inbox_tickets/list_employees_with_email_reports?workspace_id=${two.ws.id}`,
                `/v1/inbox_tickets/list_employees_with_email_reports?workspace_id=${randomUUID()}`,
              ],
              [
                `/v1/slash/employees/alert_statistics?workspace_id=${two.ws.id}`,
                `/v1/slash/employees/alert_statistics?workspace_id=${randomUUID()}`,
              ],
            ]
            for (const [foreign, unknown] of pairs) {
              const a = await t.request(foreign, { key })
              const b = await t.request(unknown, { key })
              assert.equal(a.status, 404, foreign)
              assert.deepEqual(comparable(a), comparable(b), foreign)
            }
          },
        ),
        { seed: SEED, numRuns: RUNS },
      )
    })

    test('property: a tampered cursor is always refused', async () => {
      const url = `/v1/employees?workspace_id=${d.a1}`
      const first = await t.request(url, { key: keyA, headers: { 'x-item-limit': '2' } })
      const cursor = first.headers['x-next-cursor'] as string
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.tuple(fc.constant('replace'), fc.nat(cursor.length - 1), fc.constantFrom(...alphabet)),
            fc.tuple(fc.constant('cut'), fc.nat(cursor.length - 1), fc.constant('')),
            fc.tuple(fc.constant('append'), fc.constant(0), fc.string({ minLength: 1, maxLength: 8 })),
          ),
          async ([how, at, text]) => {
            const tampered =
              how === 'replace'
                ? cursor.slice(0, at) + text + cursor.slice(at + 1)
                : how === 'cut'
                  ? cursor.slice(0, at)
                  : cursor + text
            fc.pre(tampered !== cursor)
            const response = await t.request(url, { key: keyA, headers: { 'x-next-cursor': tampered } })
            assert.equal(response.status, 422, tampered)
            assert.equal(response.json.errors[0].code, 'invalid_cursor')
          },
        ),
        { seed: SEED, numRuns: RUNS * 10 },
      )
    })

    test('property: for random datasets and limits, the pages concatenate to the sorted list, without duplicates or gaps', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 30 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 4 }),
          async (count, limit, distinctTimes) => {
            // Few distinct creation times: many items tie and the order falls back on the id.
            const org = organization()
            const ws = workspace(org.id as string)
            const times = Array.from({ length: distinctTimes }, () => ts())
            const staff = Array.from({ length: count }, (_, i) =>
              employee(ws.id as string, { created_at: times[i % distinctTimes] }),
            )
            const b = breach(ws.id as string)
            const at = ts()
            const comp = staff.map((e, i) =>
              compromised(ws.id as string, b.id as string, e.id as string, {
                compromised_at: i % 2 ? at : ts(),
              }),
            )
            const records = [org, ws, ...staff, b, ...comp]
            await importSources(t.db.handle, [source(records)])
            const key = await t.key({ organizationId: org.id as string })
            const employees = await walk(t, `/v1/employees?workspace_id=${ws.id}`, key, limit)
            assert.deepEqual(employees.items, oracle.employees(records, ws.id as string))
            assert.equal(new Set(employees.items.map((e) => e.id)).size, count)
            const progress = await walk(t, `/v1/courses/employees_progress?workspace_id=${ws.id}`, key, limit)
            assert.deepEqual(progress.items, oracle.progress(records, ws.id as string))
            const hit = await walk(
              t,
              `/v1/breaches/${b.id}/compromised-employees?workspace_id=${ws.id}`,
              key,
              limit,
            )
            assert.deepEqual(hit.items, oracle.compromised(records, ws.id as string, b.id as string))
          },
        ),
        { seed: SEED, numRuns: RUNS },
      )
    })
  })
}
