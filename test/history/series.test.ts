// CONTRACT 17, the series: every history twin exact against an oracle computed from a sequence of
// imports with --as-of (two in one day, months without any, employees arriving and leaving, karma
// becoming null, group members changing, feedback entering and leaving the 90-day window), on each
// database: every point's start and end (months, ISO weeks from a Wednesday to a Sunday, days around
// a snapshot), the "before end" edge, the defaults, the 422s, the 404s and the ETag.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../src/importer/import.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { statistics as courseStatistics } from '../helpers/oracle.js'
import {
  breach,
  compromised,
  course,
  employee,
  feedback,
  organization,
  progress,
  type Rec,
  source,
  workspace,
} from '../helpers/records.js'
import { lastMicrosecond, periods } from '../helpers/series.js'
import { breachStatistics } from '../resources/breaches/oracle.js'
import { statistics as campaignStatistics } from '../resources/campaigns/oracle.js'
import { attack, attackEvent, campaign } from '../resources/campaigns/records.js'
import { averageKarma, employeeStatistics } from '../resources/employees/oracle.js'
import { group, groupMember } from '../resources/groups/records.js'
import { statistics as inboxStatistics } from '../resources/inbox/oracle.js'
import { report, ticket } from '../resources/inbox/records.js'

const canonical = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000Z`

// The moments imported, oldest first: two on one day, none in February.
const I1 = '2026-01-10T08:00:00.000000Z'
const I2 = '2026-01-20T00:00:00.000000Z'
const I3 = '2026-03-04T12:00:00.000000Z'
const I4 = '2026-03-04T18:30:00.000001Z'

for (const { dialect, skip } of DIALECTS) {
  describe(`the history twins (${dialect})`, { skip }, () => {
    let t: TestApp
    let key: string
    const org = organization()
    const ws = workspace(org.id as string)
    const w = ws.id as string
    const karma = (score: number) => ({ score, security_level: score >= 500 ? 'great' : 'ok' })
    const e1 = employee(w, { karma: karma(400) })
    const e2 = employee(w, { karma: karma(600) })
    const e3 = employee(w, { status: 'deactivated', karma: karma(100) })
    const e4 = employee(w, { karma: karma(900) })
    const c1 = course(w)
    const g = group(w)
    const camp = campaign(w)
    const at = (iso: string) => iso
    // Times of the window data: inside months, on a period's first and last microsecond.
    const times = [
      at('2026-01-05T10:00:00.123456Z'),
      at('2026-01-14T00:00:00.000000Z'),
      at('2026-01-31T23:59:59.999999Z'),
      at('2026-02-01T00:00:00.000000Z'),
      at('2026-02-15T12:00:00.500000Z'),
      at('2026-03-04T23:59:59.999999Z'),
    ]
    const windowed: Rec[] = [camp]
    times.forEach((time, i) => {
      const who = [e1, e2, e3][i % 3] as Rec
      const events = i % 2 === 0 ? [attackEvent('email_opened'), attackEvent('employee_tricked')] : []
      windowed.push(attack(camp.id as string, who.id as string, { created_at: time, events }))
      const b = breach(w, { last_breached_at: time })
      windowed.push(b, compromised(w, b.id as string, who.id as string, { warned_at: i % 2 ? time : null }))
      const tk = ticket(w, { created_at: time, classification: ['spam', 'safe', null][i % 3] })
      windowed.push(tk, report(tk.id as string, who.id as string, { reported_at: time }))
    })
    const base = [org, ws, e1, e2, e3, c1, progress(e1.id as string, c1.id as string), g, ...windowed]
    // Feedback that leaves the 90-day window between I2 and I3, and feedback that enters it.
    const leaving = feedback(e1.id as string, c1.id as string, {
      created_at: '2025-11-20T00:00:00.000000Z',
      sentiment: 'negative',
    })
    const entering = feedback(e2.id as string, c1.id as string, {
      created_at: '2026-03-01T00:00:00.000000Z',
      sentiment: 'positive',
    })
    const file1 = [...base, leaving, groupMember(g.id as string, e1.id as string)]
    const file2 = [
      ...file1.map((r) => (r === e1 ? { ...e1, karma: karma(450) } : r)),
      e4,
      groupMember(g.id as string, e4.id as string),
    ]
    // e4 leaves; e2's karma becomes null; e1 keeps 450; the feedback of March 1 arrives.
    const file3 = [
      ...file2
        .filter((r) => r !== e4 && r.employee_id !== e4.id)
        .map((r) => (r === e2 ? { ...e2, karma: null } : r)),
      groupMember(g.id as string, e2.id as string),
      entering,
    ]
    const file4 = file3.map((r) => (r === e3 ? { ...e3, status: 'active' } : r))
    const moments = [
      { asOf: I1, all: file1 },
      { asOf: I2, all: file2 },
      { asOf: I3, all: file3 },
      { asOf: I4, all: file4 },
    ]
    const latest = file4

    /** The last moment whose as_of is before `end`. */
    const keptBefore = (end: string) => moments.filter((m) => m.asOf < end).at(-1)

    const series = async (path: string, query = '', k = key) =>
      t.request(`${path}?workspace_id=${w}${query}`, { key: k })

    before(async () => {
      t = await testApp(dialect)
      for (const [i, m] of moments.entries())
        await importSources(t.db.handle, [source(m.all)], { asOf: m.asOf, replace: i > 0 })
      key = await t.key({ organizationId: org.id as string })
    })
    after(() => t?.close())

    const stateCases = [
      { interval: 'month', from: '2025-12-15', to: '2026-04-01' },
      { interval: 'week', from: '2026-01-14', to: '2026-01-25' },
      { interval: 'day', from: '2026-01-19', to: '2026-01-21' },
      { interval: 'day', from: '2026-03-03', to: '2026-03-05T00:00:00.000000Z' },
    ] as const

    const nulls = (fields: object) => Object.fromEntries(Object.keys(fields).map((k) => [k, null]))

    test('employees and courses statistics: each point is the last snapshot before its end', async () => {
      const employeeFields = employeeStatistics(file1, w)
      const courseAt = (m: { asOf: string; all: Rec[] }) =>
        courseStatistics(
          m.all.filter((r) => r.type !== 'course_feedback' || (r.created_at as string) <= m.asOf),
          w,
          Date.parse(m.asOf),
        )
      for (const c of stateCases) {
        const query = `&interval=${c.interval}&from=${c.from}&to=${c.to}`
        const expected = periods(c.interval, c.from, c.to)
        const employees = await series('/v1/employees/statistics/history', query)
        assert.equal(employees.status, 200, employees.body)
        assert.deepEqual(
          employees.json.data,
          expected.map((p) => {
            const m = keptBefore(p.end)
            return { ...p, ...(m ? employeeStatistics(m.all, w) : nulls(employeeFields)) }
          }),
          query,
        )
        const courses = await series('/v1/courses/statistics/history', query)
        assert.deepEqual(
          courses.json.data,
          expected.map((p) => {
            const m = keptBefore(p.end)
            return { ...p, ...(m ? courseAt(m) : nulls(courseAt(moments[0] as (typeof moments)[0]))) }
          }),
          query,
        )
      }
      // The edges, written out: ISO weeks from Monday; a snapshot at a day's first instant is not before it.
      const weeks = await series(
        '/v1/employees/statistics/history',
        '&interval=week&from=2026-01-14&to=2026-01-25',
      )
      assert.deepEqual(
        weeks.json.data.map((p: Rec) => [p.start, p.end, p.total]),
        [
          ['2026-01-12T00:00:00.000000Z', '2026-01-19T00:00:00.000000Z', 3],
          ['2026-01-19T00:00:00.000000Z', '2026-01-26T00:00:00.000000Z', 4],
        ],
      )
      const days = await series(
        '/v1/employees/statistics/history',
        '&interval=day&from=2026-01-19&to=2026-01-20',
      )
      assert.deepEqual(
        days.json.data.map((p: Rec) => [p.start, p.total]),
        [
          ['2026-01-19T00:00:00.000000Z', 3],
          ['2026-01-20T00:00:00.000000Z', 4],
        ],
      )
      // Feedback leaves the window between I2 and I3, and enters it by I3.
      const months = await series('/v1/courses/statistics/history', '&from=2026-01-01&to=2026-03-31')
      assert.deepEqual(
        months.json.data.map((p: Rec) => [p.negative_feedbacks, p.positive_feedbacks]),
        [
          [1, 0],
          [1, 0],
          [0, 1],
        ],
      )
    })

    test('defaults: 12 monthly points, the last holding now', async () => {
      const r = await series('/v1/employees/statistics/history')
      assert.equal(r.status, 200)
      const now = new Date()
      const expected = periods(
        'month',
        canonical(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)),
        canonical(now.getTime()),
      )
      assert.equal(r.json.data.length, 12)
      assert.deepEqual(
        r.json.data.map((p: Rec) => [p.start, p.end]),
        expected.map((p) => [p.start, p.end]),
      )
      assert.deepEqual(r.json.data.at(-1), { ...expected.at(-1), ...employeeStatistics(latest, w) })
      // `from` alone: up to the period holding now.
      const since = await series('/v1/employees/statistics/history', `&from=${expected.at(-3)?.start}`)
      assert.deepEqual(
        since.json.data.map((p: Rec) => p.start),
        expected.slice(-3).map((p) => p.start),
      )
      // `to` alone: the 12 periods up to the one holding it.
      const to = await series('/v1/employees/statistics/history', '&interval=week&to=2026-01-25')
      assert.equal(to.json.data.length, 12)
      assert.equal(to.json.data.at(-1).start, '2026-01-19T00:00:00.000000Z')
      assert.equal(to.json.data[0].start, '2025-11-03T00:00:00.000000Z')
    })

    test("an employee's karma and a group's figures, point by point", async () => {
      const query = '&interval=day&from=2026-01-09&to=2026-03-05'
      const expected = periods('day', '2026-01-09', '2026-03-05')
      for (const e of [e1, e2, e3]) {
        const r = await t.request(`/v1/employees/${e.id}/karma_history?workspace_id=${w}${query}`, { key })
        assert.equal(r.status, 200, r.body)
        assert.deepEqual(
          r.json.data,
          expected.map((p) => {
            const found = keptBefore(p.end)?.all.find((x) => x.id === e.id && x.type === 'employee')
            const k = (found?.karma ?? null) as { score: number; security_level: string } | null
            return { ...p, score: k?.score ?? null, security_level: k?.security_level ?? null }
          }),
        )
      }
      // e2's karma became null at I3.
      const e2History = await t.request(
        `/v1/employees/${e2.id}/karma_history?workspace_id=${w}&interval=month&from=2026-01-01&to=2026-03-01`,
        { key },
      )
      assert.deepEqual(
        e2History.json.data.map((p: Rec) => p.score),
        [600, 600, null],
      )
      const members = (all: Rec[]) => {
        const ids = new Set(
          all.filter((r) => r.type === 'group_member' && r.group_id === g.id).map((r) => r.employee_id),
        )
        return {
          employees_count: ids.size,
          average_karma_score: averageKarma(all.filter((r) => r.type === 'employee' && ids.has(r.id))),
        }
      }
      const groupSeries = await t.request(`/v1/groups/${g.id}/karma_history?workspace_id=${w}${query}`, {
        key,
      })
      assert.equal(groupSeries.status, 200, groupSeries.body)
      assert.deepEqual(
        groupSeries.json.data,
        expected.map((p) => {
          const m = keptBefore(p.end)
          return { ...p, ...(m ? members(m.all) : { employees_count: null, average_karma_score: null }) }
        }),
      )
    })

    test('campaigns, breaches and reported emails: each point is the statistic over its period', async () => {
      const cases = [
        { interval: 'month', from: '2025-12-01', to: '2026-04-30' },
        { interval: 'week', from: '2026-01-01', to: '2026-03-08' },
        { interval: 'day', from: '2026-01-30', to: '2026-02-02' },
        { interval: 'day', from: '2026-03-04', to: '2026-03-04' },
      ] as const
      for (const c of cases) {
        const query = `&interval=${c.interval}&from=${c.from}&to=${c.to}`
        const expected = periods(c.interval, c.from, c.to)
        const windows = expected.map((p) => ({ after: p.start, before: lastMicrosecond(p.end) }))
        const campaigns = await series('/v1/campaigns/statistics/history', query)
        assert.equal(campaigns.status, 200, campaigns.body)
        assert.deepEqual(
          campaigns.json.data,
          expected.map((p, i) => ({ ...p, ...campaignStatistics(latest, w, windows[i]) })),
          query,
        )
        const breaches = await series('/v1/breaches/statistics/history', query)
        assert.deepEqual(
          breaches.json.data,
          expected.map((p, i) => ({ ...p, ...breachStatistics(latest, w, windows[i]) })),
          query,
        )
        const inbox = await series('/v1/inbox_tickets/statistics/history', query)
        assert.deepEqual(
          inbox.json.data,
          expected.map((p, i) => ({ ...p, ...inboxStatistics(latest, w, windows[i]) })),
          query,
        )
      }
      // The first and last microsecond of a month count in it, not in its neighbours.
      const months = await series('/v1/breaches/statistics/history', '&from=2026-01-01&to=2026-03-01')
      assert.deepEqual(
        months.json.data.map((p: Rec) => p.breaches_count),
        [3, 2, 1],
      )
    })

    test('422: interval, from after to, more than 1,000 points, and any other parameter', async () => {
      const problem = async (path: string, query: string, parameter: string) => {
        const r = await series(path, query)
        assert.equal(r.status, 422, `${path}${query}: ${r.body}`)
        assert.equal(r.json.errors[0].code, 'invalid_parameter')
        assert.deepEqual(r.json.errors[0].source, { parameter }, query)
      }
      const path = '/v1/employees/statistics/history'
      await problem(path, '&interval=year', 'interval')
      await problem(path, '&interval=Month', 'interval')
      await problem(path, '&from=2026-02-01&to=2026-01-31', 'from')
      await problem(path, '&from=2026-13-01', 'from')
      await problem(path, '&interval=day&from=2023-01-01&to=2026-01-01', 'from')
      await problem(path, '&as_of=2026-01-01', 'as_of')
      await problem('/v1/campaigns/statistics/history', '&created_after=2026-01-01', 'created_after')
      await problem('/v1/campaigns/statistics/history', `&campaign_id=${camp.id}`, 'campaign_id')
      await problem('/v1/breaches/statistics/history', '&breached_before=2026-01-01', 'breached_before')
      await problem('/v1/inbox_tickets/statistics/history', '&limit=10', 'limit')
      // The paging headers too: a series is not paged.
      for (const [header, value] of [
        ['x-item-limit', '10'],
        ['x-next-cursor', 'abc'],
      ] as const) {
        for (const url of [`${path}?workspace_id=${w}`, `/v1/campaigns/statistics?workspace_id=${w}`]) {
          const r = await t.request(url, { key, headers: { [header]: value } })
          assert.equal(r.status, 422, `${url} ${header}: ${r.body}`)
          assert.deepEqual(r.json.errors[0].source, { header }, header)
        }
      }
      // 1,000 points answer; 1,001 do not.
      const most = await series(path, '&interval=day&from=2024-04-07&to=2027-01-01')
      assert.equal(most.status, 200, most.body)
      assert.equal(most.json.data.length, 1000)
      await problem(path, '&interval=day&from=2024-04-06&to=2027-01-01', 'from')
      // A window twin computes each point with its statistic: a long series is a state twin's.
      const weeks = await series(path, '&interval=week&from=2010-01-01&to=2026-01-01')
      assert.equal(weeks.status, 200)
      assert.equal(weeks.json.data.length, 836)
    })

    test("404: an unknown employee or group, and another organization's, alike; ETag and 304", async () => {
      const other = organization()
      const otherWs = workspace(other.id as string)
      const stranger = employee(otherWs.id as string)
      const strangerGroup = group(otherWs.id as string)
      await importSources(t.db.handle, [source([other, otherWs, stranger, strangerGroup])], { asOf: I4 })
      const notFound = async (path: string, code: string) => {
        const r = await t.request(`${path}?workspace_id=${w}`, { key })
        assert.equal(r.status, 404, path)
        assert.equal(r.json.errors[0].code, code)
        return r.json.errors
      }
      const unknown = '00000000-0000-4000-8000-000000000000'
      assert.deepEqual(
        await notFound(`/v1/employees/${stranger.id}/karma_history`, 'employee_not_found'),
        await notFound(`/v1/employees/${unknown}/karma_history`, 'employee_not_found'),
      )
      assert.deepEqual(
        await notFound(`/v1/groups/${strangerGroup.id}/karma_history`, 'group_not_found'),
        await notFound(`/v1/groups/${unknown}/karma_history`, 'group_not_found'),
      )
      // An employee deleted by an import is unknown, and its history gone with it.
      await notFound(`/v1/employees/${e4.id}/karma_history`, 'employee_not_found')
      // The other organization's key sees none of this workspace.
      const foreign = await t.key({ organizationId: other.id as string })
      const r = await series('/v1/employees/statistics/history', '', foreign)
      assert.equal(r.status, 404)
      assert.equal(r.json.errors[0].code, 'workspace_not_found')

      const first = await series('/v1/campaigns/statistics/history', '&from=2026-01-01&to=2026-03-31')
      const etag = first.headers.etag as string
      assert.ok(etag)
      const again = await t.request(
        `/v1/campaigns/statistics/history?workspace_id=${w}&from=2026-01-01&to=2026-03-31`,
        {
          key,
          headers: { 'if-none-match': etag },
        },
      )
      assert.equal(again.status, 304)
    })
  })
}
