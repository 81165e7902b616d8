#!/usr/bin/env node
// Soak test (never part of npm test): bounded in time, loopback only. Measures the server's capacity
// on a mixed workload, then holds ~80 % of it for --minutes (default 10) with mixed endpoints and keys
// (one of them deliberately over its budget), and reports errors (none but the intended 429s), p99
// latency over time, and RSS drift (from minute 2 to the end; must stay within 10 %).
// Usage: npm run soak [-- --minutes 10 --employees 20000]
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join, resolve } from 'node:path'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback)
const MINUTES = option('--minutes', 10)
const EMPLOYEES = option('--employees', 20_000)
const ROOT = resolve('.')
const DIR = join(ROOT, '.bench')
mkdirSync(DIR, { recursive: true })
const log = (...m) => process.stderr.write(`${m.join(' ')}\n`)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const cli = (...a) =>
  execFileSync(process.execPath, [join(ROOT, 'bin/awareness.js'), ...a], { encoding: 'utf8' }).trim()

execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
const db = join(DIR, 'soak.db')
for (const s of ['', '-wal', '-shm']) rmSync(db + s, { force: true })
cli('demo-data', '--employees', String(EMPLOYEES), '--workspaces', '2', '--seed', '3', '--database', db)
const ids = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { openDatabase } = await import('${join(ROOT, 'dist/db/connection.js')}');
       const h = openDatabase('${db}');
       const o = await h.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
       const w = await h.db.selectFrom('workspaces').select('id').orderBy('created_at').execute();
       const e = await h.db.selectFrom('employees').select('id').where('workspace_id', '=', w[0].id).limit(200).execute();
       const b = await h.db.selectFrom('breaches').select('id').where('workspace_id', '=', w[0].id).where('impacted', '>', 0).execute();
       console.log(JSON.stringify({ org: o.id, ws: w.map((x) => x.id), employees: e.map((x) => x.id), breaches: b.map((x) => x.id) })); await h.close()`,
    ],
    { encoding: 'utf8' },
  ),
)
const keys = [1, 2, 3].map(() =>
  cli('keys', 'create', '--organization', ids.org, '--rate-limit', '999999999/1h', '--database', db),
)
const limited = cli('keys', 'create', '--organization', ids.org, '--rate-limit', '20/10s', '--database', db)

const port = 32100 + Math.floor(Math.random() * 500)
const server = spawn('taskset', ['-c', '0', process.execPath, join(ROOT, 'bin/awareness.js'), 'serve'], {
  env: { ...process.env, DATABASE_URL: db, PORT: String(port), LOG_LEVEL: 'warn', METRICS: 'on' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 300; i++) {
  if (
    await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break
  await sleep(100)
}
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024

const agent = new Agent({ keepAlive: true, maxSockets: 64 })
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)]
const cursors = []
function nextRequest() {
  const ws = pick(ids.ws)
  const r = Math.random()
  const limitedKey = Math.random() < 0.05
  const key = limitedKey ? limited : pick(keys)
  let path
  const headers = { 'x-api-key': key }
  if (r < 0.3) {
    path = `/v1/employees?workspace_id=${ids.ws[0]}`
    if (cursors.length > 0 && Math.random() < 0.8) headers['x-next-cursor'] = pick(cursors)
  } else if (r < 0.45) path = `/v1/employees/${pick(ids.employees)}`
  else if (r < 0.55) path = `/v1/courses?workspace_id=${ws}`
  else if (r < 0.62) {
    path = `/v1/courses/employees_progress?workspace_id=${ws}`
    headers['x-item-limit'] = '100'
  } else if (r < 0.72) path = `/v1/courses/statistics?workspace_id=${ws}`
  else if (r < 0.82) path = `/v1/breaches?workspace_id=${ids.ws[0]}&status=active`
  else if (r < 0.92)
    path = `/v1/breaches/${pick(ids.breaches)}/compromised-employees?workspace_id=${ids.ws[0]}`
  else path = '/v1/organization'
  return { path, headers, limitedKey }
}
function send({ path, headers }) {
  return new Promise((resolveRequest) => {
    const started = performance.now()
    const req = request(base + path, { headers, agent }, (res) => {
      const next = res.headers['x-next-cursor']
      if (next && cursors.length < 2000 && path.startsWith('/v1/employees?')) cursors.push(next)
      res.resume()
      res.on('end', () => resolveRequest({ status: res.statusCode, ms: performance.now() - started }))
    })
    req.on('error', (e) => resolveRequest({ status: 0, ms: performance.now() - started, error: e.message }))
    req.end()
  })
}

// Capacity: closed loop with 32 in flight for 10 s.
let done = 0
const until = Date.now() + 10_000
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (Date.now() < until) {
      await send(nextRequest())
      done++
    }
  }),
)
const capacity = done / 10
const rate = Math.round(capacity * 0.8)
log(
  `capacity ≈ ${Math.round(capacity)} req/s on the mixed workload; soaking at ${rate} req/s for ${MINUTES} min`,
)

const intervals = []
let current = { latencies: [], ok: 0, intended429: 0, errors: 0, other: {} }
const started = Date.now()
const end = started + MINUTES * 60_000
let inFlight = 0
const ticker = setInterval(() => {
  const p99 = [...current.latencies].sort((a, b) => a - b)[Math.floor(current.latencies.length * 0.99)] ?? 0
  intervals.push({
    minute: ((Date.now() - started) / 60_000).toFixed(1),
    requests: current.latencies.length,
    p99,
    rssMiB: rss(),
    ...current,
    latencies: undefined,
  })
  log(
    `t=${intervals.at(-1).minute} min: ${current.latencies.length} requests, p99 ${p99.toFixed(1)} ms, errors ${current.errors}, 429 (intended) ${current.intended429}, rss ${rss().toFixed(0)} MiB`,
  )
  current = { latencies: [], ok: 0, intended429: 0, errors: 0, other: {} }
}, 30_000)
while (Date.now() < end) {
  const batchStart = performance.now()
  const perTick = Math.max(1, Math.round(rate / 100))
  for (let i = 0; i < perTick && inFlight < 512; i++) {
    const r = nextRequest()
    inFlight++
    send(r).then((res) => {
      inFlight--
      current.latencies.push(res.ms)
      if (res.status >= 200 && res.status < 300) current.ok++
      else if (res.status === 429 && r.limitedKey) current.intended429++
      else {
        current.errors++
        current.other[res.status] = (current.other[res.status] ?? 0) + 1
      }
    })
  }
  await sleep(Math.max(0, 10 - (performance.now() - batchStart)))
}
while (inFlight > 0) await sleep(50)
clearInterval(ticker)
server.kill('SIGTERM')
agent.destroy()

const afterWarmup = intervals.find((i) => Number(i.minute) >= 2) ?? intervals[0]
const last = intervals.at(-1)
const drift = ((last.rssMiB - afterWarmup.rssMiB) / afterWarmup.rssMiB) * 100
const errors = intervals.reduce((n, i) => n + i.errors, 0)
const total = intervals.reduce((n, i) => n + i.requests, 0)
const report = `# Soak report

${new Date().toISOString()} — ${MINUTES} min at ${rate} req/s (≈80 % of the ${Math.round(capacity)} req/s measured on the same
mixed workload), server on core 0, load on core 1, ${EMPLOYEES} employees in 2 workspaces, SQLite.

- requests: ${total}; errors (anything but 2xx and the intended 429s of the over-budget key): **${errors}**
- intended 429s: ${intervals.reduce((n, i) => n + i.intended429, 0)}
- RSS from minute ${afterWarmup.minute} to the end: ${afterWarmup.rssMiB.toFixed(0)} → ${last.rssMiB.toFixed(0)} MiB (**${drift >= 0 ? '+' : ''}${drift.toFixed(1)} %**)

| minute | requests | p99 (ms) | errors | intended 429 | RSS (MiB) |
|---:|---:|---:|---:|---:|---:|
${intervals.map((i) => `| ${i.minute} | ${i.requests} | ${i.p99.toFixed(1)} | ${i.errors} | ${i.intended429} | ${i.rssMiB.toFixed(0)} |`).join('\n')}
`
writeFileSync(join(DIR, 'soak-report.md'), report)
console.log(report)
process.exit(errors === 0 && Math.abs(drift) <= 10 ? 0 : 1)
