// Drill-down filters (CONTRACT 18, amended), side by side in one run on each database: the server's
// CPU per request of a first page (50 items) with each filter alone, on the employees and on the
// member reports, manager_tree under the top manager (the whole workspace) and under a mid-level
// one, against a deep employees page in the same rounds (target: at most 2×).
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
  waitFor,
} from './lib.js'

export const DRILL_DOWN_HEADING = '## Drill-down filters'

/**
 * The values the pages filter by, from the demo as imported: the smallest department, country and
 * group holding at least a page; a manager with direct reports; the top manager (the longest line)
 * and a mid-level one (the line nearest 2 % of the employees).
 */
function values(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const { sql } = await import('kysely');
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const one = async (q) => (await q.execute(h.db)).rows[0];
    const smallest = (column) => one(sql\`select \${sql.ref(column)} as value, count(*) as n from employees
      where \${sql.ref(column)} is not null group by 1 having count(*) >= 50 order by 2, 1 limit 1\`);
    const department = await smallest('department');
    const country = await smallest('country_code');
    const group = await one(sql\`select value, count(*) as n from drill_down where kind = 'group'
      group by value having count(*) >= 50 order by 2, 1 limit 1\`);
    const manager = await one(sql\`select manager_id as value, count(*) as n from employees
      where manager_id is not null group by 1 order by 2 desc, 1 limit 1\`);
    const lines = (await sql\`select value, count(*) as n from drill_down where kind = 'line' group by value\`.execute(h.db)).rows
      .map((r) => ({ value: r.value, n: Number(r.n) }));
    const total = Number((await one(sql\`select count(*) as n from employees\`)).n);
    lines.sort((a, b) => b.n - a.n || (a.value < b.value ? -1 : 1));
    const top = lines[0];
    const mid = [...lines].sort((a, b) => Math.abs(a.n - total / 50) - Math.abs(b.n - total / 50))[0];
    console.log(JSON.stringify({ department, country, group, manager, top, mid, total }));
    await h.close()`
  return JSON.parse(script(code))
}

async function measure(label, databaseUrl) {
  const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
  const v = values(databaseUrl)
  const key = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
  const { server, base } = startServer(process.execPath, ROOT, databaseUrl, 35000)
  try {
    await waitFor(`${base}/healthz`, server)
    const ws = `workspace_id=${workspaceId}`
    const q = (name, value) => `&${name}=${encodeURIComponent(value)}`
    const pages = await deepPages(base, key, `${label}-drill`, { employees: `/v1/employees?${ws}` })
    const first = {
      [`employees, department (${v.department.n} employees)`]: `/v1/employees?${ws}${q('department', v.department.value)}`,
      [`employees, country_code (${v.country.n})`]: `/v1/employees?${ws}${q('country_code', v.country.value)}`,
      [`employees, group_id (${v.group.n})`]: `/v1/employees?${ws}${q('group_id', v.group.value)}`,
      [`employees, manager_id (${v.manager.n})`]: `/v1/employees?${ws}${q('manager_id', v.manager.value)}`,
      [`employees, manager_tree, top manager (${v.top.n})`]: `/v1/employees?${ws}${q('manager_tree', v.top.value)}`,
      [`employees, manager_tree, mid-level manager (${v.mid.n})`]: `/v1/employees?${ws}${q('manager_tree', v.mid.value)}`,
      'simulation coverage, department': `/v1/reports/simulation_coverage?${ws}${q('department', v.department.value)}`,
      'simulation coverage, manager_tree, mid-level manager': `/v1/reports/simulation_coverage?${ws}${q('manager_tree', v.mid.value)}`,
      'training coverage, group_id': `/v1/reports/training_coverage?${ws}${q('group_id', v.group.value)}`,
      'training coverage, manager_tree, top manager': `/v1/reports/training_coverage?${ws}${q('manager_tree', v.top.value)}`,
      'repeat offenders, manager_tree, mid-level manager': `/v1/reports/repeat_offenders?${ws}&min_tricked=1${q('manager_tree', v.mid.value)}`,
      'breakdown by manager, department': `/v1/reports/breakdown?${ws}&by=manager${q('department', v.department.value)}`,
      'breakdown by department, manager_tree, mid-level manager': `/v1/reports/breakdown?${ws}&by=department${q('manager_tree', v.mid.value)}`,
      'breakdown by manager, manager_tree, top manager': `/v1/reports/breakdown?${ws}&by=manager${q('manager_tree', v.top.value)}`,
      'breakdown by group, country_code, created window': `/v1/reports/breakdown?${ws}&by=group${q('country_code', v.country.value)}&created_after=2026-01-01`,
    }
    const headers = { 'x-api-key': key, 'x-item-limit': '50' }
    const runs = {
      'employees, deep page': [base + pages.employees.path, headers, pages.employees.cursors, server.pid],
      ...Object.fromEntries(
        Object.entries(first).map(([name, path]) => [name, [base + path, headers, undefined, server.pid]]),
      ),
    }
    // The first answer of each: a filtered breakdown's is counted, the later ones read what it kept.
    const firstMs = {}
    for (const [name, [url]] of Object.entries(runs).slice(1)) {
      const started = performance.now()
      const response = await fetch(url, { headers })
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`)
      await response.arrayBuffer()
      firstMs[name] = performance.now() - started
    }
    const { rps, cpu } = loadRounds(`${label} drill-down`, runs)
    return { label, v, names: Object.keys(first), rps, cpu, firstMs }
  } finally {
    server.kill('SIGTERM')
    await sleep(300)
  }
}

const int = (x) => Math.round(x).toLocaleString('en-US')

function table(sides) {
  const row = (s, name) => {
    const ratio = s.cpu[name] / s.cpu['employees, deep page']
    return `| ${s.label}, ${name} | ${int(s.rps[name])} | ${int(s.cpu[name])} | ${ratio.toFixed(2)}× (${ratio <= 2 ? 'met' : 'not met'}) | ${s.firstMs[name].toFixed(1)} |`
  }
  return [
    '| database, first page (50 items) | req/s | server CPU per request (µs) | / employees deep page (target ≤ 2×) | its first answer (ms, wall) |',
    '|---|---:|---:|---:|---:|',
    ...sides.flatMap((s) => [
      `| ${s.label}, employees, deep page | ${int(s.rps['employees, deep page'])} | ${int(s.cpu['employees, deep page'])} | 1.00× | |`,
      ...s.names.map((name) => row(s, name)),
    ]),
  ].join('\n')
}

/** Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section. */
export async function drillDownSection() {
  const file = demoFile(EMPLOYEES)
  const setups = [['SQLite', () => freshSqlite('bench-drill-down.db')]]
  if (process.env.TEST_DATABASE_URL)
    setups.push(['PostgreSQL', () => freshPostgres(process.env.TEST_DATABASE_URL, 'bench_drill_down')])
  const sides = []
  for (const [label, fresh] of setups) {
    const url = fresh()
    importInto(process.execPath, ROOT, file, url)
    sides.push(await measure(label, url))
  }
  const v = sides[0].v
  return `${DRILL_DOWN_HEADING}

Side by side in one run, on the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees (${int(v.total)} in its workspace). The
server's CPU time per request (from /proc, all its threads, over a ${ROUNDS}-round median of wrk runs) of
a first page with each filter alone, against a deep employees page (at a cursor picked at random from
a walk of the list) in the same rounds. The values: the smallest department, country and group holding
at least a page, the manager with the most direct reports, the top manager (the whole line: every
employee under them) and a mid-level manager (the line nearest 2 % of the employees); the count
beside each is how many employees it keeps. A filtered breakdown is counted by its first answer and
kept for the data's generation: the last column is that first answer's wall time, once, after the
server started (the rounds read what it kept).

${table(sides)}
`
}
