#!/usr/bin/env node
// The budget of one request (docs/performance.md, *The budget of a deep page*): what each step of a
// page costs in µs of the server's CPU per request, from a CPU profile of the real server under the
// benchmark's load, sampled every 100 µs, every sample charged to the innermost step on its stack.
// Never part of npm test.
//
// Usage: npm run bench:budget [-- --seconds 10 --connections 16 --page deep|first|progress|events
//          --database URL --baseline DIR]
//   Without --database: the 100k demo in .bench/api.db (imported once, kept for later runs); with
//   TEST_DATABASE_URL set, the same in its schema bench_api as well. --baseline DIR measures the
//   build in DIR too, on the same database, alternately, and prints both columns.
// Prints one markdown table per database: the steps, µs per request (medians of --rounds runs),
// their share, and the server's CPU per request measured from /proc over the same load.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  apiDatabases,
  args,
  BENCH,
  benchKey,
  CONNECTIONS,
  checkPostgres,
  ensureWrk,
  ids,
  load,
  log,
  median,
  ROOT,
  ROUNDS,
  SECONDS,
  sleep,
  startServer,
  threadSeconds,
  waitFor,
  walkPages,
} from './bench/lib.js'

const value = (name, fallback) => {
  const i = args.indexOf(name)
  return i === -1 ? fallback : args[i + 1]
}
const PAGE = value('--page', 'deep')
const BASELINE = value('--baseline', undefined)

/**
 * The steps, innermost first: a sample is charged to the first frame, from the leaf up, that one of
 * these names. `module` matches the frame's script URL, `fn` its function's name (a RegExp each).
 */
const STEPS = [
  ['cursor check (HMAC, decode)', { module: /paging\/paging\.js$/, fn: /^decode$/ }],
  ['cursor signing (HMAC, encode)', { module: /paging\/paging\.js$/, fn: /^encode$/ }],
  ['next page link', { module: /routing\/operation\.js$/, fn: /^(nextPageUrl|queryText)$/ }],
  ['ETag: the generation read', { module: /db\/generation\.js$/ }],
  ['ETag: hash and compare', { module: /routing\/conditional\.js$|plugins\/conditional\.js$/ }],
  ['key check', { module: /keys\/(verifier|keys|allow-list)\.js$/ }],
  ['rate limit', { module: /limits\/|plugins\/authentication\.js$/ }],
  ['usage record', { module: /keys\/usage\.js$/ }],
  ['metrics', { module: /prom-client|observability\/metrics\.js$/ }],
  ['request log', { module: /\/pino|plugins\/observability\.js$/ }],
  ['client address', { module: /http\/client-address\.js$/ }],
  ['grant (workspace check)', { module: /\/access\.js$|db\/organizations\.js$/ }],
  ['rows to bytes (page document)', { module: /paging\/page-buffers\.js$/ }],
  [
    'rows to bytes (page document)',
    { module: /paging\/keyset\.js$/, fn: /PageDocument|^add|^finish|^reserve|^open/ },
  ],
  [
    'statement (driver and database)',
    {
      module:
        /better-sqlite3|kysely|\/pg\/|pg-protocol|pg-pool|db\/postgres-|db\/connection\.js|db\/sqlite-statements\.js|db\/statement-spans\.js/,
    },
  ],
  ['statement (page SQL and parameters)', { module: /paging\/keyset\.js$/ }],
  ['parameters (query, page size)', { module: /routing\/(parameters|operation|list)\.js$/ }],
  ['compression decision', { module: /@fastify\/compress|plugins\/compression\.js$/ }],
  ['load shedding', { module: /plugins\/overload\.js$/ }],
  ['stalled-answer watch', { module: /stalled-answers\.js$|plugins\/api-context\.js$/ }],
  ['common headers, request id', { module: /plugins\/responses\.js$|http\/headers\.js$/ }],
  ['request deadline (abort signal)', { module: /abort_controller|internal\/event_target/ }],
  [
    'Fastify (routing, hooks, reply)',
    { module: /\/fastify\/|find-my-way|fast-querystring|avvio|light-my-request|fastify-plugin/ },
  ],
  [
    'send (headers and body to the socket)',
    { module: /^node:(_http_outgoing|net|internal\/stream_base_commons|internal\/streams|stream)/ },
  ],
  ['HTTP parsing (Node)', { module: /^node:(_http_server|_http_common|_http_incoming|internal\/http)/ }],
]
const GC = 'garbage collection (main thread)'
const PROGRAM = 'native, no JavaScript on the stack'
const OTHER = 'other JavaScript (timers, promises, Node internals)'
const OUTSIDE = 'outside JavaScript: the kernel and libuv (main thread)'
const HELPERS = "V8's helper threads (concurrent GC, compilation)"

function stepOf(frame) {
  const { url, functionName } = frame.callFrame
  if (url === '') return undefined
  for (const [step, rule] of STEPS) {
    if (!rule.module.test(url)) continue
    if (rule.fn && !rule.fn.test(functionName)) continue
    return step
  }
  return undefined
}

/** Sampled µs per step over the profile's samples, and the idle time sampled. */
function chargeSamples(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const stepOfNode = new Map()
  const resolveStep = (id) => {
    if (stepOfNode.has(id)) return stepOfNode.get(id)
    const node = nodes.get(id)
    const name = node.callFrame.functionName
    let step
    if (name === '(garbage collector)') step = GC
    else if (name === '(program)') step = PROGRAM
    else if (name === '(idle)') step = null
    else if (name === '(root)') step = OTHER
    else {
      step = stepOf(node)
      if (step === undefined) step = parent.has(id) ? resolveStep(parent.get(id)) : OTHER
      if (step === null) step = OTHER
    }
    stepOfNode.set(id, step)
    return step
  }
  const us = new Map()
  let idle = 0
  // timeDeltas[i] is the time before sample i: charge each sample the time until the next one.
  const { samples, timeDeltas } = profile
  for (let i = 0; i < samples.length; i++) {
    const dt = timeDeltas[i + 1] ?? 0
    const step = resolveStep(samples[i])
    if (step === null) idle += dt
    else us.set(step, (us.get(step) ?? 0) + dt)
  }
  return { us, idle }
}

/** One profiled load of the build in `cwd` against `databaseUrl`: µs per request per step. */
async function profiledRun(label, cwd, databaseUrl, target, round) {
  const profileFile = join(BENCH, `budget-${process.pid}-${round}.cpuprofile`)
  rmSync(profileFile, { force: true })
  const entry = join(ROOT, 'scripts/bench/profiled-serve.js')
  const { server, base } = startServer(process.execPath, cwd, databaseUrl, 32000, entry, {
    PROFILE_FILE: profileFile,
  })
  try {
    await waitFor(`${base}/healthz`, server)
    const run = (seconds) =>
      load(base + target.path, target.headers, target.cursors, undefined, CONNECTIONS, seconds)
    run(3) // warm-up
    const before = threadSeconds(server.pid)
    server.kill('SIGUSR2')
    await sleep(200)
    const { requests } = run(SECONDS)
    server.kill('SIGUSR2')
    const after = threadSeconds(server.pid)
    for (let i = 0; i < 100 && !existsSync(profileFile); i++) await sleep(100)
    await sleep(300)
    const { us, idle } = chargeSamples(JSON.parse(readFileSync(profileFile, 'utf8')))
    rmSync(profileFile, { force: true })
    const perRequest = new Map([...us].map(([step, t]) => [step, t / requests]))
    const mainUs = ((after.main - before.main) * 1e6) / requests
    const sampled = [...perRequest.values()].reduce((a, b) => a + b, 0)
    perRequest.set(OUTSIDE, Math.max(0, mainUs - sampled))
    perRequest.set(HELPERS, ((after.others - before.others) * 1e6) / requests)
    const total = mainUs + perRequest.get(HELPERS)
    log(
      `${label} round ${round + 1}: ${requests} requests, ${total.toFixed(0)} µs CPU per request (idle sampled ${(idle / requests).toFixed(0)} µs)`,
    )
    return { perRequest, total, rps: requests / SECONDS }
  } finally {
    server.kill('SIGTERM')
    await sleep(500)
  }
}

function table(label, columns) {
  const steps = new Set()
  for (const c of columns) for (const run of c.runs) for (const step of run.perRequest.keys()) steps.add(step)
  const med = (c, step) => median(c.runs.map((r) => r.perRequest.get(step) ?? 0))
  const totals = columns.map((c) => median(c.runs.map((r) => r.total)))
  const order = [...steps].sort((a, b) => med(columns[0], b) - med(columns[0], a))
  const head =
    columns.length === 1 ? ['µs per request', 'share'] : columns.flatMap((c) => [`${c.name} (µs)`, 'share'])
  const lines = [
    `${label}: ${columns.map((c) => `${c.name} ${c.runs.map((r) => Math.round(r.rps)).join(' / ')} req/s`).join('; ')}`,
    '',
    `| step | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---:').join('|')}|`,
    ...order.map(
      (step) =>
        `| ${step} | ${columns
          .map((c, i) => `${med(c, step).toFixed(1)} | ${((100 * med(c, step)) / totals[i]).toFixed(1)} %`)
          .join(' | ')} |`,
    ),
    `| **server CPU per request (/proc)** | ${totals.map((total) => `**${total.toFixed(0)}** | 100 %`).join(' | ')} |`,
  ]
  return lines.join('\n')
}

async function main() {
  checkPostgres()
  ensureWrk()
  const given = value('--database', undefined)
  const databases = given ? [['given', given]] : apiDatabases()
  const builds = [{ name: 'this build', cwd: ROOT }]
  if (BASELINE) builds.push({ name: 'baseline', cwd: resolve(BASELINE) })
  for (const [label, databaseUrl] of databases) {
    const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
    const key = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
    const limit = PAGE === 'progress' ? 500 : 50
    const path =
      {
        progress: `/v1/courses/employees_progress?workspace_id=${workspaceId}`,
        events: `/v1/events?workspace_id=${workspaceId}`,
      }[PAGE] ?? `/v1/employees?workspace_id=${workspaceId}`
    const cursors = join(BENCH, `budget-${label}-${PAGE}-cursors.txt`)
    const headers = { 'x-api-key': key, 'x-item-limit': String(limit) }
    const target = { path, headers, cursors: PAGE === 'first' ? undefined : cursors }
    if (target.cursors !== undefined && !existsSync(cursors)) {
      // The cursors of a walk, collected once from this build's server.
      const { server, base } = startServer(process.execPath, ROOT, databaseUrl, 33000)
      try {
        await waitFor(`${base}/healthz`, server)
        const walk = await walkPages(base, path, key, limit, PAGE === 'progress' ? 100 : 2000)
        writeFileSync(cursors, walk.cursors.join('\n'))
      } finally {
        server.kill('SIGTERM')
        await sleep(500)
      }
    }
    const columns = builds.map((b) => ({ ...b, runs: [] }))
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? columns : [...columns].reverse()
      for (const column of order) {
        column.runs.push(
          await profiledRun(`${label}, ${column.name}`, column.cwd, databaseUrl, target, round),
        )
      }
    }
    console.log(
      `${table(`${label}, ${{ deep: 'deep employees page', first: 'first employees page', progress: 'progress page (500)', events: 'events feed deep page' }[PAGE]}, ${CONNECTIONS} connections, ${SECONDS} s, medians of ${ROUNDS}`, columns)}\n`,
    )
  }
}

await main()
