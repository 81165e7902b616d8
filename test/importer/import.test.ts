// The import's guarantees (CONTRACT 2, 6, 12): exact round trip, any order, upsert by key,
// --replace, derived values kept consistent, all or nothing.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, beforeEach, describe, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { Compile } from 'typebox/compile'
import { type ImportProgress, ImportRejected, importSources } from '../../src/importer/import.js'
import { Breach, CompromisedEmployee } from '../../src/resources/breaches/schema.js'
import { Course } from '../../src/resources/courses/schema.js'
import { Employee } from '../../src/resources/employees/schema.js'
import { RECORDS } from '../../src/resources/index.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import * as oracle from '../helpers/oracle.js'
import {
  breach,
  compromised,
  course,
  employee,
  feedback,
  ndjson,
  progress,
  type Rec,
  smallDataset,
  source,
  ts,
} from '../helpers/records.js'
import { count, snapshot } from '../helpers/snapshot.js'

const validEmployee = Compile(Employee)
const validCourse = Compile(Course)
const validBreach = Compile(Breach)
const validCompromised = Compile(CompromisedEmployee)

/** The employees as the API serves them (the stored JSON), each holding its manager's current reference. */
async function renderedEmployees(db: TestDatabase): Promise<Map<string, Rec>> {
  const { rows } = await sql<{ id: string; json: string; manager: string | null }>`
    select e.id, e.json, m.ref_json as manager
    from employees e left join employees m on m.id = e.manager_id`.execute(db.handle.db)
  for (const r of rows) {
    const json = JSON.parse(r.json) as Rec
    assert.deepEqual(
      json.manager,
      r.manager === null ? null : JSON.parse(r.manager),
      'the stored JSON is current',
    )
    // The reference sits in the text exactly as the manager's own reference is stored.
    if (r.manager !== null) assert.ok(r.json.includes(`,"manager":${r.manager},"workspace":`), r.json)
  }
  return new Map(rows.map((r) => [r.id, JSON.parse(r.json)]))
}

/** What the API should show for an imported employee record. */
function expectedEmployee(record: Rec, manager: Rec | null): Rec {
  const { type: _type, ...rest } = record
  const addresses = record.email_addresses as { address: string; is_primary: boolean }[]
  return {
    ...rest,
    primary_email_address: addresses.find((a) => a.is_primary)?.address ?? null,
    manager:
      manager === null
        ? null
        : {
            id: manager.id,
            name: manager.name,
            primary_email_address:
              (manager.email_addresses as { address: string; is_primary: boolean }[]).find(
                (a) => a.is_primary,
              )?.address ?? null,
            username: manager.username,
          },
  }
}

/** The data generation (advanced by every import that changes stored data). */
async function dataGeneration(db: TestDatabase): Promise<string | undefined> {
  const row = await db.handle.db
    .selectFrom('service_state')
    .select('value')
    .where('name', '=', 'data_generation')
    .executeTakeFirst()
  return row?.value
}

async function breachRow(db: TestDatabase, workspaceId: string, breachId: string) {
  return db.handle.db
    .selectFrom('breaches')
    .select(['impacted', 'warned', 'acknowledged', 'status', 'json'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', breachId)
    .executeTakeFirstOrThrow()
}

async function statistics(db: TestDatabase, workspaceId: string) {
  return db.handle.db
    .selectFrom('workspace_statistics')
    .select(['active_employees', 'covered_employees', 'average_courses_completed'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
}

for (const { dialect, skip } of DIALECTS) {
  describe(`import (${dialect})`, { skip }, () => {
    let db: TestDatabase
    beforeEach(async () => {
      await db?.drop()
      db = await freshDatabase(dialect)
    })
    after(() => db?.drop())

    test('employees come back exactly as imported, microseconds included', async () => {
      const d = smallDataset()
      d.report.created_at = '2024-01-13T10:00:00.123456Z'
      d.report.updated_at = '2024-01-13T10:00:00.000001Z'
      await importSources(db.handle, [source(d.all)])
      const employees = await renderedEmployees(db)
      for (const json of employees.values()) assert.ok(validEmployee.Check(json), JSON.stringify(json))
      assert.deepEqual(employees.get(d.report.id as string), expectedEmployee(d.report, d.manager))
      assert.deepEqual(employees.get(d.manager.id as string), expectedEmployee(d.manager, null))
      assert.equal((employees.get(d.report.id as string) as Rec).created_at, '2024-01-13T10:00:00.123456Z')
    })

    test('text with tabs, newlines, backslashes, a literal \\N and unicode survives exactly', async () => {
      const d = smallDataset()
      const tricky = 'Tab\there\nnew line\r\\back\\slash \\N "quoted" ünïcødé 🔐'
      d.report.name = tricky
      d.report.job_title = '\\N'
      await importSources(db.handle, [source(d.all)])
      const json = (await renderedEmployees(db)).get(d.report.id as string) as Rec
      assert.equal(json.name, tricky)
      assert.equal(json.job_title, '\\N')
      assert.deepEqual(json, expectedEmployee(d.report, d.manager))
    })

    test('timestamps with fewer fractional digits are stored in the six-digit form', async () => {
      const d = smallDataset()
      d.report.created_at = '2024-01-13T10:00:00Z'
      d.report.updated_at = '2024-01-13T10:00:00.5Z'
      await importSources(db.handle, [source(d.all)])
      const json = (await renderedEmployees(db)).get(d.report.id as string) as Rec
      assert.equal(json.created_at, '2024-01-13T10:00:00.000000Z')
      assert.equal(json.updated_at, '2024-01-13T10:00:00.500000Z')
    })

    test('upper-case ids are stored in lower case', async () => {
      const d = smallDataset()
      const upper = (d.report.id as string).toUpperCase()
      const p1 = { ...d.p1, employee_id: upper }
      await importSources(db.handle, [
        source(d.all.map((r) => (r === d.p1 ? p1 : r === d.report ? { ...d.report, id: upper } : r))),
      ])
      assert.ok((await renderedEmployees(db)).has((d.report.id as string).toLowerCase()))
    })

    test('courses, breaches and compromised employees render valid JSON', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(d.all)])
      const courses = await db.handle.db.selectFrom('courses').select('json').execute()
      for (const c of courses) assert.ok(validCourse.Check(JSON.parse(c.json)))
      const breaches = await db.handle.db.selectFrom('breaches').select('json').execute()
      for (const b of breaches) assert.ok(validBreach.Check(JSON.parse(b.json as string)))
      const { rows } = await sql<{ json: string }>`select '{"employee":' || e.ref_json || c.json_tail as json
        from compromised_employees c join employees e on e.id = c.employee_id`.execute(db.handle.db)
      assert.equal(rows.length, 2)
      for (const r of rows) assert.ok(validCompromised.Check(JSON.parse(r.json)), r.json)
      const { type: _t, workspace_id: _w, ...courseFields } = d.c1
      assert.deepEqual(
        courses.map((c) => JSON.parse(c.json)).find((c) => c.id === d.c1.id),
        courseFields,
      )
    })

    test('records may come in any order', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source([...d.all].reverse())])
      assert.equal(await count(db.handle, 'employees'), 2)
      assert.equal(await count(db.handle, 'compromised_employees'), 2)
    })

    test('records of the same types split over several files are all imported, references across files', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      const newcomer = employee(wsId, { manager: { id: d.manager.id } })
      const entry = progress(newcomer.id as string, d.c1.id as string)
      const summary = await importSources(db.handle, [
        source(d.all, 'first.ndjson'),
        // At the lines the first file's employees and entries are on (3 and 7).
        source(['', '', newcomer, '', '', '', entry], 'second.ndjson'),
      ])
      assert.equal(summary.written.employee, 3)
      assert.equal(summary.written.course_progress, 3)
      const employees = await renderedEmployees(db)
      assert.deepEqual(employees.get(newcomer.id as string), expectedEmployee(newcomer, d.manager))
      assert.deepEqual(employees.get(d.report.id as string), expectedEmployee(d.report, d.manager))
      assert.equal(await count(db.handle, 'employee_progress'), 3)
    })

    test('references may resolve in the database', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(d.all)])
      const newcomer = employee(d.ws.id as string, { manager: { id: d.manager.id } })
      const summary = await importSources(db.handle, [
        source([newcomer, progress(newcomer.id as string, d.c1.id as string)]),
      ])
      assert.equal(summary.written.employee, 1)
      assert.equal(summary.written.course_progress, 1)
    })

    test('a long file is streamed with progress while it is read: every record staged, phases in order', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      // Over 25,000 lines in 777-byte chunks: far more than the reader keeps in flight at once.
      const records = [...d.all, ...Array.from({ length: 30_000 }, () => employee(wsId))]
      const events: ImportProgress[] = []
      const summary = await importSources(db.handle, [source(records, 'long.ndjson')], {
        onProgress: (p) => events.push(p),
      })
      assert.equal(summary.records.employee, 30_002)
      assert.equal(await count(db.handle, 'employees'), 30_002)
      const reading = events.filter((e) => e.phase === 'reading')
      assert.ok(reading.length >= 2, 'progress is reported before the end of the file')
      assert.ok(
        reading.every(
          (e, i) => e.source === 'long.ndjson' && (i === 0 || e.lines > (reading[i - 1]?.lines ?? 0)),
        ),
      )
      assert.ok((reading[0]?.lines ?? 0) < records.length)
      assert.equal(reading.at(-1)?.lines, records.length)
      // The share of the source read grows to all of it.
      const size = reading[0]?.size as number
      assert.ok(size > 0 && reading.every((e) => e.size === size))
      assert.ok(reading.every((e, i) => i === 0 || e.bytes >= (reading[i - 1]?.bytes ?? 0)))
      assert.ok((reading[0]?.bytes ?? 0) < size)
      assert.equal(reading.at(-1)?.bytes, size)
      // Then each phase as it starts, the writing ones by name.
      assert.deepEqual(
        events.slice(reading.length).map((e) => (e.step ? `${e.phase}: ${e.step}` : e.phase)),
        [
          'checking',
          'writing: compare',
          'writing: renderings before',
          'writing: merge',
          'writing: derive',
          'writing: progress items',
          'writing: events',
          'writing: commit',
        ],
      )
    })

    test('gzip input is read transparently', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(gzipSync(ndjson(d.all)))])
      assert.equal(await count(db.handle, 'employees'), 2)
    })

    test('a damaged gzip stream is refused and nothing is written', async () => {
      const d = smallDataset()
      const gz = gzipSync(ndjson(d.all))
      const error = await importSources(db.handle, [source(gz.subarray(0, gz.length - 20))]).catch(
        (e: unknown) => e,
      )
      assert.ok(error instanceof ImportRejected)
      assert.match(error.errors[0]?.message ?? '', /gzip/)
      assert.equal(await count(db.handle, 'organizations'), 0)
    })

    test('a file with one bad record writes nothing at all', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(d.all)])
      const before = await snapshot(db.handle)
      const changed = { ...d.report, name: 'Renamed' }
      const error = await importSources(db.handle, [
        source([changed, employee(d.ws.id as string, { status: 'nope' })]),
      ]).catch((e: unknown) => e)
      assert.ok(error instanceof ImportRejected)
      assert.deepEqual(await snapshot(db.handle), before)
    })

    test('importing the same file twice changes nothing', async () => {
      const d = smallDataset()
      const first = await importSources(db.handle, [source(d.all)])
      assert.equal(first.changed, true)
      const before = await snapshot(db.handle)
      const second = await importSources(db.handle, [source(d.all)])
      assert.equal(second.changed, false)
      assert.deepEqual(second.written, Object.fromEntries(RECORDS.map((r) => [r.type, 0])))
      assert.deepEqual(await snapshot(db.handle), before)
    })

    test('two imports at once queue: the second sees what the first wrote', async () => {
      // The first import into empty tables writes with plain inserts (no upsert), so a second one
      // must not write in between. The first is held half way through its file; the second starts
      // then, and must wait for the first to commit, then find every record stored.
      const d = smallDataset()
      const text = ndjson(d.all)
      const half = text.indexOf('\n', text.length / 2) + 1
      let release: () => void = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      let reading: () => void = () => {}
      const begun = new Promise<void>((resolve) => (reading = resolve))
      const held = {
        name: 'held',
        async *read() {
          yield Buffer.from(text.slice(0, half))
          reading()
          await gate
          yield Buffer.from(text.slice(half))
        },
      }
      const first = importSources(db.handle, [held])
      await begun
      // Released once the second has read its file (it was not held back), or after a while (it was).
      let read: () => void = () => {}
      const secondRead = new Promise<void>((resolve) => (read = resolve))
      const second = importSources(db.handle, [source(d.all)], {
        onProgress: (p) => p.phase !== 'reading' && read(),
      })
      await Promise.race([secondRead, new Promise((resolve) => setTimeout(resolve, 3000))])
      release()
      const [a, b] = await Promise.all([first, second])
      assert.equal(a.changed, true, 'the first import wrote the file')
      assert.equal(b.changed, false, 'the second found it stored')
      assert.equal(await dataGeneration(db), '1')
      assert.equal((await renderedEmployees(db)).size, 2)
    })

    test('an upsert changes the stored row and the data generation', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(d.all)])
      const g1 = await dataGeneration(db)
      const summary = await importSources(db.handle, [source([{ ...d.manager, name: 'New Name' }])])
      assert.equal(summary.written.employee, 1)
      assert.notEqual(await dataGeneration(db), g1)
      const report = (await renderedEmployees(db)).get(d.report.id as string) as Rec
      assert.equal(
        (report.manager as Rec).name,
        'New Name',
        "a manager's new name shows in the reports' JSON",
      )
    })

    test("a manager's new reference replaces the old one in its reports, whatever their text holds", async () => {
      // Text that looks like the markers around the manager's slot, quotes, backslashes and unicode:
      // the slot is still found, and an unchanged record still compares as unchanged.
      const tricky = ',"manager":null,"workspace":{"id":"x"} \\" \\\\ \u2028 é 😀'
      const d = smallDataset()
      const report: Rec = { ...d.report, name: tricky, job_title: `${tricky}!`, username: '"manager":' }
      const peer = employee(d.ws.id as string, { name: ',"workspace":', manager: { id: d.manager.id } })
      const first = [...d.all.filter((r) => r !== d.report), report, peer]
      await importSources(db.handle, [source(first)])
      const manager = { ...d.manager, name: `${tricky} (renamed)`, username: ',"manager":' }
      const summary = await importSources(db.handle, [
        source([...first.filter((r) => r !== d.manager), manager]),
      ])
      assert.equal(summary.written.employee, 1, 'only the manager changed')
      const employees = await renderedEmployees(db)
      assert.deepEqual(employees.get(report.id as string), expectedEmployee(report, manager))
      assert.deepEqual(employees.get(peer.id as string), expectedEmployee(peer, manager))
      // The report's own change is seen around the slot, and its manager's reference kept.
      const changed = { ...report, job_title: 'Analyst' }
      const again = await importSources(db.handle, [source([changed])])
      assert.equal(again.written.employee, 1)
      assert.deepEqual(
        (await renderedEmployees(db)).get(report.id as string),
        expectedEmployee(changed, manager),
      )
      const unchanged = await importSources(db.handle, [source([changed, manager, peer])])
      assert.equal(unchanged.changed, false)
    })

    test('breach counts and status are derived per workspace and follow every import', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      const bId = d.b1.id as string
      await importSources(db.handle, [source(d.all)])
      assert.deepEqual(
        { ...(await breachRow(db, wsId, bId)), json: undefined },
        { impacted: 2, warned: 2, acknowledged: 1, status: 'active', json: undefined },
      )
      // The report acknowledges: every compromised employee has, so the breach is resolved.
      await importSources(db.handle, [source([{ ...d.x1, acknowledged_at: ts() }])])
      const resolved = await breachRow(db, wsId, bId)
      assert.equal(resolved.status, 'resolved')
      assert.equal(resolved.acknowledged, 2)
      const json = JSON.parse(resolved.json as string)
      assert.equal(json.status, 'resolved')
      assert.equal(json.acknowledged, 2)
    })

    test('the same breach in two workspaces has counts of its own in each', async () => {
      const d = smallDataset()
      const other = { ...d.ws, id: randomUUID(), name: 'Other' }
      const stranger = employee(other.id as string)
      const sameBreach = breach(other.id as string, { id: d.b1.id })
      await importSources(db.handle, [
        source([
          ...d.all,
          other,
          stranger,
          sameBreach,
          compromised(other.id as string, d.b1.id as string, stranger.id as string),
        ]),
      ])
      const here = await breachRow(db, d.ws.id as string, d.b1.id as string)
      const there = await breachRow(db, other.id as string, d.b1.id as string)
      assert.equal(here.impacted, 2)
      assert.equal(there.impacted, 1)
      assert.equal(there.warned, 0)
    })

    test('a breach with no compromised employee is resolved with zero counts', async () => {
      const d = smallDataset()
      const lonely = breach(d.ws.id as string)
      await importSources(db.handle, [source([...d.all, lonely])])
      assert.deepEqual(
        { ...(await breachRow(db, d.ws.id as string, lonely.id as string)), json: undefined },
        { impacted: 0, warned: 0, acknowledged: 0, status: 'resolved', json: undefined },
      )
    })

    test('statistics count active employees, covered ones, and completions rounded half up', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      // Three active employees: the report has 1 completed entry, a third has 2, the manager none;
      // an inactive one's completions do not count. Mean = 3 / 3 = 1.
      const third = employee(wsId)
      const gone = employee(wsId, { status: 'deactivated' })
      await importSources(db.handle, [
        source([
          ...d.all,
          third,
          gone,
          progress(third.id as string, d.c1.id as string),
          progress(third.id as string, d.c2.id as string),
          progress(gone.id as string, d.c1.id as string),
        ]),
      ])
      assert.deepEqual(await statistics(db, wsId), {
        active_employees: 3,
        covered_employees: 2,
        average_courses_completed: 1,
      })
      // A fourth active employee with 3 completions: 6 / 4 = 1.5, rounded half up to 2.
      const fourth = employee(wsId)
      const c3 = course(wsId)
      await importSources(db.handle, [
        source([
          fourth,
          c3,
          progress(fourth.id as string, d.c1.id as string),
          progress(fourth.id as string, d.c2.id as string),
          progress(fourth.id as string, c3.id as string),
        ]),
      ])
      assert.deepEqual(await statistics(db, wsId), {
        active_employees: 4,
        covered_employees: 3,
        average_courses_completed: 2,
      })
    })

    test('a re-import whose only change is one progress entry moves the statistics, and writes that entry alone', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      await importSources(db.handle, [source(d.all)])
      assert.deepEqual(await statistics(db, wsId), {
        active_employees: 2,
        covered_employees: 1,
        average_courses_completed: 1,
      })
      // The report's one completion becomes a miss; every other record is as stored.
      const missed = { ...d.p1, status: 'missed', years: [] }
      const summary = await importSources(db.handle, [source(d.all.map((r) => (r === d.p1 ? missed : r)))])
      assert.deepEqual(
        Object.entries(summary.written).filter(([, n]) => n > 0),
        [['course_progress', 1]],
      )
      assert.deepEqual(await statistics(db, wsId), {
        active_employees: 2,
        covered_employees: 1,
        average_courses_completed: 0,
      })
    })

    test('--replace deletes exactly what the file no longer holds, and recomputes derived values', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      const extra = employee(wsId)
      const extraCourse = course(wsId)
      const extraBreach = breach(wsId)
      await importSources(db.handle, [
        source([
          ...d.all,
          extra,
          extraCourse,
          extraBreach,
          progress(extra.id as string, extraCourse.id as string),
          feedback(extra.id as string, extraCourse.id as string),
          compromised(wsId, extraBreach.id as string, extra.id as string),
        ]),
      ])
      // An untouched second workspace must keep everything.
      const other = { ...d.ws, id: randomUUID(), name: 'Untouched' }
      const bystander = employee(other.id as string)
      await importSources(db.handle, [source([other, bystander])])

      // The new truth for the first workspace: without the extras, without the manager's compromise.
      const truth = [d.org, d.ws, d.manager, d.report, d.c1, d.c2, d.p1, d.f1, d.b1, d.x1]
      const summary = await importSources(db.handle, [source(truth)], { replace: true })
      assert.deepEqual(summary.deleted, {
        ...Object.fromEntries(RECORDS.map((r) => [r.type, 0])),
        employee: 1,
        course: 1,
        course_progress: 2,
        course_feedback: 1,
        breach: 1,
        compromised_employee: 2,
      })
      assert.equal(await count(db.handle, 'employees'), 3)
      const ids = (await db.handle.db.selectFrom('employees').select('id').execute()).map((r) => r.id).sort()
      assert.deepEqual(ids, [d.manager.id, d.report.id, bystander.id].sort())
      const b = await breachRow(db, wsId, d.b1.id as string)
      assert.deepEqual([b.impacted, b.warned, b.acknowledged, b.status], [1, 1, 0, 'active'])
      assert.deepEqual(await statistics(db, wsId), {
        active_employees: 2,
        covered_employees: 1,
        average_courses_completed: 1,
      })
      // Replacing with the same file again changes nothing.
      const again = await importSources(db.handle, [source(truth)], { replace: true })
      assert.equal(again.changed, false)
    })

    test('--replace refuses references to rows it would delete', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(d.all)])
      // The file names the workspace but leaves out the manager its report still points to.
      const truth = [d.ws, d.report]
      const error = await importSources(db.handle, [source(truth)], { replace: true }).catch(
        (e: unknown) => e,
      )
      assert.ok(error instanceof ImportRejected)
      assert.match(error.errors[0]?.message ?? '', /manager: employee .* is not in the employee's workspace/)
    })

    test('stored progress items follow every import: renamed and reordered courses, changed entries and employees, --replace', async () => {
      const d = smallDataset()
      const wsId = d.ws.id as string
      const storedItems = async () =>
        (
          await db.handle.db
            .selectFrom('employee_progress')
            .select('json')
            .where('workspace_id', '=', wsId)
            .orderBy('created_at', 'desc')
            .orderBy('employee_id', 'desc')
            .execute()
        ).map((r) => JSON.parse(r.json))
      const extra = employee(wsId)
      const c3 = course(wsId, { name: 'Wi-Fi', slug: 'wifi' })
      const p3 = progress(d.manager.id as string, c3.id as string)
      let all = [...d.all, extra, c3, p3]
      await importSources(db.handle, [source(all)])
      assert.deepEqual(await storedItems(), oracle.progress(all, wsId), 'after the first import')

      // Each change alone rewrites every item embedding it: a renamed course, a course moved to the
      // front of the course order, then a changed entry, then a renamed employee.
      const steps: Rec[] = [
        { ...c3, name: 'Wi-Fi 2' },
        { ...d.c1, created_at: ts(60_000) },
        {
          ...d.p2,
          status: 'missed',
          years: [{ year: 1, status: 'missed', due_at: ts(), completed_at: null }],
        },
        { ...d.report, name: 'Renamed Report' },
      ]
      for (const change of steps) {
        const same = (r: Rec) =>
          r.type === change.type &&
          r.id === change.id &&
          r.employee_id === change.employee_id &&
          r.course_id === change.course_id
        all = all.map((r) => (same(r) ? change : r))
        const before = JSON.stringify(await storedItems())
        await importSources(db.handle, [source([change])])
        const items = await storedItems()
        assert.notEqual(JSON.stringify(items), before, `${change.type} changed an item`)
        assert.deepEqual(items, oracle.progress(all, wsId), `after a changed ${change.type}`)
      }

      // --replace without an entry, an employee and a course (with its entry).
      all = all.filter((r) => r !== d.p2 && r !== extra && r !== c3 && r !== p3)
      await importSources(db.handle, [source(all)], { replace: true })
      assert.deepEqual(await storedItems(), oracle.progress(all, wsId), 'after --replace')
      assert.equal(await count(db.handle, 'employee_progress'), 2)
    })

    test('a manually assigned course keeps years: []', async () => {
      const d = smallDataset()
      await importSources(db.handle, [source(d.all)])
      const row = await db.handle.db
        .selectFrom('course_progress')
        .select('json_tail')
        .where('employee_id', '=', d.report.id as string)
        .where('course_id', '=', d.c2.id as string)
        .executeTakeFirstOrThrow()
      assert.equal(row.json_tail, ',"status":null,"years":[],"quiz_score":null}')
    })
  })
}
