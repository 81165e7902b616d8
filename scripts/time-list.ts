// Times the parts of a list request in process, on a database the benchmark loaded (default
// .bench/ab.db, 100k employees): the workspace check, and a deep and a first employees page through
// the repository function (building, compiling and running the query). Medians of 3 runs of 5,000.
// Run: taskset -c 0 node --import tsx scripts/time-list.ts [DATABASE]
import { grantWorkspace } from '../src/access.js'
import { openDatabase } from '../src/db/connection.js'
import { listEmployees } from '../src/resources/employees/queries.js'

const handle = openDatabase(process.argv[2] ?? '.bench/ab.db')
const w = await handle.db.selectFrom('workspaces').select(['id', 'organization_id']).executeTakeFirstOrThrow()
const scope = { organizationId: w.organization_id, workspaceId: null }
const grant = await grantWorkspace(handle.db, scope, w.id)
const rows = await handle.db
  .selectFrom('employees')
  .select(['created_at', 'id'])
  .where('workspace_id', '=', w.id)
  .orderBy('created_at', 'desc')
  .limit(2000)
  .execute()
const positions = rows.filter((_, i) => i % 40 === 0).map((r) => [r.created_at, r.id] as const)

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

await time('workspace check', () => grantWorkspace(handle.db, scope, w.id))
await time('employees deep page', (i) =>
  listEmployees(handle.db, grant, {}, positions[i % positions.length] ?? null, 50),
)
await time('employees first page', () => listEmployees(handle.db, grant, {}, null, 50))
await handle.close()
