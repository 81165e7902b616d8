// Every record is validated as strictly as a response (CONTRACT 12); each error names its line.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { ImportRejected, importSources, MAX_REPORTED_ERRORS } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import {
  breach,
  compromised,
  course,
  employee,
  feedback,
  organization,
  progress,
  type Rec,
  smallDataset,
  source,
  ts,
  workspace,
} from '../helpers/records.js'
import { snapshot } from '../helpers/snapshot.js'
import { ticket } from '../resources/inbox/records.js'

async function rejection(
  db: TestDatabase,
  lines: (Rec | string)[],
  replace = false,
): Promise<ImportRejected> {
  const before = await snapshot(db.handle)
  const error = await importSources(db.handle, [source(lines)], { replace }).then(
    () => assert.fail('the import should have been refused'),
    (e: unknown) => e,
  )
  assert.ok(error instanceof ImportRejected, String(error))
  assert.deepEqual(await snapshot(db.handle), before, 'a refused import writes nothing')
  return error
}

function expectError(error: ImportRejected, line: number, pattern: RegExp) {
  assert.ok(
    error.errors.some((e) => e.line === line && pattern.test(e.message)),
    `expected line ${line} ${pattern}, got ${JSON.stringify(error.errors)}`,
  )
}

for (const { dialect, skip } of DIALECTS) {
  describe(`import validation (${dialect})`, { skip }, () => {
    let db: TestDatabase
    before(async () => {
      db = await freshDatabase(dialect)
    })
    after(() => db?.drop())

    const base = () => {
      const org = organization()
      const ws = workspace(org.id as string)
      return { org, ws, wsId: ws.id as string }
    }

    test('a line that is not JSON is reported with its number', async () => {
      const { org, ws } = base()
      const error = await rejection(db, [org, ws, '{"type": "employee", oops}'])
      expectError(error, 3, /not valid JSON/)
    })

    test('a JSON value that is not an object is refused', async () => {
      const error = await rejection(db, ['[1,2,3]'])
      expectError(error, 1, /must be a JSON object/)
    })

    test('an unknown record type is refused and the allowed types are listed', async () => {
      const error = await rejection(db, [{ type: 'spaceship', id: randomUUID() }])
      expectError(error, 1, /unknown record type "spaceship".*organization, workspace, employee/)
    })

    test('a record without a type is refused', async () => {
      const error = await rejection(db, [{ id: randomUUID() }])
      expectError(error, 1, /missing field "type"/)
    })

    test('an unknown field is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, employee(wsId, { shoe_size: 44 })])
      expectError(error, 3, /unknown field "shoe_size"/)
    })

    test('a missing field is refused', async () => {
      const { org, ws, wsId } = base()
      const e = employee(wsId)
      delete e.timezone
      const error = await rejection(db, [org, ws, e])
      expectError(error, 3, /missing field "timezone"/)
    })

    test('a bad enum value is refused with the allowed values', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, employee(wsId, { status: 'retired' })])
      expectError(error, 3, /employee\.status: must be one of active, deactivated, pending, unlicensed/)
    })

    test("a nullable enum's refusal names null apart", async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, ticket(wsId, { classification: 'maybe' })])
      expectError(error, 3, /inbox_ticket\.classification: must be one of safe, spam, fraudulent, or null$/)
    })

    test('a bad nested enum is refused with its path', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, { karma: { score: 1, security_level: 'meh' } }),
      ])
      expectError(error, 3, /employee\.karma\.security_level: must be one of dangerous/)
    })

    test('a bad UUID is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, employee(wsId, { id: 'not-a-uuid' })])
      expectError(error, 3, /employee\.id: must be a UUID/)
    })

    test('a timestamp without the UTC Z is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, { created_at: '2024-01-13T10:00:00+02:00' }),
      ])
      expectError(error, 3, /employee\.created_at: must be a UTC date-time/)
    })

    test('an impossible date is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, { created_at: '2023-02-29T10:00:00.000000Z' }),
      ])
      expectError(error, 3, /not a real UTC date-time/)
    })

    test('a negative karma score and a non-integer duration are refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, { karma: { score: -1, security_level: 'ok' } }),
        course(wsId, { duration: 1.5 }),
      ])
      expectError(error, 3, /karma\.score/)
      expectError(error, 4, /duration/)
    })

    test('an unknown time zone is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, employee(wsId, { timezone: 'Mars/Olympus_Mons' })])
      expectError(error, 3, /not a time-zone name/)
    })

    test('two primary addresses are refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, {
          email_addresses: [
            { address: 'a@example.com', is_primary: true, source: 'okta' },
            { address: 'b@example.com', is_primary: true, source: 'google' },
          ],
        }),
      ])
      expectError(error, 3, /at most one address may be primary/)
    })

    test('a primary_email_address that contradicts email_addresses is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, { primary_email_address: 'other@example.com' }),
      ])
      expectError(error, 3, /must equal the primary entry/)
    })

    test('a lower-case country code is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, employee(wsId, { country_code: 'de' })])
      expectError(error, 3, /ISO 3166-1 alpha-2/)
    })

    test('a progress entry with the same year twice is refused', async () => {
      const d = smallDataset()
      const due = ts()
      const error = await rejection(db, [
        ...d.all,
        progress(d.manager.id as string, d.c1.id as string, {
          years: [
            { year: 1, status: 'missed', due_at: due, completed_at: null },
            { year: 1, status: 'completed', due_at: due, completed_at: due },
          ],
        }),
      ])
      expectError(error, d.all.length + 1, /year 1 appears twice/)
    })

    test('a workspace of an unknown organization is refused', async () => {
      const error = await rejection(db, [workspace(randomUUID())])
      expectError(error, 1, /organization .* does not exist/)
    })

    test('an employee of an unknown workspace is refused', async () => {
      const error = await rejection(db, [employee(randomUUID())])
      expectError(error, 1, /employee\.workspace: workspace .* does not exist/)
    })

    test('an unknown manager is refused', async () => {
      const { org, ws, wsId } = base()
      const error = await rejection(db, [org, ws, employee(wsId, { manager: { id: randomUUID() } })])
      expectError(error, 3, /employee\.manager: employee .* is not in the employee's workspace/)
    })

    test('a manager from another workspace is refused', async () => {
      const { org, ws, wsId } = base()
      const other = workspace(org.id as string)
      const manager = employee(other.id as string)
      const error = await rejection(db, [
        org,
        ws,
        other,
        manager,
        employee(wsId, { manager: { id: manager.id } }),
      ])
      expectError(error, 5, /employee\.manager: employee .* is not in the employee's workspace/)
    })

    test('an employee managing itself is refused', async () => {
      const { org, ws, wsId } = base()
      const id = randomUUID()
      const error = await rejection(db, [org, ws, employee(wsId, { id, manager: { id } })])
      expectError(error, 3, /cannot manage itself/)
    })

    test('a reporting line that loops is refused', async () => {
      const { org, ws, wsId } = base()
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
      const error = await rejection(db, [
        org,
        ws,
        employee(wsId, { id: a, manager: { id: c } }),
        employee(wsId, { id: b, manager: { id: a } }),
        employee(wsId, { id: c, manager: { id: b } }),
      ])
      assert.ok(error.errors.some((e) => /cycle/.test(e.message) && e.line >= 3 && e.line <= 5))
    })

    test('a course of another workspace in a progress entry is refused', async () => {
      const { org, ws, wsId } = base()
      const other = workspace(org.id as string)
      const e = employee(wsId)
      const c = course(other.id as string)
      const error = await rejection(db, [org, ws, other, e, c, progress(e.id as string, c.id as string)])
      expectError(error, 6, /course .* does not exist in the employee's workspace/)
    })

    test('feedback from an unknown employee is refused', async () => {
      const { org, ws, wsId } = base()
      const c = course(wsId)
      const error = await rejection(db, [org, ws, c, feedback(randomUUID(), c.id as string)])
      expectError(error, 4, /course_feedback\.employee_id: employee .* does not exist/)
    })

    test('a compromised employee of an unknown breach, of another workspace or unknown, is refused', async () => {
      const { org, ws, wsId } = base()
      const other = workspace(org.id as string)
      const stranger = employee(other.id as string)
      const b = breach(wsId)
      const error = await rejection(db, [
        org,
        ws,
        other,
        stranger,
        b,
        compromised(wsId, randomUUID(), stranger.id as string),
        compromised(wsId, b.id as string, stranger.id as string),
        compromised(wsId, b.id as string, randomUUID()),
      ])
      expectError(error, 6, /breach .* does not exist in this workspace/)
      expectError(error, 7, /compromised_employee\.employee_id: employee .* is not in this workspace/)
      expectError(error, 8, /compromised_employee\.employee_id: employee .* is not in this workspace/)
    })

    test('a duplicate key in one file is refused with both lines', async () => {
      const { org, ws, wsId } = base()
      const e = employee(wsId)
      const error = await rejection(db, [org, ws, e, employee(wsId), { ...e, name: 'Again' }])
      expectError(error, 5, /duplicate employee .* \(first at line 3\)/)
    })

    test('the same course id in two workspaces is not a duplicate', async () => {
      const { org, ws, wsId } = base()
      const other = workspace(org.id as string)
      const id = randomUUID()
      const summary = await importSources(db.handle, [
        source([
          org,
          ws,
          other,
          course(wsId, { id }),
          course(other.id as string, { id, name: 'Other name' }),
        ]),
      ])
      assert.equal(summary.written.course, 2)
    })

    test('moving an employee to another workspace is refused', async () => {
      const { org, ws, wsId } = base()
      const other = workspace(org.id as string)
      const e = employee(wsId)
      await importSources(db.handle, [source([org, ws, other, e])])
      const error = await rejection(db, [{ ...e, workspace: { id: other.id } }])
      expectError(
        error,
        1,
        /^employee: its id is already used outside this workspace; moving an employee to another workspace is not supported$/,
      )
    })

    test('feedback whose employee is in another workspace, or organization, than its stored row is refused', async () => {
      const { org, ws, wsId } = base()
      const other = workspace(org.id as string)
      const stranger = organization()
      const strangerWs = workspace(stranger.id as string)
      const c = course(wsId)
      const e = employee(wsId)
      const f = feedback(e.id as string, c.id as string)
      await importSources(db.handle, [source([org, ws, other, c, e, f])])
      // The same feedback id, under an employee of another workspace of the organization.
      const movedC = course(other.id as string, { id: c.id })
      const movedE = employee(other.id as string)
      let error = await rejection(db, [movedC, movedE, { ...f, employee_id: movedE.id }])
      expectError(error, 3, /moving feedback to another workspace is not supported/)
      // And under another organization's: its file must not take over this organization's row.
      const theirs = course(strangerWs.id as string, { id: c.id })
      const theirE = employee(strangerWs.id as string)
      error = await rejection(db, [stranger, strangerWs, theirs, theirE, { ...f, employee_id: theirE.id }])
      expectError(error, 5, /moving feedback to another workspace is not supported/)
    })

    test('only the first 100 errors are reported', async () => {
      const lines = Array.from({ length: 250 }, () => 'nope')
      const error = await rejection(db, lines)
      assert.equal(error.errors.length, MAX_REPORTED_ERRORS)
      assert.equal(error.truncated, true)
      assert.deepEqual(
        error.errors.map((e) => e.line),
        Array.from({ length: 100 }, (_, i) => i + 1),
      )
    })

    test('errors from several files name their file and the line within it', async () => {
      const { org, ws, wsId } = base()
      const error = await importSources(db.handle, [
        source([org, ws], 'first.ndjson'),
        source([employee(wsId), employee(wsId, { status: 'bogus' })], 'second.ndjson'),
      ]).catch((e: unknown) => e)
      assert.ok(error instanceof ImportRejected)
      assert.deepEqual(
        error.errors.map((e) => [e.source, e.line]),
        [['second.ndjson', 2]],
      )
    })

    test('a reference error in a second file names that file and line', async () => {
      const { org, ws } = base()
      const error = await importSources(db.handle, [
        source([org, ws], 'first.ndjson'),
        source(['', employee(randomUUID())], 'second.ndjson'),
      ]).catch((e: unknown) => e)
      assert.ok(error instanceof ImportRejected)
      assert.deepEqual(
        error.errors.map((e) => [e.source, e.line]),
        [['second.ndjson', 2]],
      )
    })

    test('a line longer than the limit and invalid UTF-8 are reported, not held', async () => {
      const { org, ws } = base()
      const long = `{"type":"organization","id":"${'x'.repeat(2 * 1024 * 1024)}"}`
      const bad = Buffer.concat([
        Buffer.from('{"type":"organization","id":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}\n'),
      ])
      const text = Buffer.concat([
        Buffer.from(`${JSON.stringify(org)}\n${long}\n`),
        bad,
        Buffer.from(`${JSON.stringify(ws)}\n`),
      ])
      const error = await importSources(db.handle, [source(text)]).catch((e: unknown) => e)
      assert.ok(error instanceof ImportRejected)
      expectError(error, 2, /longer than/)
      expectError(error, 3, /not valid UTF-8/)
    })
  })
}
