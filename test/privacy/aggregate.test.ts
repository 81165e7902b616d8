// Aggregate keys (CONTRACT 19), on each database: they read only the organization, the statistics
// (now, as_of and their history), a group's karma history and the breakdown, every other operation
// a 403 that says why; a statistic whose population is below the key's minimum group size has every
// figure null, each series point judged by its own population; and the breakdown's merging rule is
// exact against an oracle written from the rule's words, on crafted cells: a plain merge, a
// complementary merge, a workspace below the minimum, overlapping groups, a workspace without
// members, with and without a window, walked at limits 1, 7 and 100.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { grantWorkspace, type KeyScope, type WorkspaceRows, workspaceRows } from '../../src/access.js'
import { withWriteSession } from '../../src/db/write-session.js'
import { AGGREGATE_SCOPES, SCOPES } from '../../src/domain/scopes.js'
import { importSources } from '../../src/importer/import.js'
import { Counted, type Population } from '../../src/privacy/aggregate.js'
import { BREACH_SQL } from '../../src/resources/breaches/sql.js'
import { CAMPAIGN_SQL } from '../../src/resources/campaigns/sql.js'
import { rotatePseudonyms } from '../../src/resources/employees/pseudonyms.js'
import { EMPLOYEE_POPULATION } from '../../src/resources/employees/statistics.js'
import { INBOX_SQL } from '../../src/resources/inbox/sql.js'
import { aggregateKeys, type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { DOCUMENT } from '../helpers/openapi-document.js'
import { type Rec, source, workspace } from '../helpers/records.js'
import { campaign, sentAttack } from '../resources/campaigns/records.js'
import { group, groupMember } from '../resources/groups/records.js'
import { windowQuery } from '../resources/inbox/oracle.js'
import * as oracle from '../resources/reports/oracle.js'
import { aggregateGroupPoint, aggregateStatistic, type Unpublished } from './section19.js'

const BY = ['department', 'manager', 'group', 'country'] as const

/** What an aggregate key reads (CONTRACT 19), by operationId. */
const OPEN_TO_AGGREGATE = new Set([
  'getOrganization',
  'getEmployeeStatistics',
  'getEmployeeStatisticsHistory',
  'getProgramStatistics',
  'getProgramStatisticsHistory',
  'getCampaignStatistics',
  'getCampaignStatisticsHistory',
  'getBreachStatistics',
  'getBreachStatisticsHistory',
  'getInboxStatistics',
  'getInboxStatisticsHistory',
  'getGroupKarmaHistory',
  'listReportBreakdown',
])

/**
 * A1's 30 active employees in crafted cells: departments of 14, 6, 3 and 1 members and 6 without
 * one; groups of 12 and 6 that share 4 members, one of 2, and members in none; attacks on some of
 * them at several times. An empty workspace besides.
 */
function craftedDataset(): ApiDataset & { empty: string } {
  const d = apiDataset(60)
  const active = d.employeesA1.filter((e) => e.status === 'active')
  assert.equal(active.length, 30)
  const sizes: [string | null, number][] = [
    ['Big', 14],
    ['Mid', 6],
    ['Small', 3],
    ['Tiny', 1],
    [null, 6],
  ]
  let at = 0
  for (const [name, n] of sizes) {
    for (const e of active.slice(at, at + n)) e.department = name === null ? null : { name }
    at += n
  }
  const [g1, g2, g3] = ['Twelve', 'Six', 'Two'].map((name) => group(d.a1, { name })) as [Rec, Rec, Rec]
  const memberships = [
    ...active.slice(0, 12).map((e) => groupMember(g1.id as string, e.id as string)),
    ...active.slice(8, 14).map((e) => groupMember(g2.id as string, e.id as string)),
    ...active.slice(20, 22).map((e) => groupMember(g3.id as string, e.id as string)),
  ]
  const phish = campaign(d.a1, { name: 'Crafted' })
  const attacks = active
    .filter((_, i) => i % 3 === 0)
    .map((e, i) => sentAttack(phish.id as string, e.id as string, i % 2 === 0 ? ['employee_tricked'] : []))
  const empty = workspace(d.orgA.id as string, { name: 'Nobody here' })
  d.all.push(g1, g2, g3, ...memberships, phish, ...attacks, empty)
  return { ...d, empty: empty.id as string }
}

describe('what an aggregate key carries', () => {
  test('the document names the operations open to it (x-key-privacies), and they need exactly its scopes', () => {
    const operations = Object.values(
      DOCUMENT.paths as Record<
        string,
        { get: { operationId: string; 'x-required-scope': string; 'x-key-privacies': string[] } }
      >,
    ).map((item) => item.get)
    const open = operations.filter((op) => op['x-key-privacies'].includes('aggregate'))
    assert.deepEqual(new Set(open.map((op) => op.operationId)), OPEN_TO_AGGREGATE)
    for (const op of operations)
      assert.deepEqual(op['x-key-privacies'].slice(0, 2), ['identified', 'pseudonymous'], op.operationId)
    assert.deepEqual(
      new Set(open.map((op) => op['x-required-scope'])),
      new Set(AGGREGATE_SCOPES),
      'an aggregate key carries the scopes of its operations, no other',
    )
    assert.ok(AGGREGATE_SCOPES.length < SCOPES.length)
  })
})

for (const { dialect, skip } of DIALECTS) {
  describe(`aggregate keys (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ReturnType<typeof craftedDataset>
    let identified: string
    let pseudonyms: Map<string, string>
    const keyFor = aggregateKeys(
      () => t,
      () => d.orgA.id as string,
    )
    before(async () => {
      d = craftedDataset()
      // Keys verified anew on each request: a rotation of the pseudonyms applies at once.
      t = await testApp(dialect, d.all, { KEY_CACHE_SECONDS: '0' })
      identified = await t.key({ organizationId: d.orgA.id as string })
      const rows = await sql<{
        id: string
        pseudonym: string
      }>`select e.id, p.pseudonym from employees e left join employees_pseudonymous p on p.id = e.id`.execute(
        t.db.handle.db,
      )
      pseudonyms = new Map(rows.rows.map((r) => [r.id, r.pseudonym]))
    })
    after(() => t?.close())

    test('every operation outside the list is a 403 saying the key is aggregate-only; those in it answer', async () => {
      const key = await keyFor(3)
      const ids: Record<string, string> = {
        workspace_id: d.a1,
        employee_id: d.employeesA1[0]?.id as string,
        group_id: d.all.find((r) => r.type === 'group')?.id as string,
      }
      let open = 0
      for (const [path, item] of Object.entries(
        DOCUMENT.paths as Record<
          string,
          {
            get: {
              operationId: string
              parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[]
            }
          }
        >,
      )) {
        const operation = item.get
        let url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? d.a1)
        const required = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required)
        const query = required.map((p) => `${p.name}=${p.schema?.enum?.[0] ?? ids[p.name] ?? d.a1}`)
        if (query.length > 0) url += `?${query.join('&')}`
        const r = await t.request(url, { key })
        if (OPEN_TO_AGGREGATE.has(operation.operationId)) {
          open++
          assert.equal(r.status, 200, `${operation.operationId}: ${r.body}`)
        } else {
          assert.equal(r.status, 403, `${operation.operationId}: ${r.body}`)
          assert.equal(r.json.errors[0].code, 'forbidden')
          assert.match(r.json.errors[0].detail, /aggregate-only/)
        }
      }
      assert.equal(open, OPEN_TO_AGGREGATE.size, 'every listed operation is in the document')
    })

    /** What the employees statistics' and the courses statistics' narrower figures describe, from the records. */
    const unpublished = (): Unpublished => {
      const inA1 = new Set(d.employeesA1.map((e) => e.id as string))
      const since = Date.now() - 90 * 24 * 3600 * 1000
      return {
        karmaScored: d.employeesA1.filter((e) => e.status === 'active' && e.karma !== null).length,
        feedbackGivers: new Set(
          d.all
            .filter(
              (r) =>
                r.type === 'course_feedback' &&
                inA1.has(r.employee_id as string) &&
                Date.parse(r.created_at as string) >= since,
            )
            .map((r) => r.employee_id),
        ).size,
      }
    }
    const STATISTICS = ['employees', 'courses', 'campaigns', 'breaches', 'inbox_tickets'] as const
    /** A point's population: a state's own count (null before anything was kept), a window's the workspace's. */
    const populationOf = (path: (typeof STATISTICS)[number], point: Record<string, unknown>) =>
      path === 'employees'
        ? (point.active as number)
        : path === 'courses'
          ? (point.active_employees as number)
          : 30

    test('a statistic below the minimum group size has every figure null, at and above it each figure judged by whom it describes', async () => {
      for (const path of STATISTICS) {
        const url = `/v1/${path}/statistics?workspace_id=${d.a1}`
        const whole = (await t.request(url, { key: identified })).json
        for (const min of [2, 5, 30])
          assert.deepEqual(
            (await t.request(url, { key: await keyFor(min) })).json,
            { data: aggregateStatistic(path, whole.data, 30, unpublished(), min) },
            `${path} at ${min}`,
          )
        const hidden = (await t.request(url, { key: await keyFor(31) })).json
        const figures = JSON.stringify(hidden.data).match(/:-?\d/g)
        assert.equal(figures, null, `${path} at 31: ${JSON.stringify(hidden)}`)
        assert.deepEqual(Object.keys(hidden.data), Object.keys(whole.data))
        const series = `/v1/${path}/statistics/history?workspace_id=${d.a1}&interval=month`
        const points = (await t.request(series, { key: await keyFor(31) })).json.data as Record<
          string,
          unknown
        >[]
        assert.ok(points.length > 0)
        for (const p of points)
          assert.ok(
            Object.entries(p).every(([k, v]) => ['start', 'end'].includes(k) || typeof v !== 'number'),
            `${path} point ${JSON.stringify(p)}`,
          )
        for (const min of [2, 5, 30]) {
          const shown = (await t.request(series, { key: await keyFor(min) })).json
          const identifiedPoints = (await t.request(series, { key: identified })).json.data as Record<
            string,
            unknown
          >[]
          assert.deepEqual(
            shown.data,
            identifiedPoints.map((p) =>
              aggregateStatistic(path, p, populationOf(path, p) ?? 0, unpublished(), min),
            ),
            `${path} series at ${min}`,
          )
        }
      }
    })

    test('a window statistic is judged by its population with a window too, and in a workspace without data', async () => {
      const windowed = {
        campaigns: 'created_after=2000-01-01T00:00:00Z',
        breaches: 'breached_after=2000-01-01T00:00:00Z',
        inbox_tickets: 'created_after=2000-01-01T00:00:00Z',
      }
      for (const [path, window] of Object.entries(windowed)) {
        const url = `/v1/${path}/statistics?workspace_id=${d.a1}&${window}`
        const whole = (await t.request(url, { key: identified })).json
        const statistic = path as (typeof STATISTICS)[number]
        assert.deepEqual(
          (await t.request(url, { key: await keyFor(30) })).json,
          { data: aggregateStatistic(statistic, whole.data, 30, {}, 30) },
          `${path} at 30`,
        )
        const hidden = (await t.request(url, { key: await keyFor(31) })).json
        assert.equal(JSON.stringify(hidden.data).match(/:-?\d/g), null, `${path} at 31`)
        const nobody = `/v1/${path}/statistics?workspace_id=${d.empty}`
        const none = (await t.request(nobody, { key: await keyFor(2) })).json
        assert.equal(JSON.stringify(none.data).match(/:-?\d/g), null, `${path} without employees`)
        const series = `/v1/${path}/statistics/history?workspace_id=${d.empty}&interval=month`
        const points = (await t.request(series, { key: await keyFor(2) })).json.data as Record<
          string,
          unknown
        >[]
        assert.ok(points.length > 0)
        for (const { start, end, ...figures } of points)
          assert.equal(JSON.stringify(figures).match(/:-?\d/g), null, `${path} series without employees`)
      }
    })

    test("a window statistic's read selects its population beside its answer, the number the engine would read", async () => {
      const db = t.db.handle.db
      const scope = { organizationId: d.orgA.id, workspaceId: null } as KeyScope
      const reads = {
        campaigns: (from: WorkspaceRows, p?: Population) => CAMPAIGN_SQL.statistics(from, {}, p),
        breaches: (from: WorkspaceRows, p?: Population) => BREACH_SQL.statistics(from, {}, p),
        inbox: (from: WorkspaceRows, p?: Population) => INBOX_SQL.statistics(from, {}, p),
      }
      for (const ws of [d.a1, d.empty]) {
        const from = workspaceRows(db, await grantWorkspace(db, scope, ws))
        const population = await EMPLOYEE_POPULATION.now(from)
        assert.equal(population, ws === d.a1 ? 30 : 0)
        for (const [name, read] of Object.entries(reads)) {
          const plain = await read(from)
          assert.ok(!(plain instanceof Counted), `${name}: counted only when asked`)
          const counted = await read(from, EMPLOYEE_POPULATION)
          // Without a statistics row (nothing imported there) the engine reads the population itself.
          if (ws === d.a1 || name === 'inbox') assert.ok(counted instanceof Counted, `${name} in ${ws}`)
          if (counted instanceof Counted) {
            assert.equal(counted.population, population, `${name} in ${ws}`)
            assert.deepEqual(counted.answer, plain, `${name} in ${ws}`)
          }
        }
      }
    })

    test('as_of judges the population kept at that moment', async () => {
      const url = `/v1/employees/statistics?workspace_id=${d.a1}&as_of=2100-01-01T00:00:00Z`
      const whole = (await t.request(url, { key: identified })).json
      assert.equal(whole.data.active, 30)
      assert.deepEqual((await t.request(url, { key: await keyFor(30) })).json, {
        data: aggregateStatistic('employees', whole.data, 30, unpublished(), 30),
      })
      assert.equal((await t.request(url, { key: await keyFor(31) })).json.data.active, null)
    })

    test("a group's karma history point below the minimum has both fields null", async () => {
      const [twelve, six] = d.all.filter((r) => r.type === 'group') as [Rec, Rec]
      const url = (g: Rec) => `/v1/groups/${g.id}/karma_history?workspace_id=${d.a1}`
      const last = async (g: Rec, key: string) => {
        const points = (await t.request(url(g), { key })).json.data as Record<string, unknown>[]
        return points[points.length - 1] as Record<string, unknown>
      }
      const whole = await last(twelve, identified)
      assert.equal(typeof whole.employees_count, 'number')
      const active = new Set(
        d.employeesA1.filter((e) => e.status === 'active' && e.karma !== null).map((e) => e.id),
      )
      const averaged = d.all.filter(
        (r) => r.type === 'group_member' && r.group_id === twelve.id && active.has(r.employee_id),
      ).length
      for (const min of [2, averaged, averaged + 1, whole.employees_count as number])
        assert.deepEqual(
          await last(twelve, await keyFor(min)),
          aggregateGroupPoint(whole, averaged, min),
          `min ${min}`,
        )
      const small = await last(six, await keyFor(whole.employees_count as number))
      assert.equal(small.employees_count, null)
      assert.equal(small.average_karma_score, null)
    })

    const windows = [{}, { after: '2000-01-01T00:00:00.000000Z' }]
    for (const by of BY)
      test(`the breakdown by ${by} merges small cells exactly as the rule says, at limits 1, 7 and 100`, async () => {
        const pseudonymOf = (id: string) => pseudonyms.get(id) as string
        for (const min of [2, 3, 5, 7, 13, 31])
          for (const w of windows) {
            const expected = oracle.aggregateBreakdown(d.all, d.a1, by, min, pseudonymOf, w)
            const url = `/v1/reports/breakdown?workspace_id=${d.a1}&by=${by}${windowQuery(w)}`
            for (const limit of [1, 7, 100]) {
              const { items } = await walk(t, url, await keyFor(min), limit)
              assert.deepEqual(items, expected, `${by}, min ${min}, ${JSON.stringify(w)}, limit ${limit}`)
            }
          }
        const empty = await walk(
          t,
          `/v1/reports/breakdown?workspace_id=${d.empty}&by=${by}`,
          await keyFor(2),
          7,
        )
        assert.deepEqual(empty.items, [])
      })

    test('the crafted cells hold each case of the rule', () => {
      const pseudonymOf = (id: string) => pseudonyms.get(id) as string
      const departments = (min: number) =>
        oracle.aggregateBreakdown(d.all, d.a1, 'department', min, pseudonymOf)
      // Small and Tiny merged with the 6 without one: 10 members.
      assert.deepEqual(
        departments(5).map((r) => [r.key, r.employees_count]),
        [
          ['Big', 14],
          ['Mid', 6],
          [null, 10],
        ],
      )
      // Below 7, Mid (6) joins too: a complementary merge.
      assert.deepEqual(
        departments(7).map((r) => [r.key, r.employees_count]),
        [
          ['Big', 14],
          [null, 16],
        ],
      )
      // 31 > 30 members: one row, nothing shown.
      assert.deepEqual(departments(31), [
        Object.fromEntries(Object.keys(departments(2)[0] ?? {}).map((k) => [k, null])),
      ])
      // Groups overlap (Twelve and Six share 4 members): the merged row counts each member once.
      const groups = oracle.aggregateBreakdown(d.all, d.a1, 'group', 13, pseudonymOf)
      const cells = oracle.breakdown(d.all, d.a1, 'group')
      const merged = cells.filter((r) => !groups.some((g) => g.key !== null && g.key === r.key))
      assert.ok(['Twelve', 'Six', 'Two'].every((name) => merged.some((r) => r.name === name)))
      const parts = merged.reduce((sum, r) => sum + r.employees_count, 0)
      const row = groups.find((r) => r.key === null)
      assert.ok(row && (row.employees_count as number) < parts, `${row?.employees_count} of ${parts}`)
      // Group 2 (20) differs from Group 0 (everyone, 30) by 10 < 13 members: it joins the null row
      // though it is large enough on its own; the null row (everyone) then differs from Group 0 by none.
      assert.deepEqual(
        groups.map((r) => [r.name, r.employees_count]),
        [
          ['Group 0', 30],
          [null, 30],
        ],
      )
      // At 11, Group 1 (10) and the three crafted groups merge; no two rows left differ by 1 to 10.
      assert.ok(oracle.aggregateBreakdown(d.all, d.a1, 'group', 11, pseudonymOf).length >= 2)
      const managers = oracle.aggregateBreakdown(d.all, d.a1, 'manager', 2, pseudonymOf)
      assert.ok(managers.some((r) => r.key !== null && [...pseudonyms.values()].includes(r.key)))
      assert.ok(managers.every((r) => r.name === null))
    })

    test('a cursor of an identified key is refused to an aggregate key, and one of another minimum too', async () => {
      const url = `/v1/reports/breakdown?workspace_id=${d.a1}&by=department&limit=1`
      const cursorOf = async (key: string) =>
        (await t.request(url, { key })).headers['x-next-cursor'] as string
      const fromIdentified = await cursorOf(identified)
      const fromTwo = await cursorOf(await keyFor(2))
      assert.ok(fromIdentified && fromTwo)
      for (const [cursor, key] of [
        [fromIdentified, await keyFor(2)],
        [fromTwo, identified],
        [fromTwo, await keyFor(3)],
      ] as const) {
        const r = await t.request(`${url}&cursor=${encodeURIComponent(cursor)}`, { key })
        assert.equal(r.status, 422, r.body)
        assert.equal(r.json.errors[0].code, 'invalid_cursor')
      }
    })

    test('after rotate-pseudonyms, every manager row has a new key and the cursors issued before are refused', async () => {
      const key = await keyFor(2)
      const url = `/v1/reports/breakdown?workspace_id=${d.a1}&by=manager&limit=1`
      const first = await t.request(url, { key })
      const cursor = first.headers['x-next-cursor'] as string
      assert.ok(cursor)
      await withWriteSession(t.db.handle, (session) => rotatePseudonyms(session, d.orgA.id as string))
      const refused = await t.request(`${url}&cursor=${encodeURIComponent(cursor)}`, { key })
      assert.equal(refused.status, 422, refused.body)
      assert.equal(refused.json.errors[0].code, 'invalid_cursor')
      const rows = await sql<{
        id: string
        pseudonym: string
      }>`select e.id, p.pseudonym from employees e left join employees_pseudonymous p on p.id = e.id`.execute(
        t.db.handle.db,
      )
      const renamed = new Map(rows.rows.map((r) => [r.id, r.pseudonym]))
      const { items } = await walk(t, url.replace('&limit=1', ''), key, 100)
      assert.deepEqual(
        items,
        oracle.aggregateBreakdown(d.all, d.a1, 'manager', 2, (id) => renamed.get(id) as string),
      )
      const before = new Set(pseudonyms.values())
      assert.ok(items.every((r) => r.key === null || !before.has(r.key)))
    })

    test('what a breakdown kept between requests follows an import: moved members, new rows, and the ETag', async () => {
      const key = await keyFor(5)
      const url = `/v1/reports/breakdown?workspace_id=${d.a1}&by=department`
      const before = await t.request(url, { key })
      assert.equal(before.status, 200)
      assert.deepEqual(
        (await walk(t, url, key, 7)).items,
        oracle.aggregateBreakdown(d.all, d.a1, 'department', 5, () => ''),
      )
      // Tiny's one member and two of Big's move to Small (3 + 3 = 6): Small is a row of its own now.
      const big = d.employeesA1.filter((e) => (e.department as { name: string } | null)?.name === 'Big')
      const tiny = d.employeesA1.filter((e) => (e.department as { name: string } | null)?.name === 'Tiny')
      for (const e of [...tiny, ...big.slice(0, 2)]) e.department = { name: 'Small' }
      await importSources(t.db.handle, [source(d.all)])
      const after = await walk(t, url, key, 7)
      const expected = oracle.aggregateBreakdown(d.all, d.a1, 'department', 5, () => '')
      assert.deepEqual(after.items, expected)
      assert.ok(expected.some((r) => r.key === 'Small' && r.employees_count === 6))
      const again = await t.request(url, { key })
      assert.notEqual(again.headers.etag, before.headers.etag)
      const unchanged = await t.request(url, {
        key,
        headers: { 'if-none-match': again.headers.etag as string },
      })
      assert.equal(unchanged.status, 304)
    })
  })
}
