// Drill-down filters on the reports (CONTRACT 18, amended): repeat offenders, simulation and
// training coverage, each filtered by department (a name holding a comma), country_code, group_id,
// manager_id and manager_tree, alone and together, with their own filters and windows; each walked
// item for item at limits 1, 7 and 100 (headers, query and Link) against the reports' oracle cut by
// the drill-down oracle, both computed from the imported records. Members only; unknown and foreign
// values match nobody; strict parameters; cursors bound to the filters; pseudonymous managers. The
// breakdown groups only the filtered members, by every dimension and window, as every key sees it
// (identified, pseudonymous, aggregate at several minimum sizes).

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { aggregateKeys, type TestApp, testApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { unknownId } from '../../helpers/dataset.js'
import type { Rec } from '../../helpers/records.js'
import { type Drill, drillDataset, oracleOf, pseudonymsOf, query } from '../employees/drill.js'
import { windowQuery, windowsOver } from '../inbox/oracle.js'
import * as oracle from './oracle.js'

const REPORTS = ['repeat_offenders', 'simulation_coverage', 'training_coverage'] as const
type Report = (typeof REPORTS)[number]
const DIMENSIONS = ['department', 'manager', 'group', 'country'] as const

/** Code point order of two keys, as the breakdown sorts them. */
const codePoints = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

for (const { dialect, skip } of DIALECTS) {
  describe(`member reports drill-down (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ReturnType<typeof drillDataset>
    let key: string
    let passes: ReturnType<typeof oracleOf>
    let byId: Map<string, Rec>
    before(async () => {
      d = drillDataset()
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.orgA.id as string })
      passes = oracleOf(d.all)
      byId = new Map(d.all.filter((r) => r.type === 'employee').map((r) => [r.id as string, r]))
    })
    after(() => t?.close())

    const id = (i: number) => d.employeesA1[i]?.id as string
    /** The report's oracle for its own parameters, cut by the drill-down oracle. */
    const expected = (report: Report, f: Drill, own: { min?: number; flag?: boolean; w?: object } = {}) => {
      const rows: { employee: { id: unknown } }[] =
        report === 'repeat_offenders'
          ? oracle.repeatOffenders(d.all, d.a1, own.min, own.w)
          : report === 'simulation_coverage'
            ? oracle.simulationCoverage(d.all, d.a1, own.flag, own.w)
            : oracle.trainingCoverage(d.all, d.a1, own.flag)
      return rows.filter((row) => passes(byId.get(row.employee.id as string) as Rec, f))
    }
    const check = async (report: Report, f: Drill, extra = '', own = {}, atLeast = 1) => {
      const want = expected(report, f, own)
      assert.ok(want.length >= atLeast, `${report} ${JSON.stringify(f)}${extra}: ${want.length} expected`)
      for (const limit of [1, 7, 100]) {
        const { items } = await walk(
          t,
          `/v1/reports/${report}?workspace_id=${d.a1}${query(f)}${extra}`,
          key,
          limit,
        )
        assert.deepEqual(items, want, `${report} ${JSON.stringify(f)}${extra}, limit ${limit}`)
      }
    }

    const FILTERS = (): Drill[] => [
      { department: 'Sales, EMEA' },
      { department: 'Sales' },
      { country_code: ['DE'] },
      { country_code: ['FR', 'ES'] },
      { group_id: [d.groups[0]?.id as string] },
      { group_id: d.groups.map((g) => g.id as string) },
      { manager_id: id(0) },
      { manager_tree: id(0) },
      { manager_tree: id(1) },
      { manager_tree: d.lineOfOne },
      { department: 'Sales', manager_tree: id(0), country_code: ['DE', 'FR', 'US'] },
      { group_id: [d.groups[1]?.id as string], manager_tree: id(1) },
      { manager_id: id(1), group_id: d.groups.map((g) => g.id as string) },
    ]

    for (const report of REPORTS)
      test(`${report}: every filter alone and together equals the oracle at limits 1, 7 and 100`, async () => {
        let seen = 0
        for (const f of FILTERS()) {
          await check(report, f, '', {}, 0)
          seen += expected(report, f).length > 0 ? 1 : 0
        }
        assert.ok(seen >= 8, `${seen} of the filters keep someone`)
      })

    test("with the reports' own filters and windows", async () => {
      const times = d.all.filter((r) => r.type === 'attack').map((r) => r.created_at as string)
      for (const w of windowsOver(times)) {
        for (const f of [
          { manager_tree: id(0) },
          { department: 'Sales' },
          { group_id: [d.groups[0]?.id as string] },
        ]) {
          await check('repeat_offenders', f, `&min_tricked=1${windowQuery(w)}`, { min: 1, w }, 0)
          await check('simulation_coverage', f, `&attacked=false${windowQuery(w)}`, { flag: false, w }, 0)
        }
      }
      await check('training_coverage', { manager_tree: id(1) }, '&missed=false', { flag: false }, 0)
      await check('repeat_offenders', { manager_tree: id(0) }, '&min_tricked=3', { min: 3 }, 1)
    })

    test('members only: an inactive employee under the manager is in no report', () => {
      const under = d.employeesA1.filter((e) => passes(e, { manager_tree: id(0) }))
      const inactive = under.filter((e) => e.status !== 'active')
      assert.ok(inactive.length > 0)
      const shown = new Set(expected('training_coverage', { manager_tree: id(0) }).map((r) => r.employee.id))
      for (const e of inactive) assert.ok(!shown.has(e.id as string))
    })

    test("an unknown or another workspace's or organization's value matches nobody", async () => {
      for (const report of REPORTS)
        for (const filter of [
          `group_id=${d.foreignGroups[0]?.id}`,
          `group_id=${d.foreignGroups[1]?.id}`,
          `manager_tree=${d.employeesA2[0]?.id}`,
          `manager_id=${d.foreignEmployee.id}`,
          `manager_tree=${unknownId()}`,
          'country_code=ZZ',
          'department=Nowhere',
        ]) {
          const response = await t.request(
            `/v1/reports/${report}?workspace_id=${d.a1}&${filter}&min_tricked=1`.replace(
              report === 'repeat_offenders' ? '' : '&min_tricked=1',
              '',
            ),
            { key },
          )
          assert.equal(response.status, 200, `${report} ${filter}: ${response.body}`)
          assert.deepEqual(response.json.data, [], `${report} ${filter}`)
        }
    })

    test('strict parameters and cursors bound to the filters', async () => {
      for (const report of REPORTS) {
        for (const [filter, name] of [
          ['department=', 'department'],
          ['country_code=fr', 'country_code'],
          ['group_id=x', 'group_id'],
          ['manager_tree=1', 'manager_tree'],
        ] as const) {
          const response = await t.request(`/v1/reports/${report}?workspace_id=${d.a1}&${filter}`, { key })
          assert.equal(response.status, 422, `${report} ${filter}`)
          assert.equal(response.json.errors[0].source.parameter, name, `${report} ${filter}`)
        }
        const first = await t.request(
          `/v1/reports/${report}?workspace_id=${d.a1}&manager_tree=${id(0)}&min_tricked=1`.replace(
            report === 'repeat_offenders' ? '' : '&min_tricked=1',
            '',
          ),
          { key, headers: { 'x-item-limit': '1' } },
        )
        const cursor = first.headers['x-next-cursor'] as string
        assert.ok(cursor, report)
        const other = await t.request(`/v1/reports/${report}?workspace_id=${d.a1}&manager_tree=${id(1)}`, {
          key,
          headers: { 'x-next-cursor': cursor },
        })
        assert.equal(other.status, 422, report)
        assert.equal(other.json.errors[0].code, 'invalid_cursor', report)
      }
    })

    test('a pseudonymous key gives managers as pseudonyms; a real id names nobody', async () => {
      const pseudonymous = await t.key({ organizationId: d.orgA.id as string, privacy: 'pseudonymous' })
      const pseudonymOf = await pseudonymsOf(t)
      for (const report of REPORTS) {
        const shown = await walk(
          t,
          `/v1/reports/${report}?workspace_id=${d.a1}&manager_tree=${pseudonymOf.get(id(1))}${report === 'repeat_offenders' ? '&min_tricked=1' : ''}`,
          pseudonymous,
          7,
        )
        const want = expected(report, { manager_tree: id(1) }, { min: 1 })
        assert.ok(want.length > 0, report)
        assert.deepEqual(
          shown.items.map((r) => r.employee.id),
          want.map((r) => pseudonymOf.get(r.employee.id as string)),
          report,
        )
        const real = await t.request(`/v1/reports/${report}?workspace_id=${d.a1}&manager_tree=${id(1)}`, {
          key: pseudonymous,
        })
        assert.deepEqual(real.json.data, [], report)
      }
    })

    /** The breakdown's oracle over the members the filters keep. */
    const breakdownOf = (by: (typeof DIMENSIONS)[number], f: Drill, w = {}) =>
      oracle.breakdown(d.all, d.a1, by, w, (e) => passes(e, f))
    const breakdownUrl = (by: string, f: Drill, extra = '') =>
      `/v1/reports/breakdown?workspace_id=${d.a1}&by=${by}${query(f)}${extra}`

    for (const by of DIMENSIONS)
      test(`breakdown by ${by}: the cells of the filtered members, every filter alone and together, at limits 1, 7 and 100`, async () => {
        let seen = 0
        for (const f of FILTERS()) {
          const want = breakdownOf(by, f)
          seen += want.length > 0 ? 1 : 0
          for (const limit of [1, 7, 100]) {
            const { items } = await walk(t, breakdownUrl(by, f), key, limit)
            assert.deepEqual(items, want, `${by} ${JSON.stringify(f)}, limit ${limit}`)
          }
        }
        assert.ok(seen >= 8, `${seen} of the filters keep someone`)
        // Unfiltered, the cells are the workspace's: the filters only narrow them.
        const whole = await walk(t, breakdownUrl(by, {}), key, 100)
        assert.deepEqual(whole.items, oracle.breakdown(d.all, d.a1, by))
      })

    test('breakdown: filtered with every window, the figures of the window over the kept members', async () => {
      const times = d.all.filter((r) => r.type === 'attack').map((r) => r.created_at as string)
      for (const w of windowsOver(times))
        for (const by of DIMENSIONS)
          for (const f of [
            { manager_tree: id(0) },
            { department: 'Sales' },
            { group_id: d.groups.map((g) => g.id as string) },
          ]) {
            const want = breakdownOf(by, f, w)
            const { items } = await walk(t, breakdownUrl(by, f, windowQuery(w)), key, 7)
            assert.deepEqual(items, want, `${by} ${JSON.stringify(f)} ${JSON.stringify(w)}`)
          }
    })

    test("breakdown: by manager under a manager's line is their teams, named as unfiltered", async () => {
      const teams = breakdownOf('manager', { manager_tree: id(0) })
      const named = new Map(oracle.breakdown(d.all, d.a1, 'manager').map((r) => [r.key, r.name]))
      assert.ok(teams.length >= 2, 'several teams under the top manager')
      for (const row of teams) assert.equal(row.name, named.get(row.key))
      const { items } = await walk(t, breakdownUrl('manager', { manager_tree: id(0) }), key, 7)
      assert.deepEqual(items, teams)
    })

    test('breakdown: a pseudonymous key sees the filtered cells by pseudonym, ordered by it, and gives managers so', async () => {
      const pseudonymous = await t.key({ organizationId: d.orgA.id as string, privacy: 'pseudonymous' })
      const pseudonymOf = await pseudonymsOf(t)
      for (const f of [
        { department: 'Sales' },
        { manager_tree: id(0) },
        { group_id: d.groups.map((g) => g.id as string) },
      ]) {
        const want = breakdownOf('manager', f)
          .map((r) => ({ ...r, key: r.key === null ? null : (pseudonymOf.get(r.key) as string), name: null }))
          .sort(
            (a, b) =>
              Number(a.key === null) - Number(b.key === null) ||
              b.employees_count - a.employees_count ||
              codePoints(a.key ?? '', b.key ?? ''),
          )
        const given =
          f.manager_tree === undefined ? f : { manager_tree: pseudonymOf.get(f.manager_tree) as string }
        for (const limit of [1, 7, 100]) {
          const { items } = await walk(t, breakdownUrl('manager', given), pseudonymous, limit)
          assert.deepEqual(items, want, `${JSON.stringify(f)}, limit ${limit}`)
        }
        const departments = await walk(t, breakdownUrl('department', given), pseudonymous, 7)
        assert.deepEqual(departments.items, breakdownOf('department', f))
      }
      const real = await t.request(breakdownUrl('manager', { manager_tree: id(0) }), { key: pseudonymous })
      assert.deepEqual(real.json.data, [], 'a real id names nobody')
    })

    test('breakdown: an aggregate key sees section 19 over the filtered members (none: empty; too few: one null row)', async () => {
      const pseudonymOf = await pseudonymsOf(t)
      const keyFor = aggregateKeys(
        () => t,
        () => d.orgA.id as string,
      )
      const times = d.all.filter((r) => r.type === 'attack').map((r) => r.created_at as string)
      const windows = [{}, windowsOver(times)[1] ?? {}]
      let tooFew = 0
      for (const by of DIMENSIONS)
        for (const f of FILTERS())
          for (const min of [2, 3, 5])
            for (const w of windows) {
              const want = oracle.aggregateBreakdown(
                d.all,
                d.a1,
                by,
                min,
                (real) => pseudonymOf.get(real) as string,
                w,
                (e) => passes(e, f),
              )
              if (want.length === 1 && want[0]?.employees_count === null) tooFew++
              const given =
                f.manager_tree === undefined && f.manager_id === undefined
                  ? f
                  : {
                      ...f,
                      ...(f.manager_tree ? { manager_tree: pseudonymOf.get(f.manager_tree) as string } : {}),
                      ...(f.manager_id ? { manager_id: pseudonymOf.get(f.manager_id) as string } : {}),
                    }
              const { items } = await walk(t, breakdownUrl(by, given, windowQuery(w)), await keyFor(min), 7)
              assert.deepEqual(items, want, `${by} ${JSON.stringify(f)} min ${min} ${JSON.stringify(w)}`)
            }
      assert.ok(tooFew > 0, 'some filter keeps fewer members than a minimum: one null row')
      const none = await t.request(breakdownUrl('department', { department: 'Nowhere' }), {
        key: await keyFor(2),
      })
      assert.equal(none.status, 200)
      assert.deepEqual(none.json.data, [])
      const real = await t.request(breakdownUrl('department', { manager_tree: id(0) }), {
        key: await keyFor(2),
      })
      assert.deepEqual(
        real.json.data,
        [],
        'an aggregate key gives managers as pseudonyms: a real id names nobody',
      )
    })

    test('breakdown: unknown and foreign values match nobody; strict parameters; cursors bound to the filters', async () => {
      for (const filter of [
        `group_id=${d.foreignGroups[0]?.id}`,
        `manager_tree=${d.employeesA2[0]?.id}`,
        `manager_id=${d.foreignEmployee.id}`,
        `manager_tree=${unknownId()}`,
        'country_code=ZZ',
        'department=Nowhere',
      ]) {
        const response = await t.request(`/v1/reports/breakdown?workspace_id=${d.a1}&by=group&${filter}`, {
          key,
        })
        assert.equal(response.status, 200, `${filter}: ${response.body}`)
        assert.deepEqual(response.json.data, [], filter)
      }
      for (const [filter, name] of [
        ['department=', 'department'],
        ['country_code=de', 'country_code'],
        ['group_id=1', 'group_id'],
        ['manager_id=x', 'manager_id'],
      ] as const) {
        const response = await t.request(`/v1/reports/breakdown?workspace_id=${d.a1}&by=manager&${filter}`, {
          key,
        })
        assert.equal(response.status, 422, filter)
        assert.equal(response.json.errors[0].source.parameter, name, filter)
      }
      const first = await t.request(breakdownUrl('manager', {}), { key, headers: { 'x-item-limit': '1' } })
      const cursor = first.headers['x-next-cursor'] as string
      assert.ok(cursor)
      for (const f of [{ manager_tree: id(0) }, { department: 'Sales' }]) {
        const other = await t.request(breakdownUrl('manager', f), {
          key,
          headers: { 'x-next-cursor': cursor },
        })
        assert.equal(other.status, 422, JSON.stringify(f))
        assert.equal(other.json.errors[0].code, 'invalid_cursor')
      }
    })
  })
}
