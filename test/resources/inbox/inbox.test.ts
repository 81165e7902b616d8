// What employees reported (CONTRACT 16): every list exact against an oracle computed from the imported
// records, walked item for item at limits 1, 7 and 100 (headers, query and Link), with every filter
// and window edge; the statistics with their rounding; a ticket out of reach answers like an unknown
// one; cursors stay with their list and window; the import's rules refuse a file whole; events follow
// tickets and their reports.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { ImportRejected, importSources } from '../../../src/importer/import.js'
import { servedDataset, type TestApp, testApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { type ApiDataset, unknownId } from '../../helpers/dataset.js'
import { reference } from '../../helpers/oracle.js'
import { employee, organization, type Rec, source, ts, workspace } from '../../helpers/records.js'
import { RUNS, SEED } from '../../helpers/seed.js'
import { alert } from '../slash/records.js'
import * as oracle from './oracle.js'
import { report, ticket } from './records.js'

const LIMITS = [1, 7, 100]

for (const { dialect, skip } of DIALECTS) {
  describe(`inbox (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    const ticketsOf = (workspace: string) =>
      d.all.filter((r) => r.type === 'inbox_ticket' && r.workspace_id === workspace)
    const reportTimes = () =>
      d.all.filter((r) => r.type === 'email_report').map((r) => r.reported_at as string)

    test('GET /v1/inbox_tickets walks equal the tickets, by classification and window, at limits 1, 7 and 100', async () => {
      const times = ticketsOf(d.a1).map((r) => r.created_at as string)
      const filters: (string[] | undefined)[] = [
        undefined,
        ['unreviewed'],
        ['fraudulent'],
        ['safe', 'spam'],
        ['unreviewed', 'fraudulent', 'safe', 'spam'],
      ]
      for (const classification of filters)
        for (const w of oracle.windowsOver(times)) {
          const expected = oracle.tickets(d.all, d.a1, classification, w)
          const query = `${classification === undefined ? '' : `&classification=${classification.join(',')}`}${oracle.windowQuery(w)}`
          for (const limit of LIMITS) {
            const { items } = await walk(t, `/v1/inbox_tickets?workspace_id=${d.a1}${query}`, key, limit)
            assert.deepEqual(items, expected, `${query} limit ${limit}`)
          }
        }
      // The dataset has what the walks must prove: ties, every classification, a ticket without reports.
      const all = oracle.tickets(d.all, d.a1)
      assert.ok(all.some((x) => x.reports_count === 0 && x.first_reported_at === null))
      assert.equal(new Set(all.map((x) => x.fraud_type)).size, 6)
      const second = await walk(t, `/v1/inbox_tickets?workspace_id=${d.a2}`, key, 1)
      assert.deepEqual(second.items, oracle.tickets(d.all, d.a2))
    })

    test('GET /v1/inbox_tickets/{ticket_id}/reports walks equal the reports, at limits 1, 7 and 100', async () => {
      for (const x of [...ticketsOf(d.a1), ...ticketsOf(d.a2)]) {
        const expected = oracle.reports(d.all, x.id as string)
        for (const limit of LIMITS) {
          const url = `/v1/inbox_tickets/${x.id}/reports?workspace_id=${x.workspace_id}`
          const { items } = await walk(t, url, key, limit)
          assert.deepEqual(items, expected, `${x.id} limit ${limit}`)
        }
      }
    })

    test('list_employees_with_email_reports walks equal the reporters, in employees order, for every window', async () => {
      const path = '/v1/inbox_tickets/list_employees_with_email_reports'
      for (const w of oracle.windowsOver(reportTimes())) {
        const expected = oracle.reporters(d.all, d.a1, w)
        for (const limit of LIMITS) {
          const { items } = await walk(t, `${path}?workspace_id=${d.a1}${oracle.windowQuery(w)}`, key, limit)
          assert.deepEqual(items, expected, `${JSON.stringify(w)} limit ${limit}`)
        }
      }
      const all = oracle.reporters(d.all, d.a1)
      assert.ok(all.length > 3)
      // Employees order with ties: some reporters share a creation time.
      const created = all.map((r) => d.all.find((e) => e.id === r.employee.id)?.created_at)
      assert.ok(new Set(created).size < created.length)
    })

    test('statistics equal the oracle for every window; the rates are rounded half up from exact counts', async () => {
      const times = [...reportTimes(), ...ticketsOf(d.a1).map((r) => r.created_at as string)]
      for (const w of oracle.windowsOver(times)) {
        const response = await t.request(
          `/v1/inbox_tickets/statistics?workspace_id=${d.a1}${oracle.windowQuery(w)}`,
          {
            key,
          },
        )
        assert.equal(response.status, 200)
        assert.deepEqual(response.json.data, oracle.statistics(d.all, d.a1, w), JSON.stringify(w))
      }
      const empty = await t.request(`/v1/inbox_tickets/statistics?workspace_id=${d.b1}`, {
        key: await t.key({ organizationId: d.orgB.id as string }),
      })
      assert.deepEqual(empty.json.data, oracle.statistics(d.all, d.b1))
    })

    test('a window whose after is later than its before is a 422 on every windowed operation', async () => {
      for (const path of [
        '/v1/inbox_tickets',
        '/v1/inbox_tickets/list_employees_with_email_reports',
        '/v1/inbox_tickets/statistics',
        '/v1/slash/employees/alert_statistics',
        '/v1/slash/employees/impersonation_statistics',
      ]) {
        const response = await t.request(
          `${path}?workspace_id=${d.a1}&created_after=2026-02-02&created_before=2026-02-01T23:59:59.999999Z`,
          { key },
        )
        assert.equal(response.status, 422, path)
        assert.equal(response.json.errors[0].code, 'invalid_parameter')
        assert.deepEqual(response.json.errors[0].source, { parameter: 'created_after' })
        const same = await t.request(
          `${path}?workspace_id=${d.a1}&created_after=2026-02-02&created_before=2026-02-02`,
          {
            key,
          },
        )
        assert.equal(same.status, 200, path)
      }
      const unknown = await t.request(`/v1/inbox_tickets?workspace_id=${d.a1}&classification=phishing`, {
        key,
      })
      assert.equal(unknown.status, 422)
      assert.match(unknown.json.errors[0].detail, /unreviewed/)
    })

    test("another workspace's or organization's ticket answers like an unknown one", async () => {
      const [a2] = ticketsOf(d.a2)
      const [b1] = ticketsOf(d.b1)
      const bodies = new Set<string>()
      for (const id of [a2?.id, b1?.id, unknownId()]) {
        const response = await t.request(`/v1/inbox_tickets/${id}/reports?workspace_id=${d.a1}`, { key })
        assert.equal(response.status, 404)
        assert.equal(response.json.errors[0].code, 'inbox_ticket_not_found')
        assert.deepEqual(response.json.errors[0].source, { parameter: 'ticket_id' })
        bodies.add(JSON.stringify({ ...response.json, meta: null }))
      }
      assert.equal(bodies.size, 1)
    })

    test('a cursor is refused on another ticket, another window, another classification and another list', async () => {
      const [first, second] = ticketsOf(d.a1).filter((x) => oracle.reports(d.all, x.id as string).length > 1)
      const cursorOf = async (url: string) => {
        const page = await t.request(`${url}&limit=1`, { key })
        const cursor = page.headers['x-next-cursor'] as string
        assert.ok(cursor, url)
        return cursor
      }
      const refused = async (url: string, cursor: string) => {
        const replay = await t.request(`${url}&cursor=${cursor}`, { key })
        assert.equal(replay.status, 422, url)
        assert.equal(replay.json.errors[0].code, 'invalid_cursor')
      }
      const reportsCursor = await cursorOf(`/v1/inbox_tickets/${first?.id}/reports?workspace_id=${d.a1}`)
      await refused(`/v1/inbox_tickets/${second?.id}/reports?workspace_id=${d.a1}`, reportsCursor)
      const reporters = `/v1/inbox_tickets/list_employees_with_email_reports?workspace_id=${d.a1}`
      const windowed = await cursorOf(`${reporters}&created_after=2000-01-01`)
      await refused(`${reporters}&created_after=2000-01-02`, windowed)
      await refused(reporters, windowed)
      await refused(
        `/v1/slash/employees/alert_statistics?workspace_id=${d.a1}&created_after=2000-01-01`,
        windowed,
      )
      const filtered = await cursorOf(`/v1/inbox_tickets?workspace_id=${d.a1}&classification=spam,safe`)
      await refused(`/v1/inbox_tickets?workspace_id=${d.a1}&classification=spam`, filtered)
      // The other spelling of the same list is the same filter.
      const same = await t.request(
        `/v1/inbox_tickets?workspace_id=${d.a1}&classification=spam&classification=safe&cursor=${filtered}`,
        { key },
      )
      assert.equal(same.status, 200)
    })

    test('property: a cursor issued for one list or window is refused on any other', async () => {
      const paths = [
        '/v1/inbox_tickets',
        '/v1/inbox_tickets/list_employees_with_email_reports',
        '/v1/slash/employees/alert_statistics',
        '/v1/slash/employees/impersonation_statistics',
      ]
      const windows = [
        '',
        '&created_after=2000-01-01',
        '&created_before=2100-01-01',
        '&created_after=2000-01-02',
      ]
      const list = fc.record({ path: fc.constantFrom(...paths), window: fc.constantFrom(...windows) })
      await fc.assert(
        fc.asyncProperty(list, list, async (issued, used) => {
          fc.pre(issued.path !== used.path || issued.window !== used.window)
          const page = await t.request(`${issued.path}?workspace_id=${d.a1}${issued.window}&limit=1`, { key })
          const cursor = page.headers['x-next-cursor'] as string
          assert.ok(cursor, issued.path)
          const replay = await t.request(`${used.path}?workspace_id=${d.a1}${used.window}&cursor=${cursor}`, {
            key,
          })
          assert.equal(replay.status, 422)
          assert.equal(replay.json.errors[0].code, 'invalid_cursor')
        }),
        { seed: SEED, numRuns: RUNS },
      )
    })
  })

  describe(`inbox at import (${dialect})`, { skip }, () => {
    let t: TestApp
    let key: string
    let ws: string
    let base: Rec[]
    let employees: Rec[]
    let seen = 0
    const run = (records: readonly Rec[], options: { replace?: boolean; dryRun?: boolean } = {}) =>
      importSources(t.db.handle, [source(records)], options)
    const newEvents = async () => {
      const { items } = await walk(t, `/v1/events?workspace_id=${ws}`, key, 1000, ['headers'])
      const fresh = items.slice(seen)
      seen = items.length
      return fresh.filter((e: any) => e.type.startsWith('inbox_ticket.'))
    }
    before(async () => {
      const org = organization()
      const w = workspace(org.id as string)
      ws = w.id as string
      // Eight active employees, four others: rates over 8 active.
      employees = Array.from({ length: 12 }, (_, i) =>
        employee(ws, { status: i < 8 ? 'active' : 'deactivated' }),
      )
      base = [org, w, ...employees]
      t = await testApp(dialect, base)
      key = await t.key({ organizationId: org.id as string })
      await newEvents()
    })
    after(() => t?.close())

    const statistics = async () =>
      (await t.request(`/v1/inbox_tickets/statistics?workspace_id=${ws}`, { key })).json.data

    test('rates round half up to one decimal from exact counts: 1/8, 1/6, 5/6, and 0 when nobody', async () => {
      assert.deepEqual((await statistics()).reports, {
        total_count: 0,
        reporters_count: 0,
        employee_reporting_rate: 0,
      })
      // One active reporter of eight active employees: 12.5; a deactivated reporter does not count.
      const x = ticket(ws, { classification: 'spam' })
      await run([
        ...base,
        x,
        report(x.id as string, employees[0]?.id as string),
        report(x.id as string, employees[9]?.id as string),
      ])
      assert.deepEqual((await statistics()).reports, {
        total_count: 2,
        reporters_count: 2,
        employee_reporting_rate: 12.5,
      })
      // Six tickets: one safe (16.7), five fraudulent (83.3), of which one per type but other twice.
      const six = [
        ticket(ws, { classification: 'safe' }),
        ...['employee_impersonation', 'partner_payment_fraud', 'scam_extortion', 'other', 'other'].map(
          (fraud_type) => ticket(ws, { classification: 'fraudulent', fraud_type }),
        ),
      ]
      await run([...base, ...six], { replace: true })
      const tickets = (await statistics()).tickets
      assert.deepEqual(tickets, {
        total_count: 6,
        unreviewed_count: 0,
        safe_rate: 16.7,
        spam_rate: 0,
        fraudulent_rate: 83.3,
        fraudulent_distribution: {
          employee_impersonation_rate: 20,
          partner_payment_fraud_rate: 20,
          scam_extortion_rate: 20,
          service_imitation_rate: 0,
          other_rate: 40,
        },
      })
      await newEvents()
    })

    test('events follow a ticket: created, updated by its classification and its reports, deleted by --replace', async () => {
      await run(base, { replace: true })
      await newEvents()
      const x = ticket(ws)
      await run([...base, x])
      let events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => e.type),
        ['inbox_ticket.created'],
      )
      const listed = await t.request(`/v1/inbox_tickets?workspace_id=${ws}`, { key })
      assert.deepEqual(listed.json.data, [events[0].data.object])
      await run([...base, x])
      assert.deepEqual(await newEvents(), [])
      // A report updates it; so does its classification, which moves its reporters' counts.
      const r1 = report(x.id as string, employees[1]?.id as string, {
        reported_at: '2026-03-01T10:00:00.000001Z',
      })
      await run([...base, x, r1])
      events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => [e.type, e.data.previous_attributes]),
        [['inbox_ticket.updated', { reports_count: 0, first_reported_at: null }]],
      )
      const classified = {
        ...x,
        classification: 'fraudulent',
        fraud_type: 'scam_extortion',
        classified_at: ts(),
      }
      await run([...base, classified, r1])
      events = await newEvents()
      assert.equal(events.length, 1)
      assert.deepEqual(Object.keys(events[0].data.previous_attributes).sort(), [
        'classification',
        'classified_at',
        'fraud_type',
      ])
      const reporters = await t.request(
        `/v1/inbox_tickets/list_employees_with_email_reports?workspace_id=${ws}`,
        {
          key,
        },
      )
      assert.deepEqual(reporters.json.data[0].emails_reported_stats, {
        reported_emails_count: 1,
        reported_fraudulent_emails_count: 1,
        reported_safe_emails_count: 0,
        reported_spam_emails_count: 0,
      })
      // A report moved to another ticket updates both.
      const y = ticket(ws)
      await run([...base, classified, y, { ...r1, ticket_id: y.id }])
      events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => [e.type, e.data.object.id, e.data.object.reports_count]).sort(),
        [
          ['inbox_ticket.created', y.id, 1],
          ['inbox_ticket.updated', x.id, 0],
        ].sort(),
      )
      await run([...base, y], { replace: true })
      events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => [e.type, e.data.object.id]).sort(),
        [
          ['inbox_ticket.deleted', x.id],
          ['inbox_ticket.updated', y.id],
        ].sort(),
      )
      const reports = await t.request(`/v1/inbox_tickets/${y.id}/reports?workspace_id=${ws}`, { key })
      assert.deepEqual(reports.json.data, [])
    })

    test('each rule of the records refuses the whole file, and nothing is written', async () => {
      const other = workspace(organization().id as string)
      const stranger = employee(other.id as string)
      const x = ticket(ws)
      const cases: [Rec[], RegExp][] = [
        [
          [ticket(ws, { classification: 'fraudulent', fraud_type: null })],
          /inbox_ticket\.fraud_type: set exactly when/,
        ],
        [
          [ticket(ws, { classification: 'spam', fraud_type: 'other' })],
          /inbox_ticket\.fraud_type: set exactly when/,
        ],
        [[ticket(ws, { classification: null, fraud_type: 'other' })], /inbox_ticket\.fraud_type/],
        [
          [ticket(ws, { classification: 'safe', classified_at: null })],
          /inbox_ticket\.classified_at: null exactly when/,
        ],
        [[ticket(ws, { classification: null, classified_at: ts() })], /inbox_ticket\.classified_at/],
        [[ticket(ws, { classification: 'phishing' })], /classification/],
        [[ticket(unknownId())], /inbox_ticket\.workspace_id: workspace .* does not exist/],
        [
          [report(unknownId(), employees[0]?.id as string)],
          /email_report\.ticket_id: inbox ticket .* does not exist/,
        ],
        [
          [x, report(x.id as string, unknownId())],
          /email_report\.employee_id: employee .* is not in the ticket's workspace/,
        ],
        [
          [other, stranger, x, report(x.id as string, stranger.id as string)],
          /email_report\.employee_id: employee .* is not in the ticket's workspace/,
        ],
        [[x, report(x.id as string, employees[0]?.id as string, { source: 'pigeon' })], /source/],
      ]
      const snapshot = async () =>
        JSON.stringify(
          await Promise.all(
            [
              '/v1/inbox_tickets?limit=100&',
              '/v1/inbox_tickets/statistics?',
              '/v1/inbox_tickets/list_employees_with_email_reports?limit=100&',
              '/v1/events?limit=100&',
            ].map(async (path) => (await t.request(`${path}workspace_id=${ws}`, { key })).json.data),
          ),
        )
      const before = await snapshot()
      for (const [records, message] of cases) {
        await assert.rejects(run([...base, ...records]), (error: unknown) => {
          assert.ok(error instanceof ImportRejected)
          assert.ok(
            error.errors.some((e) => message.test(e.message)),
            JSON.stringify(error.errors),
          )
          return true
        })
        assert.equal(await snapshot(), before, String(message))
      }
      // A dry run checks and writes nothing either.
      await run([...base, x, report(x.id as string, employees[0]?.id as string)], { dryRun: true })
      assert.equal(await snapshot(), before)
    })

    test("the lists and the reporting rate follow an employee's record: renamed and deactivated", async () => {
      const x = ticket(ws, { classification: 'spam' })
      const reporter = employees[2] as Rec
      await run(
        [...base, x, report(x.id as string, reporter.id as string), alert(ws, reporter.id as string)],
        {
          replace: true,
        },
      )
      assert.equal((await statistics()).reports.employee_reporting_rate, 12.5)
      // A file of employees alone: the reporter renamed and deactivated.
      const renamed = { ...reporter, name: 'Renamed Reporter', status: 'deactivated', updated_at: ts() }
      await run(base.map((r) => (r.id === reporter.id ? renamed : r)))
      const employeeOf = async (path: string) =>
        (await t.request(`${path}workspace_id=${ws}`, { key })).json.data.map((item: any) => item.employee)
      for (const path of [
        '/v1/inbox_tickets/list_employees_with_email_reports?',
        `/v1/inbox_tickets/${x.id}/reports?`,
        '/v1/slash/employees/alert_statistics?',
      ])
        assert.deepEqual(await employeeOf(path), [reference(renamed)], path)
      // No active employee reported now: 0 of 7.
      assert.equal((await statistics()).reports.employee_reporting_rate, 0)
      await newEvents()
    })
  })
}
