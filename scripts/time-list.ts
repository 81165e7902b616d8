// Times the parts of a list request in process, on a database the benchmark loaded (default
// .bench/ab.db, 100k employees), opened as a server opens it: the workspace check, and employees
// pages through the list's statement (building, compiling and running the query): the first
// page, deep pages at a few positions near the start (their rows stay cached), and deep pages at
// random positions over the whole list, as the benchmark's wrk sends them. Medians of 3 runs of 5,000.
// Run: taskset -c 0 node --import tsx scripts/time-list.ts [DATABASE]
import { grantWorkspace } from '../src/access.js'
import { openDatabase } from '../src/db/connection.js'
import { readPage } from '../src/paging/keyset.js'
import type { Position } from '../src/paging/paging.js'
import { EMPLOYEE_SQL } from '../src/resources/employees/sql.js'

const handle = openDatabase(process.argv[2] ?? '.bench/ab.db', { requestTimeoutMs: 10_000 })
const w = await handle.db.selectFrom('workspaces').select(['id', 'organization_id']).executeTakeFirstOrThrow()
const scope = { organizationId: w.organization_id, workspaceId: null }
const grant = await grantWorkspace(handle.db, scope, w.id)
const listEmployees = (position: Position | null, limit: number) =>
  readPage(handle.db, EMPLOYEE_SQL.listPage, { workspace_id: grant.workspaceId }, position, limit)
const rows = await handle.db
  .selectFrom('employees')
  .select(['created_at', 'id'])
  .where('workspace_id', '=', w.id)
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc')
  .execute()
// Every 50th key: the positions a walk of 50-item pages hands out as cursors.
const positions = rows.filter((_, i) => i % 50 === 0).map((r) => [r.created_at, r.id] as Position)
const near = positions.slice(0, 50)
// A fixed sequence, so that two builds read the same positions.
let seed = 1
const anywhere = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return positions[Math.floor((seed / 2 ** 31) * positions.length)] ?? null
}

async function time(label: string, run: (i: number) => Promise<unknown>): Promise<void> {
  const results: number[] = []
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 200; i++) await run(i)
    const started = performance.now()
    for (let i = 0; i < 5000; i++) await run(i)
    results.push(((performance.now() - started) / 5000) * 1000)
  }
  console.log(`${label}: ${(results.sort((a, b) => a - b)[1] as number).toFixed(1)} µs`)
}

// Each path once before any is timed: the first one timed would otherwise pay for the JIT.
for (let i = 0; i < 2000; i++) {
  await listEmployees(null, 50)
  await listEmployees(near[i % near.length] ?? null, 50)
}
await time('workspace check', () => grantWorkspace(handle.db, scope, w.id))
await time('employees first page', () => listEmployees(null, 50))
await time('employees deep page, near the start', (i) => listEmployees(near[i % near.length] ?? null, 50))
await time('employees deep page, anywhere', () => listEmployees(anywhere(), 50))
await handle.close()
