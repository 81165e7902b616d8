#!/usr/bin/env node
// Soak test (never part of npm test): bounded in time, loopback only. Measures the server's capacity
// on a mixed workload, then holds ~80 % of it for --minutes (default 10) with mixed endpoints and keys
// (one of them deliberately over its budget), and reports errors (none but the intended 429s), p99
// latency over time, and RSS drift (must stay within 10 %: the median of the RSS sampled every second
// over the last minute against that of the third minute, since a single sample lands anywhere on
// the collector's sawtooth). Then:
// - overload: 256 keep-alive connections for 20 s on heavy pages: p99 of the answered requests
//   (200 or 503) under 1 s, and no request waiting past 10 s;
// - shutdown: SIGTERM under 30 looping keep-alive clients: no request lost (every one answered, or
//   refused at connect once the server stopped listening), exit 0 within SHUTDOWN_TIMEOUT.
// Usage: npm run soak [-- --minutes 10 --employees 20000]
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
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
// `keys create` prints the key alone on its last line.
const newKey = (budget) =>
  cli('keys', 'create', '--organization', ids.org, '--rate-limit', budget, '--database', db)
    .split('\n')
    .at(-1)
const keys = [1, 2, 3].map(() => newKey('999999999/1h'))
const limited = newKey('20/10s')

const port = 32100 + Math.floor(Math.random() * 500)
const server = spawn('taskset', ['-c', '0', process.execPath, join(ROOT, 'bin/awareness.js'), 'serve'], {
  env: {
    ...process.env,
    DATABASE_URL: db,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    METRICS: 'on',
    SHUTDOWN_DELAY: '2s',
    SHUTDOWN_TIMEOUT: '15s',
  },
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
const rssSamples = []
const sampler = setInterval(() => rssSamples.push({ at: Date.now() - started, mib: rss() }), 1000)
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
clearInterval(sampler)
agent.destroy()

// Overload: 256 connections, each sending its next request as soon as its answer is in.
const OVERLOAD_SECONDS = 20
const heavy = [
  { path: `/v1/courses/employees_progress?workspace_id=${ids.ws[0]}`, headers: { 'x-item-limit': '500' } },
  { path: `/v1/employees?workspace_id=${ids.ws[0]}`, headers: { 'x-item-limit': '100' } },
]
function overload(connections, seconds) {
  const latencies = []
  const statuses = {}
  let waitedPast10s = 0
  let neverAnswered = 0
  const stopAt = performance.now() + seconds * 1000
  const one = () =>
    new Promise((resolve) => {
      let buffer = Buffer.alloc(0)
      let sentAt = 0
      let answered = false
      const socket = connect(port, '127.0.0.1')
      const next = () => {
        if (performance.now() > stopAt) {
          socket.end()
          return resolve()
        }
        const r = pick(heavy)
        const extra = Object.entries({ ...r.headers, 'x-api-key': keys[0], 'accept-encoding': 'br' })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')
        sentAt = performance.now()
        socket.write(`GET ${r.path} HTTP/1.1\r\nHost: soak\r\n${extra}\r\n`)
      }
      const watchdog = setInterval(() => {
        if (sentAt && performance.now() - sentAt > 10_000) {
          waitedPast10s++
          clearInterval(watchdog)
          socket.destroy()
          resolve()
        }
      }, 500)
      socket.on('connect', next)
      socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk])
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n')
          if (end < 0) return
          const head = buffer.subarray(0, end).toString()
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
          if (buffer.length < end + 4 + length) return
          buffer = buffer.subarray(end + 4 + length)
          const status = head.slice(9, 12)
          statuses[status] = (statuses[status] ?? 0) + 1
          latencies.push(performance.now() - sentAt)
          answered = true
          sentAt = 0
          next()
        }
      })
      socket.on('close', () => {
        clearInterval(watchdog)
        if (!answered) neverAnswered++
        resolve()
      })
      socket.on('error', () => {})
    })
  return Promise.all(Array.from({ length: connections }, one)).then(() => {
    latencies.sort((a, b) => a - b)
    const q = (p) => latencies[Math.floor(p * (latencies.length - 1))] ?? 0
    return {
      requests: latencies.length,
      statuses,
      p50: q(0.5),
      p99: q(0.99),
      max: q(1),
      waitedPast10s,
      neverAnswered,
    }
  })
}
log(`overload: 256 connections for ${OVERLOAD_SECONDS} s on heavy pages…`)
const over = await overload(256, OVERLOAD_SECONDS)
log(`overload: ${JSON.stringify(over)}`)
const overloadOk = over.p99 < 1000 && over.waitedPast10s === 0 && over.neverAnswered === 0

// Shutdown: SIGTERM under 30 looping keep-alive clients.
const looping = new Agent({ keepAlive: true, maxSockets: 30 })
const outcomes = {}
const get = () =>
  new Promise((resolve) => {
    const req = request(
      `${base}/v1/employees?workspace_id=${ids.ws[0]}`,
      { headers: { 'x-api-key': keys[1] }, agent: looping },
      (res) => {
        res.resume()
        res.on('end', () => resolve(String(res.statusCode)))
        res.on('error', (e) => resolve(`response ${e.code}`))
      },
    )
    req.on('error', (e) => resolve(e.code ?? e.message))
    req.end()
  })
const loops = Array.from({ length: 30 }, async () => {
  for (;;) {
    const outcome = await get()
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    if (outcome === 'ECONNREFUSED') return
  }
})
await sleep(2000)
const signalled = performance.now()
const exited = new Promise((resolve) =>
  server.once('exit', (code) => resolve({ code, ms: performance.now() - signalled })),
)
server.kill('SIGTERM')
await Promise.all(loops)
const exit = await exited
looping.destroy()
const lost = Object.entries(outcomes).filter(([o]) => o !== '200' && o !== 'ECONNREFUSED')
const lostCount = lost.reduce((n, [, c]) => n + c, 0)
log(`shutdown: ${JSON.stringify(outcomes)}; exit ${exit.code} after ${Math.round(exit.ms)} ms`)
const shutdownOk = lostCount === 0 && exit.code === 0 && exit.ms < 15_000

const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const window = (from, to) => medianOf(rssSamples.filter((s) => s.at >= from && s.at < to).map((s) => s.mib))
const soakMs = MINUTES * 60_000
// The minute after the first two (warm-up), or the first half of a run shorter than four minutes.
const warmFrom = soakMs >= 240_000 ? 120_000 : 0
const warmTo = soakMs >= 240_000 ? 180_000 : soakMs / 2
const afterWarmup = { minute: `${warmFrom / 60_000}–${warmTo / 60_000}`, rssMiB: window(warmFrom, warmTo) }
const last = { rssMiB: window(Math.max(warmTo, soakMs - 60_000), soakMs + 1) }
const drift = ((last.rssMiB - afterWarmup.rssMiB) / afterWarmup.rssMiB) * 100
const errors = intervals.reduce((n, i) => n + i.errors, 0)
const total = intervals.reduce((n, i) => n + i.requests, 0)
const report = `# Soak report

${new Date().toISOString()} — ${MINUTES} min at ${rate} req/s (≈80 % of the ${Math.round(capacity)} req/s measured on the same
mixed workload), server on core 0, load on core 1, ${EMPLOYEES} employees in 2 workspaces, SQLite.

- requests: ${total}; errors (anything but 2xx and the intended 429s of the over-budget key): **${errors}**
- intended 429s: ${intervals.reduce((n, i) => n + i.intended429, 0)}
- RSS, median of the samples (one a second) in minutes ${afterWarmup.minute} → in the last minute: ${afterWarmup.rssMiB.toFixed(0)} → ${last.rssMiB.toFixed(0)} MiB (**${drift >= 0 ? '+' : ''}${drift.toFixed(1)} %**)

| minute | requests | p99 (ms) | errors | intended 429 | RSS (MiB) |
|---:|---:|---:|---:|---:|---:|
${intervals.map((i) => `| ${i.minute} | ${i.requests} | ${i.p99.toFixed(1)} | ${i.errors} | ${i.intended429} | ${i.rssMiB.toFixed(0)} |`).join('\n')}

## Overload: 256 keep-alive connections, ${OVERLOAD_SECONDS} s, progress pages of 500 and employee pages of 100 (brotli)

- answered: ${over.requests} (${Object.entries(over.statuses)
  .map(([s, n]) => `${s}: ${n}`)
  .join(', ')})
- latency of the answered requests: p50 ${over.p50.toFixed(0)} ms, **p99 ${over.p99.toFixed(0)} ms** (target < 1,000), max ${over.max.toFixed(0)} ms
- requests waiting past 10 s: **${over.waitedPast10s}**; connections never answered: **${over.neverAnswered}** — ${overloadOk ? 'pass' : 'FAIL'}

## Shutdown: SIGTERM under 30 looping keep-alive clients (SHUTDOWN_DELAY 2s, SHUTDOWN_TIMEOUT 15s)

- outcomes: ${Object.entries(outcomes)
  .map(([o, n]) => `${o}: ${n}`)
  .join(', ')} (ECONNREFUSED: refused at connect once the server stopped listening; never reached it)
- requests lost: **${lostCount}**; exit code ${exit.code} after ${(exit.ms / 1000).toFixed(1)} s — ${shutdownOk ? 'pass' : 'FAIL'}
`
writeFileSync(join(DIR, 'soak-report.md'), report)
console.log(report)
process.exit(errors === 0 && Math.abs(drift) <= 10 && overloadOk && shutdownOk ? 0 : 1)
