// A list's compiled SQL is kept per shape and reused with each request's own values (paging/keyset.ts):
// the values must never leak from one request into another, and a builder that uses a value other
// than as a parameter must be refused before it can serve a wrong page.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type RawBuilder, sql } from 'kysely'
import { grantWorkspace, type KeyScope, type WorkspaceGrant } from '../../src/access.js'
import { importSources } from '../../src/importer/import.js'
import { type ListDefinition, readPage } from '../../src/paging/keyset.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { employee, organization, source, workspace } from '../helpers/records.js'

type Values = {
  status: string[] | undefined
  minKarma: number | undefined
  newest: boolean
}

let lists = 0
/** A list over employees with every kind of value: a scalar, a list, an optional number, a boolean. */
function employeesList(name = `test-${++lists}`): ListDefinition<Values> {
  return {
    name,
    rows: (from, v) =>
      from
        .selectFrom('employees as e')
        .select([sql<string>`'"' || e.id || '"'`.as('json'), 'e.created_at as sort_at', 'e.id as sort_id'])
        .$if(v.status !== undefined, (q) => q.where('e.status', 'in', v.status as string[]))
        .$if(v.minKarma !== undefined, (q) => q.where('e.karma_score', '>=', v.minKarma as number))
        .$if(!v.newest, (q) => q.where('e.karma_score', 'is not', null)),
    at: 'e.created_at',
    id: 'e.id',
  }
}

/** Long items, not ASCII, with a quote: their JSON string's tail, as SQL. */
const FILLER = `é✓ "${'x'.repeat(3000)}`
const FILLER_SQL = sql.lit(JSON.stringify(FILLER).slice(1))

/** The employees list with items as `json` writes them (of the given statuses, when given). */
function listOf(json: RawBuilder<string>): ListDefinition<Values> {
  return {
    ...employeesList(),
    rows: (from, v) =>
      from
        .selectFrom('employees as e')
        .select([json.as('json'), 'e.created_at as sort_at', 'e.id as sort_id'])
        .$if(v.status !== undefined, (q) => q.where('e.status', 'in', v.status as string[])),
  }
}

/** The ids on a page, sorted; the document must be the API's `{"data":[…]}`. */
const ids = (page: { document: Uint8Array | string }) => {
  const text = typeof page.document === 'string' ? page.document : Buffer.from(page.document).toString('utf8')
  return (JSON.parse(text) as { data: string[] }).data.sort()
}

for (const { dialect, skip } of DIALECTS) {
  describe(`list shapes (${dialect})`, { skip }, () => {
    let db: TestDatabase
    const org = organization()
    const [w1, w2] = [workspace(org.id as string), workspace(org.id as string)]
    const people = {
      w1Active: employee(w1.id as string, {
        status: 'active',
        karma: { score: 100, security_level: 'bad' },
      }),
      w1Inactive: employee(w1.id as string, {
        status: 'deactivated',
        karma: { score: 900, security_level: 'excellent' },
      }),
      w2Active: employee(w2.id as string, {
        status: 'active',
        karma: { score: 500, security_level: 'good' },
      }),
      w2Inactive: employee(w2.id as string, {
        status: 'deactivated',
        karma: { score: 700, security_level: 'good' },
      }),
    }
    // Each workspace as the access check grants it to the organization's key.
    const grants = new Map<string, WorkspaceGrant>()
    const grant = (workspaceId: string): WorkspaceGrant => {
      const granted = grants.get(workspaceId)
      assert.ok(granted, 'a workspace of the test')
      return granted
    }
    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source([org, w1, w2, ...Object.values(people)])])
      const key = { organizationId: org.id as string, workspaceId: null } as KeyScope
      for (const w of [w1, w2])
        grants.set(w.id as string, await grantWorkspace(db.handle.db, key, w.id as string))
    })
    after(() => db?.drop())

    test('one shape, learnt once, answers each request with its own values', async () => {
      const list = employeesList()
      const page = (workspaceId: string, status: string[], minKarma: number) =>
        readPage(db.handle.db, grant(workspaceId), list, { status, minKarma, newest: true }, null, 10)
      assert.deepEqual(ids(await page(w1.id as string, ['active'], 0)), [people.w1Active.id])
      assert.deepEqual(ids(await page(w1.id as string, ['deactivated'], 0)), [people.w1Inactive.id])
      assert.deepEqual(ids(await page(w2.id as string, ['deactivated'], 0)), [people.w2Inactive.id])
      assert.deepEqual(ids(await page(w2.id as string, ['active'], 600)), [])
      assert.deepEqual(ids(await page(w2.id as string, ['deactivated'], 600)), [people.w2Inactive.id])
    })

    test('shapes differ by list length, absent values, booleans and position, and each answers right', async () => {
      const list = employeesList()
      const w2Id = w2.id as string
      const both = [people.w2Active.id, people.w2Inactive.id].sort()
      const read = (values: Partial<Values>, position: readonly [string, string] | null = null) =>
        readPage(
          db.handle.db,
          grant(w2Id),
          list,
          { status: undefined, minKarma: undefined, newest: true, ...values },
          position,
          10,
        )
      assert.deepEqual(ids(await read({})), both)
      assert.deepEqual(ids(await read({ status: ['active', 'deactivated'] })), both)
      assert.deepEqual(ids(await read({ status: ['deactivated'] })), [people.w2Inactive.id])
      assert.deepEqual(ids(await read({ minKarma: 600 })), [people.w2Inactive.id])
      assert.deepEqual(ids(await read({ newest: false, minKarma: 100 })), both)
      // After the newest of the two, only the other remains; the same shape then takes another position.
      const newest = [people.w2Active, people.w2Inactive].sort((a, b) =>
        `${b.created_at}${b.id}`.localeCompare(`${a.created_at}${a.id}`),
      )
      const [first, second] = newest as [(typeof newest)[0], (typeof newest)[0]]
      assert.deepEqual(ids(await read({}, [first.created_at as string, first.id as string])), [second.id])
      assert.deepEqual(ids(await read({}, [second.created_at as string, second.id as string])), [])
    })

    test('a page of items larger than the last page, not ASCII, is their exact bytes', async () => {
      // PostgreSQL writes items into a buffer sized from the list's last page: here a page of short
      // items, then one of long items of the same shape.
      const list = listOf(
        sql<string>`case when e.status = 'active' then '"' || e.id || '"' else '"' || e.id || ${FILLER_SQL} end`,
      )
      const read = (workspaceId: string, status: string) =>
        readPage(
          db.handle.db,
          grant(workspaceId),
          list,
          { status: [status], minKarma: undefined, newest: true },
          null,
          10,
        )
      const short = await read(w1.id as string, 'active')
      assert.equal(
        Buffer.from(short.document).toString('utf8'),
        JSON.stringify({ data: [people.w1Active.id] }),
      )
      const long = await read(w1.id as string, 'deactivated')
      const expected = JSON.stringify({ data: [`${people.w1Inactive.id}${FILLER}`] })
      assert.equal(Buffer.from(long.document).toString('utf8'), expected)
      assert.equal(long.document.length, Buffer.byteLength(expected))
    })

    test('a page read joined by the database and one read as rows are the same page', async () => {
      // SQLite joins a page it expects small in the statement and reads a large one as rows: the
      // first read of a list expects items of 1 KiB, later ones what its last page held.
      const list = listOf(sql<string>`'"' || e.id || ${FILLER_SQL}`)
      const read = (limit: number, position: readonly [string, string] | null = null) =>
        readPage(
          db.handle.db,
          grant(w1.id as string),
          list,
          { status: undefined, minKarma: undefined, newest: true },
          position,
          limit,
        )
      const text = (page: { document: Uint8Array | string }) => Buffer.from(page.document).toString('utf8')
      const first = await read(100)
      const again = await read(100)
      assert.equal(text(again), text(first))
      assert.deepEqual(
        [again.next, again.empty, again.generation],
        [first.next, first.empty, first.generation],
      )
      // One item a page: joined; its walk holds the same items, and ends where the whole page does.
      const one = await read(1)
      assert.ok(one.next)
      const two = await read(1, one.next)
      assert.equal(two.next, null)
      const items = [...JSON.parse(text(one)).data, ...JSON.parse(text(two)).data]
      assert.deepEqual(items, JSON.parse(text(first)).data)
      assert.equal(first.next, null)
    })

    test('a builder that writes a value into the SQL text is refused', async () => {
      const list: ListDefinition<{ status: string }> = {
        name: `test-${++lists}`,
        rows: (from, v) =>
          from
            .selectFrom('employees as e')
            .select(['e.id as json', 'e.created_at as sort_at', 'e.id as sort_id'])
            .where(sql<boolean>`e.status = ${sql.lit(v.status)}`),
        at: 'e.created_at',
        id: 'e.id',
      }
      await assert.rejects(
        readPage(db.handle.db, grant(w1.id as string), list, { status: 'active' }, null, 10),
        /used outside a parameter/,
      )
    })

    test('a builder that leaves a value unused, or alters it, is refused', async () => {
      const unused: ListDefinition<{ status: string; other: string }> = {
        name: `test-${++lists}`,
        rows: (from, v) =>
          from
            .selectFrom('employees as e')
            .select(['e.id as json', 'e.created_at as sort_at', 'e.id as sort_id'])
            .where('e.status', '=', v.status),
        at: 'e.created_at',
        id: 'e.id',
      }
      await assert.rejects(
        readPage(db.handle.db, grant(w1.id as string), unused, { status: 'active', other: 'x' }, null, 10),
        /value other is not used/,
      )
      const altered: ListDefinition<{ status: string }> = {
        name: `test-${++lists}`,
        rows: (from, v) =>
          from
            .selectFrom('employees as e')
            .select(['e.id as json', 'e.created_at as sort_at', 'e.id as sort_id'])
            .where('e.status', '=', v.status.toUpperCase()),
        at: 'e.created_at',
        id: 'e.id',
      }
      await assert.rejects(
        readPage(db.handle.db, grant(w1.id as string), altered, { status: 'active' }, null, 10),
        /altered by its builder/,
      )
    })

    test('a list that drops rows with a null item: SQLite drops them, PostgreSQL refuses every time', async () => {
      const dropping: ListDefinition<Values> = {
        ...listOf(sql<string>`case when e.status = 'active' then '"' || e.id || '"' end`),
        dropsNullItems: () => true,
      }
      const noFilter: Values = { status: undefined, minKarma: undefined, newest: true }
      const read = () => readPage(db.handle.db, grant(w1.id as string), dropping, noFilter, null, 10)
      if (dialect === 'sqlite') {
        const page = await read()
        assert.equal(
          Buffer.from(page.document).toString('utf8'),
          JSON.stringify({ data: [people.w1Active.id] }),
        )
        return
      }
      // Refused where its statement would be written, so no statement is kept to skip the check.
      await assert.rejects(read(), /PostgreSQL pages drop no rows/)
      await assert.rejects(read(), /PostgreSQL pages drop no rows/)
    })

    test('a list whose rows are not begun from the grant is refused', async () => {
      // The types refuse a statement begun from a database passed in; one held elsewhere is
      // caught when its shape is learnt, before any page is read.
      const unscoped: ListDefinition<Record<never, never>> = {
        name: `test-${++lists}`,
        rows: () =>
          db.handle.db
            .selectFrom('employees as e')
            .select(['e.id as json', 'e.created_at as sort_at', 'e.id as sort_id']),
        at: 'e.created_at',
        id: 'e.id',
      }
      await assert.rejects(
        readPage(db.handle.db, grant(w1.id as string), unscoped, {}, null, 10),
        /not those of the granted workspace/,
      )
    })
  })
}
