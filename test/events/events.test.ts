// Events from imports (CONTRACT 14): each type recorded by the import that causes it, its object
// equal to the resource's own GET, previous_attributes exact; none from a re-import or a failed
// import; the feed paged item for item in id order, resumed with after=, 410 past the retention.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { eventIdMillis, newEventId } from '../../src/domain/event-ids.js'
import { ImportRejected, importSources } from '../../src/importer/import.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { compromised, employee, type Rec, smallDataset, source, ts } from '../helpers/records.js'
import { elapse } from '../helpers/wait.js'

type Dataset = ReturnType<typeof smallDataset>

for (const { dialect, skip } of DIALECTS) {
  describe(`events from imports (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: Dataset
    let key: string
    let ws: string
    let seen: any[] = []

    const feed = async (query = '') => {
      const page = await walk(t, `/v1/events?workspace_id=${ws}${query}`, key, 1000)
      return page.items
    }
    /** The events recorded since the last call, checked to follow the ones seen before. */
    const newEvents = async () => {
      const last = seen[seen.length - 1]
      const fresh = await feed(last ? `&after=${last.id}` : '')
      seen = [...seen, ...fresh]
      return fresh
    }
    const ofType = (events: any[], type: string) => events.filter((e) => e.type === type)
    const get = async (url: string) => {
      const response = await t.request(url, { key })
      assert.equal(response.status, 200, response.body)
      return response.json.data
    }
    const employeeGet = (id: string) => get(`/v1/employees/${id}`)
    const listItem = async (url: string, match: (item: any) => boolean) => {
      const items = (await walk(t, url, key)).items.filter(match)
      assert.equal(items.length, 1, url)
      return items[0]
    }
    const run = (records: readonly Rec[], options: { replace?: boolean } = {}) =>
      importSources(t.db.handle, [source(records)], options)

    before(async () => {
      d = smallDataset()
      ws = d.ws.id as string
      t = await testApp(dialect, d.all)
      key = await t.key({ organizationId: d.org.id as string })
    })
    after(async () => t.close())

    test('a first import records a created event per resource, each equal to its GET', async () => {
      const events = await newEvents()
      const count = (type: string) => ofType(events, type).length
      assert.equal(count('employee.created'), 2)
      assert.equal(count('course.created'), 2)
      // Only the report has progress entries; an employee without any is no progress event.
      assert.equal(count('course_progress.updated'), 1)
      assert.equal(count('breach.created'), 1)
      assert.equal(count('compromised_employee.created'), 2)
      assert.equal(events.length, 8)
      for (const e of events) {
        assert.equal(e.workspace_id, ws)
        assert.match(e.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
        assert.ok(eventIdMillis(e.id) !== null, `${e.id} is a UUIDv7`)
      }
      for (const e of ofType(events, 'employee.created')) {
        assert.deepEqual(e.data, { object: await employeeGet(e.data.object.id) })
      }
      for (const e of ofType(events, 'course.created')) {
        const item = await listItem(`/v1/courses?workspace_id=${ws}`, (c) => c.id === e.data.object.id)
        assert.deepEqual(e.data, { object: item })
      }
      const [progress] = ofType(events, 'course_progress.updated')
      assert.deepEqual(progress.data, {
        object: await listItem(
          `/v1/courses/employees_progress?workspace_id=${ws}`,
          (i) => i.employee.id === d.report.id,
        ),
        previous_attributes: { courses_progress: [] },
      })
      const [created] = ofType(events, 'breach.created')
      assert.deepEqual(created.data, {
        object: await listItem(`/v1/breaches?workspace_id=${ws}`, (b) => b.id === d.b1.id),
      })
      for (const e of ofType(events, 'compromised_employee.created')) {
        const { breach, ...item } = e.data.object
        assert.deepEqual(breach, { id: d.b1.id })
        assert.deepEqual(
          item,
          await listItem(
            `/v1/breaches/${d.b1.id}/compromised-employees?workspace_id=${ws}`,
            (c) => c.employee.id === item.employee.id,
          ),
        )
      }
    })

    test('ids increase in the order events were recorded; the feed lists them in that order', async () => {
      const ids = seen.map((e) => e.id)
      assert.deepEqual([...ids].sort(), ids)
      assert.equal(new Set(ids).size, ids.length)
    })

    test('a re-import of the same file records nothing', async () => {
      const summary = await run(d.all)
      assert.equal(summary.changed, false)
      assert.deepEqual(await newEvents(), [])
    })

    test('a failed import records nothing', async () => {
      const bad = { ...d.manager, name: 'Never stored', karma: { score: -1, security_level: 'bad' } }
      await assert.rejects(run([{ ...d.report, name: 'Never' }, bad]), ImportRejected)
      assert.deepEqual(await newEvents(), [])
    })

    test("a manager's rename updates it and each report's manager reference, exactly", async () => {
      const before = await employeeGet(d.report.id as string)
      const managerBefore = await employeeGet(d.manager.id as string)
      const renamed = { ...d.manager, name: 'Grace Hopper' }
      d.manager = renamed
      await run([renamed])
      const events = await newEvents()
      const updates = ofType(events, 'employee.updated')
      assert.equal(updates.length, 2)
      const manager = updates.find((e) => e.data.object.id === d.manager.id)
      assert.deepEqual(manager.data, {
        object: await employeeGet(d.manager.id as string),
        previous_attributes: { name: managerBefore.name },
      })
      const report = updates.find((e) => e.data.object.id === d.report.id)
      assert.deepEqual(report.data, {
        object: await employeeGet(d.report.id as string),
        previous_attributes: { manager: before.manager },
      })
      // The manager's compromised-employee item embeds its reference too.
      const items = ofType(events, 'compromised_employee.updated')
      assert.equal(items.length, 1)
      assert.deepEqual(items[0].data.previous_attributes, {
        employee: managerBefore && { ...items[0].data.object.employee, name: managerBefore.name },
      })
      assert.equal(events.length, 3)
    })

    test('a security level that drops is an employee.updated with the old karma', async () => {
      const lowered = { ...d.report, karma: { score: 120, security_level: 'bad' } }
      d.report = lowered
      await run([lowered])
      const events = await newEvents()
      assert.deepEqual(
        events.map((e) => e.type),
        ['employee.updated'],
      )
      assert.deepEqual(events[0].data.previous_attributes, { karma: { score: 420, security_level: 'good' } })
    })

    test('the last acknowledgement resolves the breach: compromised_employee and breach updates', async () => {
      const breachBefore = await listItem(`/v1/breaches?workspace_id=${ws}`, (b) => b.id === d.b1.id)
      assert.equal(breachBefore.status, 'active')
      const acknowledged = { ...d.x1, acknowledged_at: ts() }
      d.x1 = acknowledged
      await run([acknowledged])
      const events = await newEvents()
      assert.deepEqual(events.map((e) => e.type).sort(), ['breach.updated', 'compromised_employee.updated'])
      const breach = ofType(events, 'breach.updated')[0]
      assert.deepEqual(breach.data, {
        object: await listItem(`/v1/breaches?workspace_id=${ws}`, (b) => b.id === d.b1.id),
        previous_attributes: { status: 'active', acknowledged: breachBefore.acknowledged },
      })
      assert.equal(breach.data.object.status, 'resolved')
      const item = ofType(events, 'compromised_employee.updated')[0]
      assert.deepEqual(item.data.previous_attributes, { acknowledged_at: null })
      assert.equal(item.data.object.acknowledged_at, acknowledged.acknowledged_at as string)
    })

    test('a new employee compromised: created events for both, and the breach updated', async () => {
      const newcomer = employee(ws)
      const hit = compromised(ws, d.b1.id as string, newcomer.id as string)
      await run([newcomer, hit])
      const events = await newEvents()
      assert.deepEqual(events.map((e) => e.type).sort(), [
        'breach.updated',
        'compromised_employee.created',
        'employee.created',
      ])
      const breach = ofType(events, 'breach.updated')[0]
      assert.deepEqual(breach.data.previous_attributes, { status: 'resolved', impacted: 2 })
    })

    test('--replace: what the file drops is deleted, with its last rendering', async () => {
      const reportBefore = await employeeGet(d.report.id as string)
      const progressBefore = await listItem(
        `/v1/courses/employees_progress?workspace_id=${ws}`,
        (i) => i.employee.id === d.manager.id,
      )
      assert.deepEqual(progressBefore.courses_progress, [])
      // The report, its progress, feedback and compromised item, the second course and the newcomer go.
      const kept = [d.org, d.ws, d.manager, d.c1, d.b1, d.x2]
      await run(kept, { replace: true })
      const events = await newEvents()
      const deleted = ofType(events, 'employee.deleted')
      assert.equal(deleted.length, 2)
      assert.deepEqual(deleted.find((e) => e.data.object.id === d.report.id).data, { object: reportBefore })
      assert.equal(ofType(events, 'course.deleted').length, 1)
      assert.equal(ofType(events, 'course.deleted')[0].data.object.id, d.c2.id)
      assert.equal(ofType(events, 'compromised_employee.deleted').length, 2)
      // A deleted employee's progress goes with it: no progress event of its own.
      assert.equal(ofType(events, 'course_progress.updated').length, 0)
      const breach = ofType(events, 'breach.updated')
      assert.equal(breach.length, 1)
      assert.deepEqual(breach[0].data.previous_attributes, {
        status: 'active',
        impacted: 3,
        warned: 2,
        acknowledged: 2,
      })
      // The report was the manager of nobody; the manager's own rendering did not change.
      assert.equal(ofType(events, 'employee.updated').length, 0)
    })

    test('a progress entry added to an existing employee is a course_progress.updated', async () => {
      await run([
        {
          type: 'course_progress',
          employee_id: d.manager.id,
          course_id: d.c1.id,
          status: 'upcoming',
          years: [],
        },
      ])
      const events = await newEvents()
      assert.deepEqual(
        events.map((e) => e.type),
        ['course_progress.updated'],
      )
      assert.deepEqual(events[0].data.previous_attributes, { courses_progress: [] })
      assert.equal(events[0].data.object.courses_progress.length, 1)
    })

    test('a course renamed: course.updated, and a progress update of each employee with an entry of it', async () => {
      const courseBefore = await listItem(`/v1/courses?workspace_id=${ws}`, (c) => c.id === d.c1.id)
      const itemBefore = await listItem(
        `/v1/courses/employees_progress?workspace_id=${ws}`,
        (i) => i.employee.id === d.manager.id,
      )
      d.c1 = { ...d.c1, name: 'Phishing, second edition' }
      await run([d.c1])
      const events = await newEvents()
      assert.deepEqual(events.map((e) => e.type).sort(), ['course.updated', 'course_progress.updated'])
      assert.deepEqual(ofType(events, 'course.updated')[0].data, {
        object: await listItem(`/v1/courses?workspace_id=${ws}`, (c) => c.id === d.c1.id),
        previous_attributes: { name: courseBefore.name },
      })
      assert.deepEqual(ofType(events, 'course_progress.updated')[0].data.previous_attributes, {
        courses_progress: itemBefore.courses_progress,
      })
    })

    test('--replace without a breach deletes it and its compromised employees', async () => {
      const breachBefore = await listItem(`/v1/breaches?workspace_id=${ws}`, (b) => b.id === d.b1.id)
      await run(
        [
          d.org,
          d.ws,
          d.manager,
          d.c1,
          {
            type: 'course_progress',
            employee_id: d.manager.id,
            course_id: d.c1.id,
            status: 'upcoming',
            years: [],
          },
        ],
        { replace: true },
      )
      const events = await newEvents()
      assert.deepEqual(events.map((e) => e.type).sort(), ['breach.deleted', 'compromised_employee.deleted'])
      assert.deepEqual(ofType(events, 'breach.deleted')[0].data, { object: breachBefore })
    })

    test('the feed pages item for item in id order, for any page size, and filters by type', async () => {
      const all = await feed()
      assert.deepEqual(all, seen)
      for (const limit of [1, 2, 3, 7]) {
        const walked = await walk(t, `/v1/events?workspace_id=${ws}`, key, limit)
        assert.deepEqual(walked.items, all, `limit ${limit}`)
      }
      const types = await feed('&type=employee.created,breach.updated')
      assert.deepEqual(
        types,
        all.filter((e) => e.type === 'employee.created' || e.type === 'breach.updated'),
      )
      const repeated = await feed('&type=employee.created&type=breach.updated')
      assert.deepEqual(repeated, types)
      // Resuming from any event gives exactly those after it.
      for (let i = 0; i < all.length; i++) {
        assert.deepEqual(await feed(`&after=${all[i].id}`), all.slice(i + 1))
      }
    })

    test('after= naming no event of the workspace is a 422; one older than the events kept, 410', async () => {
      const unknownRecent = '01ffffff-ffff-7fff-8fff-ffffffffffff'
      const bad = await t.request(`/v1/events?workspace_id=${ws}&after=${unknownRecent}`, { key })
      assert.equal(bad.status, 422)
      assert.equal(bad.json.errors[0].code, 'invalid_parameter')
      assert.deepEqual(bad.json.errors[0].source, { parameter: 'after' })
      const notV7 = await t.request(`/v1/events?workspace_id=${ws}&after=${d.manager.id}`, { key })
      assert.equal(notV7.status, 422)
      // Older than every event kept, yet within the retention (30 days): still a 422.
      const dayAgo = newEventId(Date.now() - 86_400_000)
      assert.equal((await t.request(`/v1/events?workspace_id=${ws}&after=${dayAgo}`, { key })).status, 422)
      const ancient = '00000000-0001-7000-8000-000000000000'
      const expired = await t.request(`/v1/events?workspace_id=${ws}&after=${ancient}`, { key })
      assert.equal(expired.status, 410)
      assert.equal(expired.json.errors[0].code, 'event_expired')
      const malformed = await t.request(`/v1/events?workspace_id=${ws}&after=nope`, { key })
      assert.equal(malformed.status, 422)
    })

    test('events past the retention are pruned: the feed starts later; a position older than the retention answers 410', async () => {
      const { pruneExpired } = await import('../../src/webhooks/worker.js')
      const first = seen[0]
      const etag = (await t.request(`/v1/events?workspace_id=${ws}`, { key })).headers.etag
      // Everything recorded more than a moment ago is past a retention of one millisecond.
      // Where an erasure's deleted event stood (CONTRACT 20) goes with the events of its time.
      const forgotten = newEventId(Date.now())
      await t.db.handle.db
        .insertInto('forgotten_events')
        .values({ id: forgotten, workspace_id: ws, created_at: first.created_at })
        .execute()
      await elapse(5, 'the events become older than the retention')
      const pruned = await pruneExpired(t.db.handle.db, 1)
      assert.ok(pruned >= seen.length + 1)
      const left = await t.db.handle.db.selectFrom('forgotten_events').select('id').execute()
      assert.deepEqual(left, [])
      const emptied = await t.request(`/v1/events?workspace_id=${ws}`, {
        key,
        headers: { 'if-none-match': etag as string },
      })
      assert.equal(emptied.status, 200, 'the first page changed: its ETag did too')
      assert.deepEqual(emptied.json.data, [])
      await run([{ ...d.manager, name: 'After the pruning' }])
      // Within the server's retention (30 days) the position is unknown, not expired: 422; past it, 410.
      const gone = await t.request(`/v1/events?workspace_id=${ws}&after=${first.id}`, { key })
      assert.equal(gone.status, 422, gone.body)
      const retention = t.app.api.eventsRetentionMs
      const expired = await t.request(
        `/v1/events?workspace_id=${ws}&after=${newEventId(Date.now() - retention - 1000)}`,
        { key },
      )
      assert.equal(expired.status, 410, expired.body)
      const now = await t.request(`/v1/events?workspace_id=${ws}`, { key })
      // Its progress item embeds its name too, but an employee's own change is no progress event.
      assert.deepEqual(
        now.json.data.map((e: any) => e.type),
        ['employee.updated'],
      )
    })
  })
}

describe('events of a large import (sqlite)', () => {
  test('a replace that deletes thousands of employees records one deleted event each', async () => {
    const d = smallDataset()
    const many = Array.from({ length: 3000 }, () => employee(d.ws.id as string))
    const t = await testApp('sqlite', [...d.all, ...many])
    try {
      await importSources(t.db.handle, [source([d.org, d.ws])], { replace: true })
      const { rows } = await sql<{ type: string; n: number }>`
        select type, count(*) as n from events where type like '%.deleted' group by type order by type`.execute(
        t.db.handle.db,
      )
      assert.deepEqual(
        rows.map((r) => [r.type, Number(r.n)]),
        [
          ['breach.deleted', 1],
          ['compromised_employee.deleted', 2],
          ['course.deleted', 2],
          ['employee.deleted', 3002],
        ],
      )
    } finally {
      await t.close()
    }
  })
})
