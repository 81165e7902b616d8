// Drill-down filters on /v1/employees (CONTRACT 18, amended): department (a name holding a comma,
// never split), country_code, group_id (any of), manager_id (direct reports) and manager_tree (the
// whole line below, several levels, and a line of one), alone and together, with `status` and the
// karma filters; each walked item for item at limits 1, 7 and 100 (headers, query and Link) against
// the unfiltered list cut by an oracle computed from the imported records. Unknown and foreign values
// match nobody; strict parameters; cursors bound to the filters; pseudonymous keys name managers by
// pseudonym; an import that moves a manager moves their line.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { importSources } from '../../../src/importer/import.js'
import { type TestApp, testApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { unknownId } from '../../helpers/dataset.js'
import { type Rec, source } from '../../helpers/records.js'
import { type Drill, drillDataset, oracleOf, pseudonymsOf, query } from './drill.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`employees drill-down (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ReturnType<typeof drillDataset>
    let key: string
    /** The unfiltered list of A1, as the API orders and renders it. */
    let whole: Rec[]
    let passes: ReturnType<typeof oracleOf>
    before(async () => {
      d = drillDataset()
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.orgA.id as string })
      whole = (await walk(t, `/v1/employees?workspace_id=${d.a1}`, key, 100, ['headers'])).items
      passes = oracleOf(d.all)
    })
    after(() => t?.close())

    const records = () => new Map(d.all.filter((r) => r.type === 'employee').map((r) => [r.id as string, r]))
    const expected = (f: Drill) => {
      const byId = records()
      return whole.filter((item) => passes(byId.get(item.id as string) as Rec, f))
    }
    const check = async (f: Drill, atLeast = 1) => {
      const want = expected(f)
      assert.ok(
        want.length >= atLeast,
        `${JSON.stringify(f)}: ${want.length} expected, the test needs ${atLeast}`,
      )
      for (const limit of [1, 7, 100]) {
        const { items } = await walk(t, `/v1/employees?workspace_id=${d.a1}${query(f)}`, key, limit)
        assert.deepEqual(items, want, `${JSON.stringify(f)}, limit ${limit}`)
      }
    }

    const a1 = () => d.employeesA1
    const id = (i: number) => a1()[i]?.id as string

    test('department: a name holding a comma is one name, never split; a name that is a part of it is another', async () => {
      await check({ department: 'Sales, EMEA' }, 5)
      await check({ department: 'Sales' }, 5)
      await check({ department: 'R&D / Labs' }, 5)
      assert.deepEqual(expected({ department: 'EMEA' }), [])
      await check({ department: 'EMEA' }, 0)
    })

    test('country_code: any of, comma-separated or repeated', async () => {
      await check({ country_code: ['DE'] }, 5)
      await check({ country_code: ['FR', 'ES'] }, 10)
      const repeated = await walk(
        t,
        `/v1/employees?workspace_id=${d.a1}&country_code=FR&country_code=ES`,
        key,
        7,
      )
      assert.deepEqual(repeated.items, expected({ country_code: ['FR', 'ES'] }))
    })

    test('group_id: the members of one group, of any of two', async () => {
      await check({ group_id: [d.groups[0]?.id as string] }, 10)
      await check({ group_id: [d.groups[1]?.id as string] }, 10)
      await check({ group_id: d.groups.map((g) => g.id as string) }, 20)
    })

    test('manager_id: the direct reports; manager_tree: the whole line below, the manager excluded', async () => {
      await check({ manager_id: id(0) }, 3)
      await check({ manager_id: id(4) }, 3)
      // The top manager's line is everyone else of every status.
      const top = expected({ manager_tree: id(0) })
      assert.equal(top.length, whole.length - 1)
      assert.ok(new Set(top.map((e) => e.status)).size > 1, 'several statuses under the top manager')
      await check({ manager_tree: id(0) }, whole.length - 1)
      await check({ manager_tree: id(1) }, 10)
      await check({ manager_tree: id(5) }, 3)
      // A line of one, and a manager with no line at all.
      await check({ manager_tree: d.lineOfOne }, 1)
      assert.equal(expected({ manager_tree: d.lineOfOne }).length, 1)
      await check({ manager_tree: id(a1().length - 2) }, 0)
    })

    test('several filters at once all hold, with status and karma', async () => {
      await check({ department: 'Sales', manager_tree: id(0) }, 3)
      await check({ status: ['active'], group_id: [d.groups[0]?.id as string] }, 5)
      await check(
        { country_code: ['DE', 'US'], group_id: d.groups.map((g) => g.id as string), manager_tree: id(1) },
        2,
      )
      await check({ karma_score_gte: 1, department: 'Engineering' }, 1)
      await check({ manager_id: id(1), group_id: [d.groups[0]?.id as string] }, 1)
      await check(
        { manager_tree: id(1), group_id: [d.groups[1]?.id as string], status: ['active', 'pending'] },
        1,
      )
    })

    test("an unknown or another workspace's or organization's group or manager matches nobody (an empty list, not a 404)", async () => {
      const foreign = [
        `group_id=${d.foreignGroups[0]?.id}`,
        `group_id=${d.foreignGroups[1]?.id}`,
        `group_id=${unknownId()}`,
        `manager_id=${d.employeesA2[0]?.id}`,
        `manager_tree=${d.employeesA2[0]?.id}`,
        `manager_tree=${d.foreignEmployee.id}`,
        `manager_id=${unknownId()}`,
        `manager_tree=${unknownId()}`,
        'country_code=ZZ',
        `department=${encodeURIComponent('Nowhere')}`,
      ]
      for (const filter of foreign) {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}&${filter}`, { key })
        assert.equal(response.status, 200, filter)
        assert.deepEqual(response.json.data, [], filter)
      }
      // The same filters name their own workspace's rows there.
      const a2 = await walk(
        t,
        `/v1/employees?workspace_id=${d.a2}&group_id=${d.foreignGroups[0]?.id}`,
        key,
        2,
      )
      assert.equal(a2.items.length, d.employeesA2.length)
    })

    test('strict parameters: each malformed value is a 422 naming it', async () => {
      for (const [filter, name] of [
        ['department=', 'department'],
        [`department=${'x'.repeat(1001)}`, 'department'],
        ['country_code=de', 'country_code'],
        ['country_code=DE,', 'country_code'],
        ['group_id=nope', 'group_id'],
        [`group_id=${Array.from({ length: 101 }, unknownId).join(',')}`, 'group_id'],
        ['manager_id=42', 'manager_id'],
        [`manager_tree=${id(0)}&manager_tree=${id(1)}`, 'manager_tree'],
        [`department=Sales&department=Sales`, 'department'],
      ] as const) {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}&${filter}`, { key })
        assert.equal(response.status, 422, filter)
        assert.equal(response.json.errors[0].code, 'invalid_parameter', filter)
        assert.equal(response.json.errors[0].source.parameter, name, `${filter}: ${response.body}`)
      }
    })

    test('a cursor is bound to its filters', async () => {
      const first = await t.request(`/v1/employees?workspace_id=${d.a1}&department=Sales`, {
        key,
        headers: { 'x-item-limit': '1' },
      })
      const cursor = first.headers['x-next-cursor'] as string
      assert.ok(cursor)
      for (const filter of [
        'department=Engineering',
        '',
        `manager_tree=${id(0)}`,
        'department=Sales&country_code=DE',
      ]) {
        const response = await t.request(`/v1/employees?workspace_id=${d.a1}&${filter}`, {
          key,
          headers: { 'x-next-cursor': cursor },
        })
        assert.equal(response.status, 422, filter)
        assert.equal(response.json.errors[0].code, 'invalid_cursor', filter)
      }
    })

    test("a pseudonymous key names managers by pseudonym: the same employees; a manager's real id names nobody", async () => {
      const pseudonymous = await t.key({ organizationId: d.orgA.id as string, privacy: 'pseudonymous' })
      const pseudonymOf = await pseudonymsOf(t)
      for (const f of [
        { manager_tree: id(1) },
        { manager_id: id(0) },
        { manager_tree: d.lineOfOne },
      ] as Drill[]) {
        const [name, real] = Object.entries(f)[0] as [string, string]
        const shown = await walk(
          t,
          `/v1/employees?workspace_id=${d.a1}&${name}=${pseudonymOf.get(real)}&department=Sales,%20EMEA&status=active,pending,deactivated`,
          pseudonymous,
          7,
        )
        const want = expected({
          ...f,
          department: 'Sales, EMEA',
          status: ['active', 'pending', 'deactivated'],
        })
        assert.deepEqual(
          shown.items.map((e) => e.id),
          want.map((e) => pseudonymOf.get(e.id as string)),
          JSON.stringify(f),
        )
        const byRealId = await t.request(`/v1/employees?workspace_id=${d.a1}&${name}=${real}`, {
          key: pseudonymous,
        })
        assert.deepEqual(byRealId.json.data, [], `${name} by a real id`)
      }
      // The employees' own columns alone (read from their table's indexes, then the renderings).
      for (const f of [
        { department: 'Sales' },
        { country_code: ['DE', 'FR'] },
        { manager_id: id(0), country_code: ['DE', 'FR', 'US'] },
      ] as Drill[]) {
        const given =
          f.manager_id === undefined ? f : { ...f, manager_id: pseudonymOf.get(f.manager_id) as string }
        const want = expected(f).map((e) => pseudonymOf.get(e.id as string))
        assert.ok(want.length > 1, JSON.stringify(f))
        for (const limit of [1, 7, 100]) {
          const shown = await walk(
            t,
            `/v1/employees?workspace_id=${d.a1}${query(given)}`,
            pseudonymous,
            limit,
          )
          assert.deepEqual(
            shown.items.map((e) => e.id),
            want,
            `${JSON.stringify(f)}, limit ${limit}`,
          )
        }
      }
    })

    test('isolation (property): a group, manager or pseudonym of another workspace or organization matches nobody, as an unknown one does', async () => {
      const pseudonymous = await t.key({ organizationId: d.orgA.id as string, privacy: 'pseudonymous' })
      const pseudonymOf = await pseudonymsOf(t)
      assert.ok(
        pseudonymOf.has(d.foreignEmployee.id as string),
        "the other organization's employee has a pseudonym",
      )
      const unknown = unknownId()
      // A1's own, A2's, the other organization's, none.
      const values = {
        group_id: [d.groups[0]?.id, d.foreignGroups[0]?.id, d.foreignGroups[1]?.id, unknown] as string[],
        manager_id: [id(0), d.employeesA2[0]?.id, d.foreignEmployee.id, unknown] as string[],
        manager_tree: [id(1), d.employeesA2[0]?.id, d.foreignEmployee.id, unknown] as string[],
      }
      const paths = [
        '/v1/employees?',
        '/v1/reports/simulation_coverage?',
        '/v1/reports/training_coverage?',
        '/v1/reports/breakdown?by=department&',
      ]
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...(Object.keys(values) as (keyof typeof values)[])),
          fc.integer({ min: 0, max: 3 }),
          fc.boolean(),
          fc.constantFrom(...paths),
          async (filter, pick, asPseudonym, path) => {
            const real = values[filter][pick] as string
            const person = filter !== 'group_id'
            const value = asPseudonym && person ? (pseudonymOf.get(real) ?? real) : real
            const response = await t.request(`${path}workspace_id=${d.a1}&${filter}=${value}`, {
              key: asPseudonym ? pseudonymous : key,
            })
            assert.equal(response.status, 200, response.body)
            if (pick === 0) assert.ok(response.json.data.length > 0, `${filter} of A1 keeps someone`)
            else assert.deepEqual(response.json.data, [], `${filter} ${pick} ${asPseudonym}`)
          },
        ),
        { numRuns: 60 },
      )
    })

    test('an import that moves a manager moves their whole line; the kept rows follow every import', async () => {
      const moved: Rec = { ...(records().get(id(4)) as Rec), manager: { id: id(2) } }
      await importSources(t.db.handle, [source([moved])], {})
      const updated = d.all.map((r) => (r.id === moved.id ? moved : r))
      const byId = new Map(updated.filter((r) => r.type === 'employee').map((r) => [r.id as string, r]))
      const now = oracleOf(updated)
      whole = (await walk(t, `/v1/employees?workspace_id=${d.a1}`, key, 100, ['headers'])).items
      for (const manager of [id(1), id(2), id(0)]) {
        const want = whole.filter((item) =>
          now(byId.get(item.id as string) as Rec, { manager_tree: manager }),
        )
        const { items } = await walk(t, `/v1/employees?workspace_id=${d.a1}&manager_tree=${manager}`, key, 7)
        assert.deepEqual(items, want, manager)
      }
      assert.ok(
        whole.some(
          (item) => now(byId.get(item.id as string) as Rec, { manager_tree: id(2) }) && item.id === id(4),
        ),
        'the moved manager is under their new manager',
      )
    })
  })
}
