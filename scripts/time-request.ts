// Times whole list requests in process (`app.inject`: every hook, the route and the page, without
// the socket and Node's HTTP parser), on a database the benchmark loaded, opened as a server opens
// it: the employees first page, deep employees pages at random cursors (a fixed sequence, so two
// builds send the same requests), and progress pages of 500. Steadier than a load over the network
// on a shared machine: one request at a time, and the CPU time of the process per request.
// Medians of 5 runs of 3,000 (300 for progress pages).
// Run: taskset -c 0 node --max-semi-space-size=4 --import tsx scripts/time-request.ts [DATABASE]
import { loadConfig } from '../src/config/config.js'
import { openDatabase } from '../src/db/connection.js'
import { buildApp } from '../src/http/app.js'
import { createKey } from '../src/keys/keys.js'

const url = process.argv[2] ?? '.bench/api.db'
const config = loadConfig({
  DATABASE_URL: url,
  RATE_LIMIT: '999999999/1h',
  METRICS: 'off',
  LOG_LEVEL: 'warn',
})
const database = openDatabase(url, { requestTimeoutMs: config.requestTimeoutMs })
const app = await buildApp({ config, database, logger: { stream: { write: () => true } as never } })
await app.ready()
const w = await database.db
  .selectFrom('workspaces')
  .select(['id', 'organization_id'])
  .executeTakeFirstOrThrow()
const { key } = await createKey(database.db, {
  organizationId: w.organization_id,
  name: 'time-request',
  rateLimit: '999999999/1h',
})

async function walk(path: string, limit: number, pages: number): Promise<string[]> {
  const cursors: string[] = []
  let cursor: string | undefined
  do {
    const headers: Record<string, string> = { 'x-api-key': key, 'x-item-limit': String(limit) }
    if (cursor) headers['x-next-cursor'] = cursor
    const r = await app.inject({ method: 'GET', url: path, headers })
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`)
    cursor = r.headers['x-next-cursor'] as string | undefined
    if (cursor) cursors.push(cursor)
  } while (cursor && cursors.length < pages)
  return cursors
}

const employees = `/v1/employees?workspace_id=${w.id}`
const progress = `/v1/courses/employees_progress?workspace_id=${w.id}`
const deepCursors = await walk(employees, 50, 2000)
const progressCursors = await walk(progress, 500, 100)
let seed = 1
const pick = (from: string[]) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return from[Math.floor((seed / 2 ** 31) * from.length)] as string
}

async function time(label: string, count: number, request: () => Record<string, string>, path: string) {
  const cpu: number[] = []
  const wall: number[] = []
  for (let i = 0; i < count / 5; i++) await app.inject({ method: 'GET', url: path, headers: request() })
  for (let round = 0; round < 5; round++) {
    const started = performance.now()
    const before = process.cpuUsage()
    for (let i = 0; i < count; i++) {
      const r = await app.inject({ method: 'GET', url: path, headers: request() })
      if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode}`)
    }
    const used = process.cpuUsage(before)
    cpu.push(((used.user + used.system) / count) | 0)
    wall.push(Math.round(((performance.now() - started) * 1000) / count))
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]
  console.log(`${label}: ${median(cpu)} µs CPU (rounds ${cpu.join(' ')}), ${median(wall)} µs wall`)
}

const headers = (limit: number, cursor?: string) => ({
  'x-api-key': key,
  'x-item-limit': String(limit),
  ...(cursor ? { 'x-next-cursor': cursor } : {}),
})
await time('employees first page', 3000, () => headers(50), employees)
await time('employees deep page', 3000, () => headers(50, pick(deepCursors)), employees)
await time('progress page (500)', 300, () => headers(500, pick(progressCursors)), progress)
await app.close()
await database.close()
