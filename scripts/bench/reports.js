// Reports (CONTRACT 18), side by side in one run on each database: the server's CPU per request of
// the first page of a breakdown by each dimension, with a window and without, and of a deep page of
// each report, against a deep employees page of the same item count in the same rounds.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  benchKey,
  deepPages,
  demoFile,
  EMPLOYEES,
  freshPostgres,
  freshSqlite,
  ids,
  importInto,
  loadRounds,
  ROOT,
  ROUNDS,
  script,
  sleep,
  startServer,
  timeWithin,
  waitFor,
} from './lib.js'

export const REPORTS_HEADING = '## Reports'

/** The sizes of what the reports read, and the span of the attacks' times. */
function shape(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const { sql } = await import('kysely');
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const one = async (q) => (await q.execute(h.db)).rows[0];
    const span = await one(sql\`select min(created_at) as first_at, max(created_at) as last_at, count(*) as attacks from attacks where sent_at is not null\`);
    const cells = (await sql\`select dimension, count(*) as n, max(employees) as largest from report_cells group by dimension order by dimension\`.execute(h.db)).rows;
    const counts = await one(sql\`select (select count(*) from report_members) as members,
      (select count(*) from report_offenders where threshold = 2) as offenders\`);
    console.log(JSON.stringify({ span, cells, counts })); await h.close()`
  return JSON.parse(script(code))
}

/** A window on the last quarter of the attacks' span: it cuts most members' attacks. */
function lastQuarter(span) {
  return `&created_after=${timeWithin(span, 0.75)}`
}

const DIMENSIONS = ['department', 'manager', 'group', 'country']

/**
 * The members a breakdown page counts, on average: its cells' employees_count summed, over the
 * first page (no cursors) or 20 of the deep pages wrk picks from.
 */
async function membersCounted(base, key, path, cursorsFile) {
  const cursors = cursorsFile ? readFileSync(cursorsFile, 'utf8').split('\n').filter(Boolean) : [undefined]
  const picked = cursors.filter((_, i) => i % Math.max(1, Math.floor(cursors.length / 20)) === 0).slice(0, 20)
  let total = 0
  for (const cursor of picked) {
    const headers = { 'x-api-key': key, 'x-item-limit': '50' }
    if (cursor) headers['x-next-cursor'] = cursor
    const response = await fetch(base + path, { headers })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    const body = await response.json()
    total += body.data.reduce((sum, cell) => sum + cell.employees_count, 0)
  }
  return total / picked.length
}

async function measure(label, databaseUrl) {
  const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
  const data = shape(databaseUrl)
  const key = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
  const { server, base } = startServer(process.execPath, ROOT, databaseUrl, 34000)
  try {
    await waitFor(`${base}/healthz`, server)
    const ws = `workspace_id=${workspaceId}`
    const quarter = lastQuarter(data.span)
    const deep = {
      employees: `/v1/employees?${ws}`,
      'breakdown by manager': `/v1/reports/breakdown?${ws}&by=manager`,
      'breakdown by manager, last quarter': `/v1/reports/breakdown?${ws}&by=manager${quarter}`,
      'repeat offenders': `/v1/reports/repeat_offenders?${ws}&min_tricked=1`,
      'repeat offenders, last quarter': `/v1/reports/repeat_offenders?${ws}&min_tricked=1${quarter}`,
      'simulation coverage': `/v1/reports/simulation_coverage?${ws}`,
      'simulation coverage, never simulated in the last quarter': `/v1/reports/simulation_coverage?${ws}&attacked=false${quarter}`,
      'training coverage': `/v1/reports/training_coverage?${ws}`,
      'training coverage, missed': `/v1/reports/training_coverage?${ws}&missed=true`,
    }
    const pages = await deepPages(base, key, `${label}-reports`, deep)
    const first = Object.fromEntries(
      DIMENSIONS.flatMap((by) => [
        [`first page by ${by}`, `/v1/reports/breakdown?${ws}&by=${by}`],
        [`first page by ${by}, last quarter`, `/v1/reports/breakdown?${ws}&by=${by}${quarter}`],
      ]),
    )
    const headers = { 'x-api-key': key, 'x-item-limit': '50' }
    const runs = {
      ...Object.fromEntries(
        Object.entries(pages).map(([name, p]) => [name, [base + p.path, headers, p.cursors, server.pid]]),
      ),
      // A window that cuts a large cell's attacks counts them: one connection, as the server sheds
      // what queues behind a long request.
      ...Object.fromEntries(
        Object.entries(first).map(([name, path]) => [
          name,
          [base + path, headers, undefined, server.pid, name.includes('quarter') ? 1 : undefined],
        ]),
      ),
    }
    const members = {}
    for (const [name, [url, , cursors]] of Object.entries(runs))
      if (url.includes('/breakdown?') && url.includes('created_'))
        members[name] = await membersCounted(base, key, url.slice(base.length), cursors)
    const { rps, cpu } = loadRounds(`${label} reports`, runs)
    return { label, data, pages, deep: Object.keys(deep), first: Object.keys(first), rps, cpu, members }
  } finally {
    server.kill('SIGTERM')
    await sleep(300)
  }
}

const f2 = (x) => x.toFixed(2)
const int = (x) => Math.round(x).toLocaleString('en-US')

function table(sides) {
  const row = (s, name, bytes) => {
    const ratio = s.cpu[name] / s.cpu.employees
    const target = name === 'employees' ? '' : ` (${ratio <= 2 ? 'met' : 'not met'})`
    // The proposed measure of a window's breakdown: per member it counts, against an employees
    // page's CPU per item.
    const members = s.members[name]
    const perMember =
      members === undefined ? '' : `${int(members)} | ${f2(s.cpu[name] / members / (s.cpu.employees / 50))}×`
    return `| ${s.label}, ${name} | ${bytes === undefined ? '' : int(bytes)} | ${int(s.rps[name])} | ${int(s.cpu[name])} | ${f2(ratio)}×${target} | ${perMember || ' | '} |`
  }
  return [
    '| database, page (50 items) | bytes | req/s | server CPU per request (µs) | / employees deep page (target ≤ 2×) | members counted | per member / employees per item (proposed ≤ 2×) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...sides.flatMap((s) => [
      ...s.deep.map((name) => row(s, `${name}`, s.pages[name].bytes)),
      ...s.first.map((name) => row(s, name)),
    ]),
  ].join('\n')
}

/** Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section. */
export async function reportsSection() {
  const file = demoFile(EMPLOYEES)
  const setups = [['SQLite', () => freshSqlite('bench-reports.db')]]
  if (process.env.TEST_DATABASE_URL)
    setups.push(['PostgreSQL', () => freshPostgres(process.env.TEST_DATABASE_URL, 'bench_reports')])
  const sides = []
  for (const [label, fresh] of setups) {
    const url = fresh()
    importInto(process.execPath, ROOT, file, url)
    sides.push(await measure(label, url))
  }
  const cells = sides[0].data.cells
    .map((c) => `${int(c.n)} by ${c.dimension} (largest ${int(c.largest)})`)
    .join(', ')
  return `${REPORTS_HEADING}

Side by side in one run, on the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees: ${int(sides[0].data.counts.members)} members, cells ${cells};
${int(sides[0].data.span.attacks)} sent attacks. The server's CPU time per request (from /proc, all its threads, over a
${ROUNDS}-round median of wrk runs) of a deep page (at a cursor picked at random from a walk of the list)
and of a breakdown's first page, against a deep employees page of the same item count in the same rounds.
"last quarter": a window on the last quarter of the attacks' time span (one-sided), which cuts most
members' spans: each member of a page's cells is counted from their spans (measured with one
connection for the first pages, since a large cell's count takes milliseconds and the server sheds
what queues behind it).

${table(sides)}
`
}
