// The disclosure record (CONTRACT 20) against a real server process, on each database: every
// operation of the document asked by an identified and a pseudonymous key records exactly the
// people its answer carried, under their real ids (the oracle: the employee ids, or pseudonyms, the
// body holds), per key and operation; an aggregate key's questions are recorded with their
// parameters and no person; a webhook delivery is recorded for its endpoint, named by its host and
// port; SIGTERM right after a read keeps the record; `awareness disclosures person|key` read it.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { DOCUMENT } from '../helpers/openapi-document.js'
import { get, type ServerProcess, startServer } from '../helpers/processes.js'
import { employee, source } from '../helpers/records.js'
import { routeCases } from '../helpers/routes.js'
import { waitFor } from '../helpers/wait.js'
import { type Receiver, startReceiver } from '../webhooks/receiver.js'

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/** `GET /v1/employees/{employee_id}`, by operationId, from the document. */
const OPERATIONS = new Map(
  Object.entries(DOCUMENT.paths as Record<string, { get: { operationId: string } }>).map(([path, item]) => [
    item.get.operationId,
    `GET ${path}`,
  ]),
)

/** The distinct values of `body` among `known` (a map's keys), each as `known` maps it. */
function found(body: string, known: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>()
  for (const match of body.matchAll(UUIDS)) {
    const id = known.get(match[0])
    if (id !== undefined) out.add(id)
  }
  return out
}

interface Row {
  recipient_kind: string
  recipient_id: string
  recipient_name: string
  privacy: string
  operation: string
  employee_id: string
  answers: number | string
}

for (const { dialect, skip } of DIALECTS) {
  describe(`the disclosure record under a real server process (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let d: ApiDataset
    let server: ServerProcess | undefined
    const keys: Record<'identified' | 'pseudonymous' | 'aggregate', { id: string; key: string }> = {} as never
    const env = () => ({
      DATABASE_URL: db.url,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY: '0s',
    })
    const rows = async (): Promise<Row[]> =>
      (
        await sql<Row>`select recipient_kind, recipient_id, recipient_name, privacy, operation, employee_id, answers
          from disclosures`.execute(db.handle.db)
      ).rows
    /** Every employee id of the dataset, as itself. */
    const employeeIds = () =>
      new Map(d.all.filter((r) => r.type === 'employee').map((r) => [r.id as string, r.id as string]))
    /** Organization A's employees by pseudonym. */
    const byPseudonym = async () =>
      new Map(
        (
          await sql<{ id: string; pseudonym: string }>`select p.id, p.pseudonym from employees_pseudonymous p
            join workspaces w on w.id = p.workspace_id where w.organization_id = ${d.orgA.id as string}`.execute(
            db.handle.db,
          )
        ).rows.map((r) => [r.pseudonym, r.id]),
      )

    before(async () => {
      db = await freshDatabase(dialect)
      d = apiDataset()
      await importSources(db.handle, [source(d.all)])
      const organizationId = d.orgA.id as string
      for (const privacy of ['identified', 'pseudonymous', 'aggregate'] as const) {
        const created = await createKey(db.handle.db, {
          organizationId,
          name: `${privacy} reader`,
          privacy,
          ...(privacy === 'aggregate' ? { minGroupSize: 2 } : {}),
        })
        keys[privacy] = { id: created.id, key: created.key }
      }
    })
    after(async () => {
      await server?.stop()
      await db?.drop()
    })

    test('every operation records whom its answer carried, by real id, per key and operation; aggregate questions with their parameters', async (t) => {
      server = await startServer(env(), t)
      const pseudonyms = await byPseudonym()
      const pseudonymOf = new Map([...pseudonyms].map(([p, id]) => [id, p]))
      /** Per key and operation, each person and the answers that carried them. */
      const expected = new Map<string, Map<string, number>>()
      const expect = (privacy: string, operation: string, people: Set<string>) => {
        const at = `${keys[privacy as 'identified'].id} ${operation}`
        const counts = expected.get(at) ?? new Map<string, number>()
        for (const id of people) counts.set(id, (counts.get(id) ?? 0) + 1)
        if (counts.size > 0) expected.set(at, counts)
      }
      let carrying = 0
      // By manager, a breakdown's rows carry the managers (by department, nobody).
      const byManager = {
        name: 'listReportBreakdown',
        url: `/v1/reports/breakdown?workspace_id=${d.a1}&by=manager`,
        max: 100,
      }
      // The feed in OCSF carries whom its JSON form carries.
      const ocsf = { name: 'listEvents', url: `/v1/events?workspace_id=${d.a1}&format=ocsf`, max: 100 }
      for (const route of [...routeCases(d), byManager, ocsf]) {
        const operation = OPERATIONS.get(route.name) as string
        const headers = (key: string): Record<string, string> => ({
          'x-api-key': key,
          ...(route.max ? { 'x-item-limit': String(route.max) } : {}),
        })
        const identified = await get(`${server.base}${route.url}`, headers(keys.identified.key))
        assert.equal(identified.status, 200, `${route.name}: ${identified.body}`)
        const people = found(identified.body, employeeIds())
        if (people.size > 0) carrying++
        expect('identified', operation, people)
        // A pseudonymous key names an employee of a path by their pseudonym.
        const url = route.url.replace(UUIDS, (id) => pseudonymOf.get(id) ?? id)
        const pseudonymous = await get(`${server.base}${url}`, headers(keys.pseudonymous.key))
        assert.equal(pseudonymous.status, 200, `${route.name}: ${pseudonymous.body}`)
        expect('pseudonymous', operation, found(pseudonymous.body, pseudonyms))
      }
      assert.ok(carrying >= 10, `${carrying} operations carried someone`)
      const statistics = `/v1/employees/statistics?workspace_id=${d.a1}`
      const breakdown = `/v1/reports/breakdown?workspace_id=${d.a1}&by=manager&created_after=2020-01-01T00:00:00Z`
      for (const url of [statistics, statistics, breakdown])
        assert.equal((await get(`${server.base}${url}`, { 'x-api-key': keys.aggregate.key })).status, 200)
      await server.stop()
      server = undefined

      const recorded = new Map<string, Map<string, number>>()
      for (const r of await rows()) {
        assert.equal(r.recipient_kind, 'key')
        assert.notEqual(r.recipient_id, keys.aggregate.id, 'an aggregate key is recorded no person')
        const at = `${r.recipient_id} ${r.operation}`
        recorded.set(at, (recorded.get(at) ?? new Map()).set(r.employee_id, Number(r.answers)))
        const privacy = r.recipient_id === keys.identified.id ? 'identified' : 'pseudonymous'
        assert.equal(r.privacy, privacy)
        assert.equal(r.recipient_name, `${privacy} reader`)
      }
      assert.deepEqual(
        [...recorded].sort().map(([at, counts]) => [at, [...counts].sort()]),
        [...expected].sort().map(([at, counts]) => [at, [...counts].sort()]),
      )
      const questions = (
        await sql<{
          operation: string
          parameters: string
          answers: number | string
        }>`select operation, parameters, answers
          from disclosure_answers where recipient_id = ${keys.aggregate.id} order by operation`.execute(
          db.handle.db,
        )
      ).rows.map((r) => ({ ...r, answers: Number(r.answers), parameters: JSON.parse(r.parameters) }))
      assert.deepEqual(questions, [
        {
          operation: 'GET /v1/employees/statistics',
          parameters: { workspace_id: d.a1 },
          answers: 2,
        },
        {
          operation: 'GET /v1/reports/breakdown',
          parameters: { by: 'manager', created_after: '2020-01-01T00:00:00Z', workspace_id: d.a1 },
          answers: 1,
        },
      ])

      // Read back as a data-protection officer does.
      const someone = [
        ...(expected.get(`${keys.identified.id} GET /v1/employees`)?.keys() ?? []),
      ][0] as string
      const person = await runCli([
        'disclosures',
        'person',
        '--organization',
        d.orgA.id as string,
        someone,
        '--format',
        'json',
        '--database',
        db.url,
      ])
      assert.equal(person.code, 0, person.stderr)
      const received = JSON.parse(person.stdout) as {
        recipient_id: string
        operation: string
        answers: number
      }[]
      const expectedOf = (id: string) =>
        [...expected]
          .filter(([at, counts]) => at.startsWith(`${id} `) && counts.has(someone))
          .map(([at]) => at.slice(id.length + 1))
          .sort()
      for (const key of [keys.identified, keys.pseudonymous])
        assert.deepEqual(
          received
            .filter((r) => r.recipient_id === key.id)
            .map((r) => r.operation)
            .sort(),
          expectedOf(key.id),
        )
      const byKey = await runCli([
        'disclosures',
        'key',
        keys.aggregate.id,
        '--format',
        'csv',
        '--database',
        db.url,
      ])
      assert.equal(byKey.code, 0, byKey.stderr)
      assert.match(byKey.stdout, /^day,operation,persons,answers,parameters\r\n/)
      assert.match(byKey.stdout, /GET \/v1\/employees\/statistics,0,2,"\{""workspace_id"":/)
      // --since keeps the days from that one on; today's rows are all there is.
      const since = async (day: string) =>
        runCli([
          'disclosures',
          'person',
          '--organization',
          d.orgA.id as string,
          someone,
          '--since',
          day,
          '--format',
          'json',
          '--database',
          db.url,
        ])
      const today = new Date().toISOString().slice(0, 10)
      assert.deepEqual(JSON.parse((await since(today)).stdout), received)
      assert.deepEqual(JSON.parse((await since('2999-01-01')).stdout), [])
      const malformed = await since('yesterday')
      assert.equal(malformed.code, 2)
      assert.match(malformed.stderr, /--since/)
      const elsewhere = await runCli([
        'disclosures',
        'person',
        '--organization',
        d.a2,
        someone,
        '--database',
        db.url,
      ])
      assert.equal(elsewhere.code, 1)
      assert.match(elsewhere.stderr, new RegExp(`organization ${d.a2} does not exist`))
      const unknown = await runCli(['disclosures', 'key', d.a2, '--database', db.url])
      assert.equal(unknown.code, 1)
      assert.match(unknown.stderr, new RegExp(`no key or webhook endpoint with the id ${d.a2}`))
    })

    test('SIGTERM right after a read keeps its record', async (t) => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const running = await startServer(env(), t)
      const url = `${running.base}/v1/employees/${d.employeesA1[3]?.id}`
      const answer = await get(url, { 'x-api-key': keys.identified.key })
      assert.equal(answer.status, 200)
      await running.stop()
      const kept = await rows()
      assert.deepEqual(
        kept.map((r) => [r.operation, r.employee_id]).sort(),
        [...found(answer.body, employeeIds())].map((id) => ['GET /v1/employees/{employee_id}', id]).sort(),
      )
    })

    test('a webhook delivery is recorded for its endpoint, named by its host and port, with the people it carried: identified, and pseudonymous in OCSF under the real ids', async (t) => {
      await sql`delete from disclosures`.execute(db.handle.db)
      let secret = ''
      let hiddenSecret = ''
      const receiver: Receiver = await startReceiver(() => secret)
      const hidden: Receiver = await startReceiver(() => hiddenSecret)
      try {
        const settings = { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined }
        const organizationId = d.orgA.id as string
        const endpoint = await createEndpoint(db.handle.db, { organizationId, url: receiver.url }, settings)
        const pseudonymous = await createEndpoint(
          db.handle.db,
          { organizationId, url: hidden.url, format: 'ocsf', privacy: 'pseudonymous' },
          settings,
        )
        secret = endpoint.secret
        hiddenSecret = pseudonymous.secret
        server = await startServer(env(), t)
        const hired = [employee(d.a1), employee(d.a1, { manager: { id: d.employeesA1[0]?.id } })]
        await importSources(db.handle, [source(hired)])
        const known = new Map([
          ...employeeIds(),
          ...hired.map((e) => [e.id as string, e.id as string] as const),
        ])
        const pseudonyms = await byPseudonym()
        const carriedBy = (r: Receiver, people: ReadonlyMap<string, string>) => {
          const carried = new Set<string>()
          for (const delivery of r.received.filter((x) => x.status >= 200 && x.status < 300))
            for (const id of found(delivery.rawBody, people)) carried.add(id)
          return carried
        }
        await waitFor('the hires delivered to both endpoints', () =>
          hired.every(
            (e) =>
              carriedBy(receiver, known).has(e.id as string) &&
              carriedBy(hidden, pseudonyms).has(e.id as string),
          ),
        )
        await server.stop()
        server = undefined
        const port = (r: Receiver) => new URL(r.url).port
        for (const [target, r, people, privacy] of [
          [endpoint, receiver, known, 'identified'],
          [pseudonymous, hidden, pseudonyms, 'pseudonymous'],
        ] as const) {
          const kept = (await rows()).filter((row) => row.recipient_id === target.id)
          assert.deepEqual(new Set(kept.map((row) => row.employee_id)), carriedBy(r, people), privacy)
          for (const row of kept) {
            assert.equal(row.recipient_kind, 'webhook')
            assert.equal(row.operation, 'webhook')
            assert.equal(row.recipient_name, `127.0.0.1:${port(r)}`)
            assert.equal(row.privacy, privacy)
          }
        }
      } finally {
        await server?.stop()
        server = undefined
        await receiver.close()
        await hidden.close()
      }
    })
  })
}
