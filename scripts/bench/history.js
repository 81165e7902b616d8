// The program over time (CONTRACT 17), on each database: the demo imported as of DAYS + 1 days ago;
// the same file again (unchanged: one snapshot row per workspace, no karma or group rows); then DAYS
// daily imports of the demo's employees with 1 % of their karma changed each day (the history grows
// by what changed: rows and bytes per table, and a year of it); then each history twin's 1,000-point
// daily series against its statistics endpoint, side by side in the same rounds, and a bare
// node:http server sending the series' bytes.
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import {
  BENCH,
  benchKey,
  demoFile,
  EMPLOYEES,
  flag,
  freshPostgres,
  freshSqlite,
  ids,
  importInto,
  loadRounds,
  log,
  option,
  ROOT,
  ROUNDS,
  script,
  sleep,
  startProcess,
  startServer,
  waitFor,
} from './lib.js'

export const HISTORY_HEADING = '## The program over time'

const DAYS = option('--days', 30)
const DAY_MS = 86_400_000
const HISTORY_TABLES = [
  'workspace_snapshots',
  'kept_statistics',
  'karma_history',
  'group_history',
  'period_statistics',
]

/** The demo's employee lines, parsed. */
async function employeesOf(file) {
  const employees = []
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (line.startsWith('{"type":"employee"')) employees.push(JSON.parse(line))
  return employees
}

/**
 * Day `day`'s file: every employee, those of one hundredth more each day one point higher than the
 * day before (a hundredth a day, each changing once in a hundred days): 1 % of karma changes a day.
 */
function dailyFile(employees, day) {
  const file = join(BENCH, `history-day-${day}.ndjson`)
  const lines = employees.map((e, i) => {
    const hundredth = i % 100
    const raised = Math.floor(day / 100) + (hundredth >= 1 && hundredth <= day % 100 ? 1 : 0)
    if (raised === 0 || e.karma === null) return JSON.stringify(e)
    return JSON.stringify({ ...e, karma: { ...e.karma, score: e.karma.score + raised } })
  })
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** Rows and bytes (table and indexes) of each history table. */
function tableSizes(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const { sql } = await import('kysely');
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const sizes = {};
    for (const table of ${JSON.stringify(HISTORY_TABLES)}) {
      const rows = (await sql\`select count(*) as n from \${sql.table(table)}\`.execute(h.db)).rows[0].n;
      const bytes = h.dialect === 'postgres'
        ? (await sql\`select pg_total_relation_size(cast(\${table} as regclass)) as b\`.execute(h.db)).rows[0].b
        : (await sql\`select coalesce(sum(pgsize), 0) as b from dbstat where name = \${table}
            or name in (select name from sqlite_master where tbl_name = \${table})\`.execute(h.db)).rows[0].b;
      sizes[table] = { rows: Number(rows), bytes: Number(bytes) };
    }
    console.log(JSON.stringify(sizes)); await h.close()`
  return JSON.parse(script(code))
}

/** An employee and a group of the workspace, for the karma twins. */
function oneOfEach(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const e = await h.db.selectFrom('employees').select('id').where('karma_score', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const g = await h.db.selectFrom('groups').select('id').orderBy('employees_count', 'desc').executeTakeFirstOrThrow();
    console.log(JSON.stringify({ employeeId: e.id, groupId: g.id })); await h.close()`
  return JSON.parse(script(code))
}

const canonical = (ms) => `${new Date(ms).toISOString().slice(0, 23)}000Z`

async function measure(label, fresh) {
  const file = demoFile(EMPLOYEES)
  const now = Date.now()
  const first = now - (DAYS + 1) * DAY_MS
  const url = fresh()
  const imported = importInto(process.execPath, ROOT, file, url, ['--as-of', canonical(first)])
  log(`${label} history: first import ${imported.seconds} s`)
  const before = tableSizes(url)
  const again = importInto(process.execPath, ROOT, file, url, ['--as-of', canonical(first + DAY_MS / 2)])
  const unchanged = tableSizes(url)
  log(`${label} history: unchanged re-import ${again.seconds} s`)
  const employees = await employeesOf(file)
  const daily = []
  for (let day = 1; day <= DAYS; day++) {
    const r = importInto(process.execPath, ROOT, dailyFile(employees, day), url, [
      '--as-of',
      canonical(first + day * DAY_MS),
    ])
    daily.push(r.seconds)
  }
  const after = tableSizes(url)
  log(`${label} history: ${DAYS} daily imports, median ${daily.sort((a, b) => a - b)[DAYS >> 1]} s`)
  return { url, imported, again, daily, sizes: { before, unchanged, after } }
}

/** Each twin's 1,000-point daily series against its statistics endpoint, and the series' bytes from a bare server. */
async function series(label, databaseUrl) {
  const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
  const { employeeId, groupId } = oneOfEach(databaseUrl)
  const key = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
  const { server, base } = startServer(process.execPath, ROOT, databaseUrl, 34000)
  const floors = []
  try {
    await waitFor(`${base}/healthz`, server)
    const ws = `workspace_id=${workspaceId}`
    const days = `${ws}&interval=day&from=${canonical(Date.now() - 999 * DAY_MS).slice(0, 10)}`
    const pairs = {
      'employees/statistics': [`/v1/employees/statistics?${ws}`, `/v1/employees/statistics/history?${days}`],
      'courses/statistics': [`/v1/courses/statistics?${ws}`, `/v1/courses/statistics/history?${days}`],
      'campaigns/statistics': [`/v1/campaigns/statistics?${ws}`, `/v1/campaigns/statistics/history?${days}`],
      'breaches/statistics': [`/v1/breaches/statistics?${ws}`, `/v1/breaches/statistics/history?${days}`],
      'inbox_tickets/statistics': [
        `/v1/inbox_tickets/statistics?${ws}`,
        `/v1/inbox_tickets/statistics/history?${days}`,
      ],
      'employees/{id}': [`/v1/employees/${employeeId}`, `/v1/employees/${employeeId}/karma_history?${days}`],
      groups: [`/v1/groups?${ws}`, `/v1/groups/${groupId}/karma_history?${days}`],
    }
    const headers = { 'x-api-key': key }
    // A port of its own for each floor: a floor that lost its port to another would exit unseen.
    const floorPorts = 35000 + 10 * Math.floor(Math.random() * 500)
    const runs = {}
    const bytes = {}
    for (const [name, [statistic, twin]] of Object.entries(pairs)) {
      const response = await fetch(base + twin, { headers })
      if (!response.ok) throw new Error(`${twin}: ${response.status} ${await response.text()}`)
      const body = Buffer.from(await response.arrayBuffer())
      bytes[name] = body.length
      const saved = join(BENCH, `${label}-series-${name.replaceAll(/[^a-z]+/g, '-')}.json`)
      writeFileSync(saved, body)
      const port = floorPorts + floors.length
      const floor = startProcess(process.execPath, [join(ROOT, 'scripts/raw-server.js'), saved, String(port)])
      floors.push(floor)
      await waitFor(`http://127.0.0.1:${port}/`, floor)
      runs[`${name}`] = [base + statistic, headers, undefined, server.pid]
      runs[`${name} series`] = [base + twin, headers, undefined, server.pid]
      runs[`${name} floor`] = [`http://127.0.0.1:${port}/`, {}, undefined, floor.pid]
    }
    const { rps, cpu } = loadRounds(`${label} history`, runs)
    return { names: Object.keys(pairs), rps, cpu, bytes }
  } finally {
    server.kill('SIGTERM')
    for (const floor of floors) floor.kill('SIGTERM')
    await sleep(300)
  }
}

const int = (x) => Math.round(x).toLocaleString('en-US')
const f2 = (x) => x.toFixed(2)
const kib = (b) => `${(b / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })}`

function tables(sides) {
  const growth = [
    '| database | table | rows after the first import | + unchanged re-import | + daily imports | rows per day | KiB after the daily imports | KiB per day | a year of days (rows, MiB) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...sides.flatMap(({ label, history: { sizes } }) =>
      HISTORY_TABLES.map((table) => {
        const [b, u, a] = [sizes.before[table], sizes.unchanged[table], sizes.after[table]]
        const rowsPerDay = (a.rows - u.rows) / DAYS
        const bytesPerDay = (a.bytes - u.bytes) / DAYS
        return `| ${label} | ${table} | ${int(b.rows)} | ${int(u.rows - b.rows)} | ${int(a.rows - u.rows)} | ${int(rowsPerDay)} | ${kib(a.bytes)} | ${kib(bytesPerDay)} | ${int(365 * rowsPerDay)}, ${f2((365 * bytesPerDay) / 2 ** 20)} |`
      }),
    ),
  ]
  const imports = [
    '| database | first import (s) | unchanged re-import (s) | daily import of the employees, median (s) |',
    '|---|---:|---:|---:|',
    ...sides.map(
      ({ label, history: h }) =>
        `| ${label} | ${f2(h.imported.seconds)} | ${f2(h.again.seconds)} | ${f2(h.daily[h.daily.length >> 1])} |`,
    ),
  ]
  const pairs = [
    '| database, statistic | bytes of the series | statistic req/s | series req/s | series / statistic req/s (target ≥ 0.5) | statistic CPU (µs) | series CPU (µs) | series / statistic CPU (target ≤ 2×) | floor req/s | series / floor req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...sides.flatMap(({ label, series: s }) =>
      s.names.map((name) => {
        const rate = s.rps[`${name} series`] / s.rps[name]
        const cpu = s.cpu[`${name} series`] / s.cpu[name]
        return `| ${label}, ${name} | ${int(s.bytes[name])} | ${int(s.rps[name])} | ${int(s.rps[`${name} series`])} | ${f2(rate)} (${rate >= 0.5 ? 'met' : 'not met'}) | ${int(s.cpu[name])} | ${int(s.cpu[`${name} series`])} | ${f2(cpu)}× (${cpu <= 2 ? 'met' : 'not met'}) | ${int(s.rps[`${name} floor`])} | ${f2(s.rps[`${name} series`] / s.rps[`${name} floor`])} |`
      }),
    ),
  ]
  return { growth: growth.join('\n'), imports: imports.join('\n'), pairs: pairs.join('\n') }
}

/**
 * Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section.
 * --reuse-history: a database whose imports a run finished is measured again without them.
 */
export async function historySection() {
  const setups = [['SQLite', () => freshSqlite('bench-history.db')]]
  if (process.env.TEST_DATABASE_URL)
    setups.push(['PostgreSQL', () => freshPostgres(process.env.TEST_DATABASE_URL, 'bench_history')])
  const sides = []
  for (const [label, fresh] of setups) {
    const saved = join(BENCH, `history-${label}.json`)
    const history =
      flag('--reuse-history') && existsSync(saved)
        ? JSON.parse(readFileSync(saved, 'utf8'))
        : await measure(label, fresh)
    writeFileSync(saved, JSON.stringify(history))
    sides.push({ label, history, series: await series(label, history.url) })
  }
  const t = tables(sides)
  return `${HISTORY_HEADING}

On each database, the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees imported with \`--as-of\` ${DAYS + 1} days ago,
the same file again half a day later (nothing changed), then ${DAYS} daily imports of the file's employees
alone, each raising the karma score of one more hundredth of them by one point (1 % changing each
day), each with its day's \`--as-of\`. What the history tables hold after each step, and what a year of such
days adds (the daily growth × 365; SQLite's bytes from \`dbstat\`, PostgreSQL's
\`pg_total_relation_size\`, table and indexes). \`period_statistics\` holds the window statistics per
month, ISO week and day, written again for each workspace an import changes: its rows do not grow with
days; on PostgreSQL each rewrite leaves its old rows dead until a vacuum (autovacuum is off on this
machine), which the bytes per day show.

${t.growth}

${t.imports}

Then, on that database, each history twin's daily series of 1,000 points against its statistics
endpoint (for the karma twins, the employee or group itself), and a bare \`node:http\` server sending the
series' very bytes (the floor), in the same rounds: req/s and the server's CPU time per request, medians
of ${ROUNDS} rounds.

${t.pairs}
`
}
