// Reports (CONTRACT 18): every report exact against an oracle computed from the imported records, on
// each database: every cell of each `by` for every window, repeat offenders at several thresholds,
// both coverages with and without their filter, each walked item for item at limits 1, 7 and 100
// (headers, query and Link); members only; the order's ties in code point order; strict parameters;
// a cursor of one report or window refused on another; an import that moves an employee between
// cells, and a --replace that empties a workspace.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../../src/importer/import.js'
import { type TestApp, testApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../../helpers/dataset.js'
import {
  course,
  employee,
  organization,
  progress,
  type Rec,
  source,
  workspace,
} from '../../helpers/records.js'
import { campaign, sentAttack } from '../campaigns/records.js'
import { group, groupMember } from '../groups/records.js'
import { windowQuery, windowsOver } from '../inbox/oracle.js'
import { report, ticket } from '../inbox/records.js'
import * as oracle from './oracle.js'

const LEVELS = ['dangerous', 'bad', 'ok', 'good', 'great', 'excellent', 'exceptional']
// Two pairs whose code point order is not the locale's: 'Zulu' < 'beta', 'Émile' < 'ábaco'.
const DEPARTMENTS = ['Zulu', 'beta', 'Émile', 'ábaco']
const COUNTRIES = ['DE', 'FR', 'US']

/**
 * The shared dataset with A1's employees spread over departments, countries, karma levels and a
 * tree of managers; a campaign that tricks a few of them again and again at several times; a group
 * of inactive employees only (it has no row).
 */
function reportDataset(): ApiDataset {
  const d = apiDataset(60)
  const a1 = d.employeesA1
  a1.forEach((e, i) => {
    const none = i % 13 === 0
    e.department = none ? null : { name: DEPARTMENTS[i % DEPARTMENTS.length] }
    e.country_code = none ? null : COUNTRIES[i % COUNTRIES.length]
    if (e.karma !== null) e.karma = { score: (i * 37) % 1000, security_level: LEVELS[i % LEVELS.length] }
    // A tree: each employee manages up to four of the later ones.
    e.manager = i === 0 ? null : { id: a1[Math.floor((i - 1) / 4)]?.id }
  })
  const again = campaign(d.a1, { name: 'Again and again' })
  const extra: Rec[] = [again]
  a1.forEach((e, i) => {
    if (i % 5 !== 0) return
    for (let k = 0; k <= i % 4; k++) {
      const events = [...(k % 3 !== 2 ? ['employee_tricked'] : []), ...(k === 1 ? ['email_reported'] : [])]
      extra.push(sentAttack(again.id as string, e.id as string, events))
    }
  })
  const idle = group(d.a1, { name: 'Former staff' })
  extra.push(idle)
  for (const e of a1.filter((x) => x.status !== 'active').slice(0, 3))
    extra.push(groupMember(idle.id as string, e.id as string))
  d.all.push(...extra)
  return d
}

const BY = ['department', 'manager', 'group', 'country'] as const

for (const { dialect, skip } of DIALECTS) {
  describe(`reports (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    let windows: ReturnType<typeof windowsOver>
    before(async () => {
      d = reportDataset()
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.orgA.id as string })
      const times = d.all
        .filter((r) => r.type === 'attack' || r.type === 'email_report')
        .map((r) => (r.type === 'attack' ? r.created_at : r.reported_at) as string)
      windows = windowsOver(times)
    })
    after(() => t?.close())

    const check = async (url: string, expected: unknown[], what: string) => {
      for (const limit of [1, 7, 100]) {
        const { items } = await walk(t, url, key, limit)
        assert.deepEqual(items, expected, `${what}, limit ${limit}`)
      }
    }

    for (const by of BY)
      test(`a breakdown by ${by} equals the oracle for every window, at limits 1, 7 and 100`, async () => {
        for (const w of windows) {
          const expected = oracle.breakdown(d.all, d.a1, by, w)
          await check(
            `/v1/reports/breakdown?workspace_id=${d.a1}&by=${by}${windowQuery(w)}`,
            expected,
            `${by} ${JSON.stringify(w)}`,
          )
        }
        const whole = oracle.breakdown(d.all, d.a1, by)
        assert.ok(whole.length >= 3, `${whole.length} cells`)
        assert.ok(
          whole.every((row, i) => row.key !== null || i === whole.length - 1),
          'the members without one form the last row',
        )
        const other = await walk(t, `/v1/reports/breakdown?workspace_id=${d.a2}&by=${by}`, key, 7)
        assert.deepEqual(other.items, oracle.breakdown(d.all, d.a2, by))
      })

    test('ties on employees_count are ordered by key in code point order, not the locale', () => {
      const rows = oracle.breakdown(d.all, d.a1, 'department')
      const ties = rows.filter(
        (row, i) =>
          row.key !== null &&
          rows.some(
            (other, j) =>
              j > i &&
              other.key !== null &&
              other.employees_count === row.employees_count &&
              (row.key as string).localeCompare(other.key) > 0,
          ),
      )
      assert.ok(ties.length > 0, JSON.stringify(rows.map((r) => [r.key, r.employees_count])))
    })

    test('a group whose members are all inactive has no row; an inactive manager still names a cell', () => {
      const groups = oracle.breakdown(d.all, d.a1, 'group').map((r) => r.name)
      assert.ok(!groups.includes('Former staff'))
      const managers = new Set(oracle.breakdown(d.all, d.a1, 'manager').map((r) => r.key))
      const inactive = d.employeesA1.filter((e) => e.status !== 'active' && managers.has(e.id as string))
      assert.ok(inactive.length > 0)
    })

    test('repeat offenders equal the oracle for thresholds 1, 2, 3 and 100 and every window', async () => {
      for (const min of [undefined, 1, 3, 100])
        for (const w of windows) {
          const query = `${min === undefined ? '' : `&min_tricked=${min}`}${windowQuery(w)}`
          await check(
            `/v1/reports/repeat_offenders?workspace_id=${d.a1}${query}`,
            oracle.repeatOffenders(d.all, d.a1, min, w),
            query,
          )
        }
      assert.ok(oracle.repeatOffenders(d.all, d.a1, 3).length > 0)
    })

    test('simulation coverage equals the oracle, attacked or not, for every window', async () => {
      for (const attacked of [undefined, true, false])
        for (const w of windows) {
          const query = `${attacked === undefined ? '' : `&attacked=${attacked}`}${windowQuery(w)}`
          await check(
            `/v1/reports/simulation_coverage?workspace_id=${d.a1}${query}`,
            oracle.simulationCoverage(d.all, d.a1, attacked, w),
            query,
          )
        }
    })

    test('training coverage equals the oracle, missed or not', async () => {
      for (const missed of [undefined, true, false]) {
        const query = missed === undefined ? '' : `&missed=${missed}`
        const expected = oracle.trainingCoverage(d.all, d.a1, missed)
        assert.ok(expected.length > 0)
        await check(`/v1/reports/training_coverage?workspace_id=${d.a1}${query}`, expected, query)
      }
    })

    test('the rounding cases of sections 15 and 16: halves go up, one decimal from exact counts', async () => {
      const org = organization()
      const ws = workspace(org.id as string)
      const w = ws.id as string
      const member = (department: string, score: number) =>
        employee(w, { department: { name: department }, karma: { score, security_level: 'ok' } })
      // Six: karma 1 and 2 and four without (mean 1.5 → 2); one reporter of six (16.7).
      const six: Rec[] = [
        member('Six', 1),
        member('Six', 2),
        ...[0, 1, 2, 3].map(() => ({ ...member('Six', 0), karma: null })),
      ]
      // Eight: all attacked, one tricked (12.5 → 13), three reported (37.5 → 38); one reporter (12.5);
      // four completed courses over eight members (0.5 → 1).
      const eight = Array.from({ length: 8 }, (_, i) => member('Eight', i === 0 ? 3 : 4))
      const lesson = course(w)
      const lure = campaign(w)
      const mail = ticket(w)
      const records: Rec[] = [
        org,
        ws,
        ...six,
        ...eight,
        lesson,
        lure,
        mail,
        report(mail.id as string, six[0]?.id as string),
      ]
      records.push(report(mail.id as string, eight[0]?.id as string))
      // An attack long before the others: a window after it cuts the cell, whose figures are then counted.
      const old = '2001-01-01T00:00:00.000000Z'
      records.push(sentAttack(lure.id as string, eight[7]?.id as string, [], old))
      eight.forEach((e, i) => {
        if (i < 4) records.push(progress(e.id as string, lesson.id as string))
        const events = [...(i === 0 ? ['employee_tricked'] : []), ...(i < 3 ? ['email_reported'] : [])]
        records.push(sentAttack(lure.id as string, e.id as string, events))
      })
      await importSources(t.db.handle, [source(records)])
      const orgKey = await t.key({ organizationId: org.id as string })
      const rows = (await walk(t, `/v1/reports/breakdown?workspace_id=${w}&by=department`, orgKey, 1)).items
      assert.deepEqual(rows, oracle.breakdown(records, w, 'department'))
      const [first, second] = rows as unknown as [Rec, Rec]
      assert.equal(first.key, 'Eight')
      assert.equal(first.vulnerability_rate, 13)
      assert.equal(first.reporting_rate, 38)
      assert.equal(first.employee_reporting_rate, 12.5)
      assert.equal(first.average_courses_completed, 1)
      assert.equal(first.average_karma_score, 4)
      assert.equal(second.key, 'Six')
      assert.equal(second.average_karma_score, 2)
      assert.equal(second.employee_reporting_rate, 16.7)
      assert.equal(second.average_courses_completed, 0)
      // The same answer, byte for byte, counted through a window that leaves out only the old attack.
      const body = async (query: string) =>
        (
          await t.request(`/v1/reports/breakdown?workspace_id=${w}&by=department${query}`, {
            key: orgKey,
            headers: { 'x-item-limit': '100' },
          })
        ).body
      assert.equal(await body('&created_after=2002-01-01'), await body(''))
      // A window inside the eighth member's span, past both its ends: their attacks are looked at.
      const inside = { after: '2002-01-01', before: '2003-01-01' }
      const narrow = await walk(
        t,
        `/v1/reports/breakdown?workspace_id=${w}&by=department${windowQuery(inside)}`,
        orgKey,
        7,
      )
      assert.deepEqual(narrow.items, oracle.breakdown(records, w, 'department', inside))
      assert.equal((narrow.items[0] as Rec).employees_attacked_count, 0)
    })

    test('strict parameters: each refused with a 422 naming it', async () => {
      const cases: [string, string][] = [
        ['breakdown?', 'by'],
        ['breakdown?by=team', 'by'],
        ['breakdown?by=Department', 'by'],
        ['breakdown?by=manager&by=group', 'by'],
        ['breakdown?by=group&created_after=2026-02-01&created_before=2026-01-01', 'created_after'],
        ['repeat_offenders?min_tricked=0', 'min_tricked'],
        ['repeat_offenders?min_tricked=101', 'min_tricked'],
        ['repeat_offenders?min_tricked=2.5', 'min_tricked'],
        ['repeat_offenders?min_tricked=', 'min_tricked'],
        ['simulation_coverage?attacked=yes', 'attacked'],
        ['simulation_coverage?attacked=1', 'attacked'],
        ['training_coverage?missed=TRUE', 'missed'],
        ['training_coverage?created_after=2026-01-01', 'created_after'],
      ]
      for (const [path, parameter] of cases) {
        const [name, query] = path.split('?') as [string, string]
        const url = `/v1/reports/${name}?workspace_id=${d.a1}${query ? `&${query}` : ''}`
        const response = await t.request(url, { key })
        assert.equal(response.status, 422, url)
        assert.equal(response.json.errors[0].code, 'invalid_parameter', url)
        assert.ok(
          response.json.errors.some(
            (e: { source: { parameter: string } }) => e.source.parameter === parameter,
          ),
          `${url}: ${response.body}`,
        )
      }
    })

    test("a cursor of one report, dimension or window is refused on another's", async () => {
      const first = await t.request(`/v1/reports/breakdown?workspace_id=${d.a1}&by=manager`, {
        key,
        headers: { 'x-item-limit': '1' },
      })
      const cursor = first.headers['x-next-cursor'] as string
      assert.ok(cursor)
      for (const url of [
        `/v1/reports/breakdown?workspace_id=${d.a1}&by=department`,
        `/v1/reports/breakdown?workspace_id=${d.a1}&by=manager&created_after=2020-01-01`,
        `/v1/reports/simulation_coverage?workspace_id=${d.a1}`,
        `/v1/reports/breakdown?workspace_id=${d.a2}&by=manager`,
      ]) {
        const response = await t.request(url, { key, headers: { 'x-next-cursor': cursor } })
        assert.equal(response.status, 422, url)
        assert.equal(response.json.errors[0].code, 'invalid_cursor', url)
      }
      const coverage = await t.request(`/v1/reports/simulation_coverage?workspace_id=${d.a1}`, {
        key,
        headers: { 'x-item-limit': '1' },
      })
      const response = await t.request(`/v1/reports/training_coverage?workspace_id=${d.a1}`, {
        key,
        headers: { 'x-next-cursor': coverage.headers['x-next-cursor'] as string },
      })
      assert.equal(response.json.errors[0].code, 'invalid_cursor')
    })

    test('a department name of 1,000 characters pages through headers, query and Link', async () => {
      const long = 'Département '.repeat(84).slice(0, 1000)
      const own = apiDataset(8)
      const file = own.all.map((r, i) =>
        r.type === 'employee' && (r.workspace as Rec).id === own.a1
          ? { ...r, status: 'active', department: { name: i % 2 === 0 ? long : `${long.slice(0, 999)}x` } }
          : r,
      )
      await importSources(t.db.handle, [source(file)])
      const ownKey = await t.key({ organizationId: own.orgA.id as string })
      const { items } = await walk(t, `/v1/reports/breakdown?workspace_id=${own.a1}&by=department`, ownKey, 1)
      assert.deepEqual(items, oracle.breakdown(file, own.a1, 'department'))
      assert.equal(items.length, 2)
    })
  })

  describe(`reports follow imports (${dialect})`, { skip }, () => {
    let t: TestApp
    after(() => t?.close())

    test("a re-import that changes an employee's department or manager moves them at once; --replace that empties a workspace leaves no rows", async () => {
      const d = reportDataset()
      t = await testApp(dialect, d.all)
      const key = await t.key({ organizationId: d.orgA.id as string })
      const read = async (by: string) =>
        (await walk(t, `/v1/reports/breakdown?workspace_id=${d.a1}&by=${by}`, key, 100, ['headers'])).items
      const mover = d.employeesA1.find((e) => e.status === 'active' && e.department !== null) as Rec
      const moved = { ...mover, department: { name: 'Moved here' }, manager: { id: d.employeesA1[59]?.id } }
      const changed = d.all.map((r) => (r === mover ? moved : r))
      await importSources(t.db.handle, [source([moved])])
      assert.deepEqual(await read('department'), oracle.breakdown(changed, d.a1, 'department'))
      assert.deepEqual(await read('manager'), oracle.breakdown(changed, d.a1, 'manager'))
      assert.ok((await read('department')).some((row) => row.key === 'Moved here'))
      // The workspace replaced by a file that holds nothing of it: no member, no row.
      const ws = d.all.find((r) => r.type === 'workspace' && r.id === d.a1) as Rec
      const org = d.all.find((r) => r.type === 'organization' && r.id === d.orgA.id) as Rec
      await importSources(t.db.handle, [source([org, ws])], { replace: true })
      for (const by of BY) assert.deepEqual(await read(by), [])
      for (const path of ['repeat_offenders?min_tricked=1', 'simulation_coverage?', 'training_coverage?'])
        assert.deepEqual((await t.request(`/v1/reports/${path}&workspace_id=${d.a1}`, { key })).json.data, [])
    })
  })
}
