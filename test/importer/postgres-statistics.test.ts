// On PostgreSQL an import analyses a table it changed by a tenth or more, and leaves alone one it
// barely changed: sampling a large table again costs what the table holds, not what the file changed.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import {
  course,
  employee,
  feedback,
  organization,
  progress,
  type Rec,
  source,
  workspace,
} from '../helpers/records.js'

const postgres = DIALECTS.find((d) => d.dialect === 'postgres')

/** An organization whose employees each have a progress entry and a feedback on its one course. */
function orgWith(employees: number): Rec[] {
  const org = organization()
  const ws = workspace(org.id as string)
  const c = course(ws.id as string)
  return [
    org,
    ws,
    c,
    ...Array.from({ length: employees }).flatMap(() => {
      const e = employee(ws.id as string)
      return [e, progress(e.id as string, c.id as string), feedback(e.id as string, c.id as string)]
    }),
  ]
}

describe('import statistics (postgres)', { skip: postgres?.skip }, () => {
  let db: TestDatabase
  before(async () => {
    db = await freshDatabase('postgres')
  })
  after(() => db?.drop())

  /** How often the import analysed each table, by name. */
  async function analyses(): Promise<Record<string, number>> {
    await sql`select pg_stat_clear_snapshot()`.execute(db.handle.db)
    const { rows } = await sql<{ name: string; count: string }>`select relname as name, analyze_count as count
      from pg_stat_user_tables where schemaname = current_schema()`.execute(db.handle.db)
    return Object.fromEntries(rows.map((r) => [r.name, Number(r.count)]))
  }

  test('a table changed by a tenth or more is analysed, a large one barely changed is not', async () => {
    await importSources(db.handle, [source(orgWith(300))])
    const first = await analyses()
    for (const table of ['employees', 'employee_progress', 'workspaces'])
      assert.ok((first[table] ?? 0) >= 1, `${table} analysed after the first import`)

    // 10 employees more: about 3 % of employees and of their progress items (33 records in all,
    // a tenth of the stored employees: the file's size must not stand for each table's change).
    await importSources(db.handle, [source(orgWith(10))])
    const small = await analyses()
    for (const table of ['employees', 'employee_progress'])
      assert.equal(small[table], first[table], `${table} not analysed again for a small change`)

    // 200 more: two thirds of what is stored.
    await importSources(db.handle, [source(orgWith(200))])
    const large = await analyses()
    for (const table of ['employees', 'employee_progress'])
      assert.equal(large[table], (small[table] ?? 0) + 1, `${table} analysed again for a large change`)
  })
})
