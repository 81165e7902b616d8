// Times the parts of a list request in process, on a database the benchmark loaded (default
// .bench/ab.db, 100k employees), opened as a server opens it: the workspace check, and employees
// pages through the list's statement (building, compiling and running the query): the first
// page, deep pages at a few positions near the start (their rows stay cached), and deep pages at
// random positions over the whole list, as the benchmark's wrk sends them. When the database holds
// simulations and groups, deep pages of the largest campaign's attacks and of the largest group's
// members too, each with its bytes and its time per KiB beside the employees page's.
// Medians of 3 runs of 5,000.
// Run: taskset -c 0 node --import tsx scripts/time-list.ts [DATABASE]
import { sql } from 'kysely'
import { grantWorkspace, type KeyScope } from '../src/access.js'
import { openDatabase } from '../src/db/connection.js'
import { readPage } from '../src/paging/keyset.js'
import type { Position } from '../src/paging/paging.js'
import { CAMPAIGN_SQL } from '../src/resources/campaigns/sql.js'
import { EMPLOYEE_SQL } from '../src/resources/employees/sql.js'
import { GROUP_SQL } from '../src/resources/groups/sql.js'

const handle = openDatabase(process.argv[2] ?? '.bench/ab.db', { requestTimeoutMs: 10_000 })
const db = handle.db
const w = await db.selectFrom('workspaces').select(['id', 'organization_id']).executeTakeFirstOrThrow()
const scope = { organizationId: w.organization_id, workspaceId: null } as KeyScope
const grant = await grantWorkspace(db, scope, w.id)
const listEmployees = (position: Position | null, limit: number) =>
  readPage(db, grant, EMPLOYEE_SQL.listPage, {}, position, limit)
const rows = await db
  .selectFrom('employees')
  .select(['created_at', 'id'])
  .where('workspace_id', '=', w.id)
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc')
  .execute()
// Every 50th key: the positions a walk of 50-item pages hands out as cursors.
const everyFiftieth = (keys: { at: string; id: string }[]) =>
  keys.filter((_, i) => i % 50 === 0).map((r) => [r.at, r.id] as Position)
const positions = everyFiftieth(rows.map((r) => ({ at: r.created_at, id: r.id })))
const near = positions.slice(0, 50)
// A fixed sequence, so that two builds read the same positions.
let seed = 1
const anywhere = (from: Position[] = positions) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return from[Math.floor((seed / 2 ** 31) * from.length)] ?? null
}

async function time(label: string, run: (i: number) => Promise<unknown>): Promise<number> {
  const results: number[] = []
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 200; i++) await run(i)
    const started = performance.now()
    for (let i = 0; i < 5000; i++) await run(i)
    results.push(((performance.now() - started) / 5000) * 1000)
  }
  const median = results.sort((a, b) => a - b)[1] as number
  console.log(`${label}: ${median.toFixed(1)} µs`)
  return median
}

/** Deep pages at random positions, with their bytes and time per KiB. */
async function timeDeep(
  label: string,
  from: Position[],
  read: (p: Position | null) => ReturnType<typeof readPage>,
) {
  const bytes = (await read(from[Math.floor(from.length / 2)] ?? null)).document.length
  const micros = await time(`${label} deep page, anywhere`, () => read(anywhere(from)))
  console.log(`  ${bytes} bytes, ${((micros / bytes) * 1024).toFixed(2)} µs per KiB`)
}

// Each path once before any is timed: the first one timed would otherwise pay for the JIT.
for (let i = 0; i < 2000; i++) {
  await listEmployees(null, 50)
  await listEmployees(near[i % near.length] ?? null, 50)
}
await time('workspace check', () => grantWorkspace(db, scope, w.id))
await time('employees first page', () => listEmployees(null, 50))
await time('employees deep page, near the start', (i) => listEmployees(near[i % near.length] ?? null, 50))
await timeDeep('employees', positions, (p) => listEmployees(p, 50))

/**
 * Deep pages of the list under the parent with the most rows in `table` (none: nothing timed); the
 * positions are every 50th key of that list, in its order (`at` desc, `id` desc).
 */
async function timeLargest(
  label: string,
  table: 'attacks' | 'group_members',
  columns: { parent: string; at: string; id: string },
  read: (parent: string, p: Position | null) => ReturnType<typeof readPage>,
) {
  const [parent, at, id] = [sql.ref(columns.parent), sql.ref(columns.at), sql.ref(columns.id)]
  const largest = (
    await sql<{ parent: string }>`select ${parent} as parent from ${sql.table(table)}
      where workspace_id = ${w.id} group by ${parent} order by count(*) desc limit 1`.execute(db)
  ).rows[0]?.parent
  if (largest === undefined) return
  const keys = await sql<{ at: string; id: string }>`select ${at} as at, ${id} as id from ${sql.table(table)}
    where workspace_id = ${w.id} and ${parent} = ${largest} order by ${at} desc, ${id} desc`.execute(db)
  await timeDeep(label, everyFiftieth(keys.rows), (p) => read(largest, p))
}
await timeLargest('attacks', 'attacks', { parent: 'campaign_id', at: 'created_at', id: 'id' }, (id, p) =>
  readPage(db, grant, CAMPAIGN_SQL.attacksPage, { campaign_id: id }, p, 50),
)
await timeLargest(
  'members',
  'group_members',
  { parent: 'group_id', at: 'added_at', id: 'employee_id' },
  (id, p) => readPage(db, grant, GROUP_SQL.membersPage, { group_id: id }, p, 50),
)
await handle.close()
