// On PostgreSQL the drill-down's kept rows of a service's first import go in before their primary key
// is built (db/indexes-after.ts): the key is there afterwards, whole and unique, and it is dropped
// only while the table holds no row, never under rows another import committed.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { ImportInterrupted, importSources } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { employee, organization, type Rec, source, workspace } from '../helpers/records.js'

const postgres = DIALECTS.find((d) => d.dialect === 'postgres')

/** An organization whose employees form a line three levels deep under one manager. */
function orgWithLine(): { records: Rec[]; top: Rec } {
  const org = organization()
  const ws = workspace(org.id as string)
  const top = employee(ws.id as string)
  const middle = employee(ws.id as string, { manager: { id: top.id } })
  const staff = Array.from({ length: 4 }, () => employee(ws.id as string, { manager: { id: middle.id } }))
  return { records: [org, ws, top, middle, ...staff], top }
}

describe('the drill-down key built after a first fill (postgres)', { skip: postgres?.skip }, () => {
  let db: TestDatabase
  before(async () => {
    db = await freshDatabase('postgres')
  })
  after(() => db?.drop())

  /** The drill-down's primary key: its object id and columns, or undefined when it is missing. */
  async function key(): Promise<{ oid: number; columns: string } | undefined> {
    const { rows } = await sql<{ oid: number; columns: string }>`select c.oid::int as oid,
        pg_get_constraintdef(c.oid) as columns
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relname = 'drill_down' and t.relnamespace = current_schema()::regnamespace and c.contype = 'p'`.execute(
      db.handle.db,
    )
    return rows[0]
  }

  /** How many kept line rows there are: under one manager, or in all. */
  async function lineOf(manager?: unknown): Promise<number> {
    const under = manager === undefined ? sql`` : sql` and value = ${manager}`
    const { rows } = await sql<{ n: string }>`select count(*) as n from drill_down
      where kind = 'line'${under}`.execute(db.handle.db)
    return Number(rows[0]?.n)
  }

  test('an import stopped after the derive, into the empty table, puts the key back with everything else', async () => {
    const before = await key()
    assert.ok(before, 'the migration made the key')
    const stop = new AbortController()
    const steps: string[] = []
    const interrupted = importSources(db.handle, [source(orgWithLine().records)], {
      signal: stop.signal,
      onProgress: (p) => {
        if (p.step !== null && steps.at(-1) !== p.step) steps.push(p.step)
        // The step after the derive is running: the kept rows and their key are written.
        if (steps.includes('derive') && p.step !== 'derive') stop.abort()
      },
    })
    await assert.rejects(interrupted, ImportInterrupted)
    assert.ok(steps.includes('derive'), `stopped after the derive (steps: ${steps.join(', ')})`)
    assert.deepEqual(await key(), before)
    assert.equal(await lineOf(), 0)
  })

  test('the first import fills the empty table and builds the key; a later one keeps that key', async () => {
    const first = orgWithLine()
    await importSources(db.handle, [source(first.records)])
    const built = await key()
    assert.equal(built?.columns, 'PRIMARY KEY (workspace_id, kind, value, sort_at, employee_id)')
    assert.equal(await lineOf(first.top.id), 5, 'every employee under the top manager, at any depth')

    const second = orgWithLine()
    await importSources(db.handle, [source(second.records)])
    assert.deepEqual(await key(), built, 'the same key, never dropped under committed rows')
    assert.equal(await lineOf(first.top.id), 5)
    assert.equal(await lineOf(second.top.id), 5)
    const { rows } = await sql<{
      n: string
    }>`select count(*) as n from (select workspace_id, kind, value, sort_at,
        employee_id from drill_down group by 1, 2, 3, 4, 5 having count(*) > 1) d`.execute(db.handle.db)
    assert.equal(Number(rows[0]?.n), 0)
  })
})
