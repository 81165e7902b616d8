// What the benchmark scenarios share: options, the CLI and server processes, wrk runs with the
// server's CPU time, page walks, demo files, imports and fresh databases.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'

export const args = process.argv.slice(2)
export const flag = (name) => args.includes(name)
export const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i === -1 ? fallback : Number(args[i + 1])
}
export const ROUNDS = option('--rounds', 3)
export const ROUNDS_1M = option('--rounds-1m', ROUNDS)
export const SECONDS = option('--seconds', 5)
export const CONNECTIONS = option('--connections', 16)
export const EMPLOYEES = option('--employees', 100_000)
export const ROOT = resolve('.')
export const BENCH = join(ROOT, '.bench')
mkdirSync(BENCH, { recursive: true })

export const log = (...m) => process.stderr.write(`${m.join(' ')}\n`)
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

export function ensureWrk() {
  if (spawnSync('wrk', ['--version']).error === undefined) return
  log('installing wrk from Debian packages')
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

/** Runs `awareness …` in a child and returns its stdout, wall time and peak RSS. */
export function cli(nodeBin, cwd, cliArgs, env = {}) {
  const code = `const { main } = await import(${JSON.stringify(join(cwd, 'dist/cli/main.js'))});
    const exit = await main(${JSON.stringify(['node', 'awareness', ...cliArgs])});
    process.stderr.write('\\nBENCH ' + JSON.stringify({ rss: process.resourceUsage().maxRSS }) + '\\n'); process.exit(exit)`
  const started = performance.now()
  const r = spawnSync(nodeBin, ['--input-type=module', '-e', code], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 28,
  })
  if (r.status !== 0) throw new Error(`awareness ${cliArgs.join(' ')}: ${r.stderr}`)
  return {
    stdout: r.stdout,
    seconds: (performance.now() - started) / 1000,
    rssMiB: JSON.parse(/BENCH (.*)/.exec(r.stderr)[1]).rss / 1024,
  }
}

// The server as docs/operations.md runs it: a small young generation keeps its memory down.
export const SERVER_FLAGS = ['--max-semi-space-size=4']

/**
 * `command` on core 0; `stdout` a file descriptor sends its standard output there line by line
 * (stdbuf), as it is written rather than in blocks.
 */
export function startProcess(command, argv, env, stdout = 'pipe') {
  const [program, ...prefix] = stdout === 'pipe' ? ['taskset'] : ['stdbuf', '-oL', 'taskset']
  const child = spawn(program, [...prefix, '-c', '0', command, ...argv], {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'pipe'],
  })
  let err = ''
  child.stderr.on('data', (c) => (err += c))
  child.errText = () => err
  return child
}

/**
 * The API server of the build in `cwd` on `databaseUrl`, on core 0, with limits no benchmark
 * reaches; `entry` runs `serve` another way (scripts/bench/profiled-serve.js), with `env` added,
 * Node's `flags` too, and its standard output to the file descriptor `stdout`.
 */
export function startServer(
  nodeBin,
  cwd,
  databaseUrl,
  portBase,
  entry = undefined,
  env = {},
  { flags = [], stdout = 'pipe' } = {},
) {
  const port = portBase + Math.floor(Math.random() * 1000)
  const argv = entry ? [entry, cwd] : [join(cwd, 'bin/awareness.js'), 'serve']
  const server = startProcess(
    nodeBin,
    [...SERVER_FLAGS, ...flags, ...argv],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT: '999999999/1h',
      METRICS: 'off',
      ...env,
    },
    stdout,
  )
  return { server, port, base: `http://127.0.0.1:${port}` }
}

/**
 * V8's full collections (mark-compacts) in each of ROUNDS runs of `path`, after a warm-up, against
 * a server of its own traced with --trace-gc, apart from the timed ones (which the tracing would
 * slow): the mark the slow state leaves (docs/performance.md, *The slow state*).
 */
export async function fullCollections(nodeBin, cwd, databaseUrl, path, headers, cursorsFile) {
  const trace = join(BENCH, 'trace-gc.txt')
  const fd = openSync(trace, 'w')
  const { server, base } = startServer(
    nodeBin,
    cwd,
    databaseUrl,
    33000,
    undefined,
    {},
    {
      flags: ['--trace-gc'],
      stdout: fd,
    },
  )
  closeSync(fd)
  const counted = () => (readFileSync(trace, 'utf8').match(/Mark-Compact/g) ?? []).length
  try {
    await waitFor(`${base}/healthz`, server)
    load(base + path, headers, cursorsFile, server.pid)
    const rounds = []
    for (let round = 0; round < ROUNDS; round++) {
      const before = counted()
      load(base + path, headers, cursorsFile, server.pid)
      rounds.push(counted() - before)
    }
    return rounds
  } finally {
    server.kill('SIGTERM')
    await sleep(300)
  }
}

/** Waits until `url` answers; when `child` is given, fails at once if it exits, with what it printed. */
export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}): ${child.errText()}`)
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await sleep(100)
  }
  throw new Error(`${url} did not come up${child ? `: ${child.errText()}` : ''}`)
}

export function peakRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** User and kernel CPU seconds in a /proc stat line (a process's or a thread's). */
function statSeconds(stat) {
  // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

/** CPU seconds a process has used so far, all its threads (/proc/PID/stat). */
const cpuSeconds = (pid) => statSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'))

/** CPU seconds a process has used so far: its main thread's (its id is the process's) and the rest's. */
export function threadSeconds(pid) {
  let main = 0
  let others = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    } catch {
      continue // a thread that ended meanwhile
    }
    if (tid === String(pid)) main += statSeconds(stat)
    else others += statSeconds(stat)
  }
  return { main, others }
}

/**
 * One wrk run against `url`: requests per second, how many, the 99th percentile latency in ms, and, given the
 * server's pid, the CPU time the server used per answered request in µs (steadier than req/s on a
 * shared machine). A request of tens of milliseconds takes fewer connections, under the server's
 * load shedding.
 */
export function load(url, headers, cursorsFile, pid, connections = CONNECTIONS, seconds = SECONDS) {
  const argv = ['-c', '1', 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency']
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}: ${v}`)
  if (cursorsFile) argv.push('-s', join(ROOT, 'scripts/random-cursor.lua'))
  argv.push(url)
  const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid)
  const r = spawnSync('taskset', argv, {
    encoding: 'utf8',
    env: { ...process.env, CURSORS: cursorsFile ?? '' },
  })
  const cpu = pid === undefined ? 0 : cpuSeconds(pid) - cpuBefore
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout)
  const requests = /(\d+) requests in/.exec(r.stdout)
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(r.stdout)
  if (!rps || !requests) throw new Error(`wrk failed: ${r.stdout}${r.stderr}`)
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} error responses for ${url}`)
  return {
    rps: Number(rps[1]),
    requests: Number(requests[1]),
    cpuUs: (cpu * 1e6) / Number(requests[1]),
    p99Ms: p99Of(r.stdout),
  }
}

const LATENCY_UNITS = { us: 0.001, ms: 1, s: 1000 }

/** wrk's 99th percentile latency (--latency) in ms. */
function p99Of(output) {
  const m = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output)
  return m ? Number(m[1]) * LATENCY_UNITS[m[2]] : Number.NaN
}

/** Requests per second of one wrk run. */
export const wrk = (url, headers, cursorsFile) => load(url, headers, cursorsFile).rps

export async function walkPages(base, path, key, limit, collect) {
  const cursors = []
  let cursor
  let pages = 0
  let firstBody
  let deepBody
  do {
    const headers = { 'x-api-key': key, 'x-item-limit': String(limit) }
    if (cursor) headers['x-next-cursor'] = cursor
    const response = await fetch(base + path, { headers })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    const body = Buffer.from(await response.arrayBuffer())
    if (pages === 0) firstBody = body
    pages++
    cursor = response.headers.get('x-next-cursor')
    if (cursor) cursors.push(cursor)
    if (pages === Math.floor(collect / 2)) deepBody = body
  } while (cursor && cursors.length < collect)
  return { cursors, firstBody, deepBody: deepBody ?? firstBody }
}

/**
 * Each list walked (50 items a page, at most 400 pages), its cursors kept in a file for wrk to pick
 * deep pages from: by name, its path, that file (none for a list of one page) and a deep page's bytes.
 */
export async function deepPages(base, key, prefix, lists) {
  const pages = {}
  for (const [name, path] of Object.entries(lists)) {
    const walked = await walkPages(base, path, key, 50, 400)
    const cursors = join(BENCH, `${prefix}-${name.replaceAll(/[^a-z]+/g, '-')}-cursors.txt`)
    writeFileSync(cursors, walked.cursors.join('\n'))
    pages[name] = {
      path,
      cursors: walked.cursors.length > 0 ? cursors : undefined,
      bytes: walked.deepBody.length,
    }
  }
  return pages
}

/** The time at `fraction` of a span `{ first_at, last_at }`, as a window parameter takes it. */
export function timeWithin(span, fraction) {
  const first = Date.parse(span.first_at)
  const last = Date.parse(span.last_at)
  return new Date(first + fraction * (last - first)).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
}

/** A key of the organization whose budget no benchmark exhausts. */
export function benchKey(nodeBin, cwd, databaseUrl, organizationId) {
  const argv = ['keys', 'create', '--organization', organizationId, '--rate-limit', '999999999/1h']
  // The key is the last line (older builds print it alone).
  return cli(nodeBin, cwd, [...argv, '--database', databaseUrl])
    .stdout.trim()
    .split('\n')
    .at(-1)
}

export function demoFile(employees, cwd = ROOT, tag = '') {
  const file = join(BENCH, `demo-${employees}${tag}.ndjson`)
  if (!existsSync(file)) {
    log(`generating ${employees} employees' demo data${tag ? ` (${cwd})` : ''}`)
    cli(process.execPath, cwd, [
      'demo-data',
      '--employees',
      String(employees),
      '--workspaces',
      '1',
      '--seed',
      '1',
      '--anchor',
      '2026-11-01',
      '--out',
      file,
    ])
  }
  return file
}

export function importInto(nodeBin, cwd, file, databaseUrl, extra = []) {
  const r = cli(nodeBin, cwd, ['import', file, '--timings', '--database', databaseUrl, ...extra])
  const records = Number(/imported ([\d,]+) records/.exec(r.stdout)[1].replaceAll(',', ''))
  const seconds = Number(/ in ([\d.]+) s/.exec(r.stdout)[1])
  const phases = Object.fromEntries(
    [.../(?:phases: |, )([a-z ]+) ([\d.]+) s/g[Symbol.matchAll](r.stdout)].map((m) => [m[1], Number(m[2])]),
  )
  return { records, seconds, rate: records / seconds, rssMiB: r.rssMiB, phases }
}

/** Runs `run` ROUNDS times; the result whose time (its `seconds`) is the median. */
export function medianRun(run) {
  const results = Array.from({ length: ROUNDS }, () => run())
  const mid = median(results.map((r) => r.seconds))
  return results.find((r) => r.seconds === mid)
}

/** Runs an ES module's text in a child (from the project folder, so it finds its packages); returns its stdout. */
export function script(code, nodeBin = process.execPath) {
  return execFileSync(nodeBin, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' })
}

export function ids(nodeBin, cwd, databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(cwd, 'dist/db/connection.js'))});
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const w = await h.db.selectFrom('workspaces').select(['id', 'organization_id']).executeTakeFirstOrThrow();
    console.log(JSON.stringify(w)); await h.close()`
  const w = JSON.parse(script(code, nodeBin))
  return { workspaceId: w.id, organizationId: w.organization_id }
}

export function freshSqlite(name) {
  const file = join(BENCH, name)
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
  return file
}

/** The system catalogs every temporary table writes to: their dead rows slow each one created. */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_type',
  'pg_depend',
  'pg_index',
  'pg_constraint',
  'pg_statistic',
]

export function freshPostgres(url, schema) {
  execFileSync('psql', [url, '-qc', `drop schema if exists ${schema} cascade; create schema ${schema}`], {
    stdio: 'ignore',
  })
  // What autovacuum does on a server; off on a test machine, the test suite's churn of temporary
  // tables leaves the catalogs bloated, and a table created costs several times what it would.
  execFileSync('psql', [url, '-qc', `vacuum ${CATALOGS.map((c) => `pg_catalog.${c}`).join(', ')}`], {
    stdio: 'ignore',
  })
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return u.toString()
}

/** Fails at once, not after the SQLite half of a run, when TEST_DATABASE_URL does not answer. */
export function checkPostgres() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const r = spawnSync('psql', [url, '-qAtc', 'select 1'], { encoding: 'utf8' })
  if (r.status === 0) return
  log(`TEST_DATABASE_URL does not answer: ${(r.stderr || r.error?.message || '').trim()}`)
  log('create the database first (e.g. createdb -h 127.0.0.1 -U postgres awareness_test), or unset it')
  process.exit(2)
}

/** `file` without the lines of `types` (their `"type":"…"` as the line begins), written beside it once. */
export async function withoutTypes(file, types, suffix) {
  const out = file.replace(/\.ndjson$/, `-without-${suffix}.ndjson`)
  if (existsSync(out)) return out
  const sink = createWriteStream(out)
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (types.some((type) => line.startsWith(`{${type}`))) continue
    if (!sink.write(`${line}\n`)) await new Promise((resolve) => sink.once('drain', resolve))
  }
  await new Promise((resolve) => sink.end(resolve))
  return out
}

/**
 * Imports `withFile` and `withoutFile` alternately, each into a fresh database of its side (`fresh`),
 * each round starting with the side the previous one ended with; the median runs, the peak RSS of
 * each side, and the database the last `with` import loaded.
 */
export function importsSideBySide(label, fresh, withFile, withoutFile) {
  const runs = { with: [], without: [] }
  const url = { with: null, without: null }
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? ['without', 'with'] : ['with', 'without']) {
      url[side] = fresh(side)
      runs[side].push(importInto(process.execPath, ROOT, side === 'with' ? withFile : withoutFile, url[side]))
      log(
        `${label} import ${side}: ${runs[side].at(-1).seconds} s, ${Math.round(runs[side].at(-1).rssMiB)} MiB`,
      )
    }
  }
  const pick = (side) => {
    const mid = median(runs[side].map((r) => r.seconds))
    return runs[side].find((r) => r.seconds === mid)
  }
  return {
    url: url.with,
    with: pick('with'),
    without: pick('without'),
    rss: { with: median(runs.with.map((r) => r.rssMiB)), without: median(runs.without.map((r) => r.rssMiB)) },
  }
}

/**
 * Each of `runs` (name → `load`'s arguments) once per round, ROUNDS rounds, after a warm-up of the
 * first: the medians of each one's req/s and server CPU per request.
 */
export function loadRounds(label, runs) {
  const rps = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
  const cpu = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
  load(...Object.values(runs)[0]) // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(runs)) {
      const r = load(...run)
      rps[name].push(r.rps)
      cpu[name].push(r.cpuUs)
    }
    log(
      `${label} round ${round + 1}: ${Object.keys(runs)
        .map((k) => `${k} ${rps[k].at(-1)} req/s, ${Math.round(cpu[k].at(-1))} µs`)
        .join('; ')}`,
    )
  }
  const m = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, median(v)]))
  return { rps: m(rps), cpu: m(cpu) }
}

/**
 * The 100k demo loaded once into .bench/api.db (and into the schema bench_api of TEST_DATABASE_URL)
 * and kept for later runs (npm run bench:api, npm run bench:budget): [database, URL] pairs.
 */
export function apiDatabases() {
  const loaded = (label, url, fresh) => {
    const marker = join(BENCH, `api-${label}.loaded`)
    if (!existsSync(marker)) {
      log(`${label}: importing the 100k demo`)
      importInto(process.execPath, ROOT, demoFile(EMPLOYEES), fresh())
      writeFileSync(marker, '')
    }
    return url
  }
  const databases = [['SQLite', loaded('sqlite', join(BENCH, 'api.db'), () => freshSqlite('api.db'))]]
  const pg = process.env.TEST_DATABASE_URL
  if (pg) {
    const u = new URL(pg)
    u.searchParams.set('options', '-c search_path=bench_api')
    databases.push(['PostgreSQL', loaded('postgres', u.toString(), () => freshPostgres(pg, 'bench_api'))])
  }
  return databases
}
