// What employees caught (CONTRACT 16), side by side in one run on each database: the demo import
// with its tickets, reports, alerts and impersonations against the same file without them (time
// per byte of file), the server's CPU per request of a deep page of each new list, with a window
// and without, against a deep employees page of the same item count, and the statistics against
// /v1/courses/statistics.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import {
  benchKey,
  deepPages,
  demoFile,
  EMPLOYEES,
  freshPostgres,
  freshSqlite,
  ids,
  importsSideBySide,
  loadRounds,
  ROOT,
  ROUNDS,
  script,
  sleep,
  startServer,
  timeWithin,
  waitFor,
  withoutTypes,
} from './lib.js'

export const INBOX_HEADING = '## Reported emails, alerts and impersonation'

const INBOX_TYPES = [
  '"type":"inbox_ticket"',
  '"type":"email_report"',
  '"type":"email_alert"',
  '"type":"impersonation"',
]

/** The ticket with the most reports, and the times the windows cut, of the loaded database. */
function shape(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const { sql } = await import('kysely');
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const one = async (q) => (await q.execute(h.db)).rows[0];
    const ticket = await one(sql\`select id, reports_count as n from inbox_tickets order by reports_count desc limit 1\`);
    const span = await one(sql\`select min(reported_at) as first_at, max(reported_at) as last_at, count(*) as reports from email_reports\`);
    const counts = await one(sql\`select (select count(*) from inbox_tickets) as tickets, (select count(*) from email_alerts) as alerts,
      (select count(*) from impersonations) as impersonations,
      (select count(*) from employee_tallies where kind = 'employees_with_email_reports') as reporters\`);
    console.log(JSON.stringify({ ticket, span, counts })); await h.close()`
  return JSON.parse(script(code))
}

/** A window on the middle half of the reports' span: it cuts most reporters' spans. */
function middleHalf(span) {
  return `&created_after=${timeWithin(span, 0.25)}&created_before=${timeWithin(span, 0.75)}`
}

async function measure(label, databaseUrl) {
  const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
  const data = shape(databaseUrl)
  const key = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
  const { server, base } = startServer(process.execPath, ROOT, databaseUrl, 33000)
  try {
    await waitFor(`${base}/healthz`, server)
    const ws = `workspace_id=${workspaceId}`
    const half = middleHalf(data.span)
    const whole = '&created_after=2000-01-01'
    const lists = {
      employees: `/v1/employees?${ws}`,
      tickets: `/v1/inbox_tickets?${ws}`,
      'tickets, fraudulent': `/v1/inbox_tickets?${ws}&classification=fraudulent`,
      'tickets, window': `/v1/inbox_tickets?${ws}${half}`,
      'reports of the largest ticket': `/v1/inbox_tickets/${data.ticket.id}/reports?${ws}`,
      reporters: `/v1/inbox_tickets/list_employees_with_email_reports?${ws}`,
      'reporters, window': `/v1/inbox_tickets/list_employees_with_email_reports?${ws}${half}`,
      alerts: `/v1/slash/employees/alert_statistics?${ws}`,
      'alerts, window': `/v1/slash/employees/alert_statistics?${ws}${half}`,
      impersonations: `/v1/slash/employees/impersonation_statistics?${ws}`,
      'impersonations, window': `/v1/slash/employees/impersonation_statistics?${ws}${half}`,
    }
    const pages = await deepPages(base, key, `${label}-inbox`, lists)
    const statistics = {
      'courses/statistics': `/v1/courses/statistics?${ws}`,
      'inbox_tickets/statistics': `/v1/inbox_tickets/statistics?${ws}`,
      'inbox_tickets/statistics, whole-workspace window': `/v1/inbox_tickets/statistics?${ws}${whole}`,
      'inbox_tickets/statistics, middle half': `/v1/inbox_tickets/statistics?${ws}${half}`,
    }
    const headers = { 'x-api-key': key, 'x-item-limit': '50' }
    const runs = {
      ...Object.fromEntries(
        Object.entries(pages).map(([name, p]) => [name, [base + p.path, headers, p.cursors, server.pid]]),
      ),
      ...Object.fromEntries(
        Object.entries(statistics).map(([name, path]) => [
          name,
          // Counted from a window's ranges: one connection, as the server sheds what queues behind it.
          [base + path, { 'x-api-key': key }, undefined, server.pid, name.includes('middle') ? 1 : undefined],
        ]),
      ),
    }
    const { rps, cpu } = loadRounds(`${label} inbox`, runs)
    return {
      label,
      data,
      pages,
      lists: Object.keys(lists),
      statistics: Object.keys(statistics),
      rps,
      cpu,
    }
  } finally {
    server.kill('SIGTERM')
    await sleep(300)
  }
}

const f2 = (x) => x.toFixed(2)
const int = (x) => Math.round(x).toLocaleString('en-US')

function tables(sides, mib) {
  const per100 = (i, side) => (100 * i[side].seconds) / mib[side]
  const imports = [
    '| database | import without (s) | with (s) | s per 100 MiB of file, without | with | with / without (target ≤ 1.3×) |',
    '|---|---:|---:|---:|---:|---:|',
    ...sides.map(({ label, imports: i }) => {
      const ratio = per100(i, 'with') / per100(i, 'without')
      return `| ${label} | ${f2(i.without.seconds)} | ${f2(i.with.seconds)} | ${f2(per100(i, 'without'))} | ${f2(per100(i, 'with'))} | ${f2(ratio)}× (${ratio <= 1.3 ? 'met' : 'not met'}) |`
    }),
  ]
  const pages = [
    '| database, deep page (50 items) | bytes | req/s | server CPU per request (µs) | / employees deep page (target ≤ 1.5×) |',
    '|---|---:|---:|---:|---:|',
    ...sides.flatMap((s) =>
      s.lists.map((name) => {
        const ratio = s.cpu[name] / s.cpu.employees
        const target = name === 'employees' ? '' : ` (${ratio <= 1.5 ? 'met' : 'not met'})`
        return `| ${s.label}, ${name}${s.pages[name].cursors ? '' : ' (one page)'} | ${int(s.pages[name].bytes)} | ${int(s.rps[name])} | ${int(s.cpu[name])} | ${f2(ratio)}×${target} |`
      }),
    ),
  ]
  const stats = [
    '| database, endpoint | req/s | server CPU per request (µs) | / courses/statistics CPU (target ≤ 1× for the whole workspace) |',
    '|---|---:|---:|---:|',
    ...sides.flatMap((s) =>
      s.statistics.map((name) => {
        const ratio = s.cpu[name] / s.cpu['courses/statistics']
        const target =
          name === 'courses/statistics' || name.includes('middle')
            ? ''
            : ` (${ratio <= 1 ? 'met' : 'not met'})`
        return `| ${s.label}, ${name} | ${int(s.rps[name])} | ${int(s.cpu[name])} | ${f2(ratio)}${target} |`
      }),
    ),
  ]
  return { imports: imports.join('\n'), pages: pages.join('\n'), stats: stats.join('\n') }
}

/** Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section. */
export async function inboxSection() {
  const file = demoFile(EMPLOYEES)
  const without = await withoutTypes(file, INBOX_TYPES, 'inbox')
  const setups = [['SQLite', (side) => freshSqlite(`bench-inbox-${side}.db`)]]
  if (process.env.TEST_DATABASE_URL)
    setups.push(['PostgreSQL', (side) => freshPostgres(process.env.TEST_DATABASE_URL, `bench_inbox_${side}`)])
  const sides = []
  for (const [label, fresh] of setups) {
    const imports = importsSideBySide('inbox', fresh, file, without)
    sides.push({ ...(await measure(label, imports.url)), imports })
  }
  const mib = { with: statSync(file).size / 2 ** 20, without: statSync(without).size / 2 ** 20 }
  const t = tables(sides, mib)
  const c = sides[0].data.counts
  return `${INBOX_HEADING}

Side by side in one run, on the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees: ${int(c.tickets)} tickets, ${int(sides[0].data.span.reports)} reports by
${int(c.reporters)} reporters, ${int(c.alerts)} alerts, ${int(c.impersonations)} impersonations; and the same file without them
(${int(mib.with)} MiB against ${int(mib.without)} MiB). Imports alternate between the two files, each into an empty database,
medians of ${ROUNDS} runs; per byte, seconds per 100 MiB of the file read.

${t.imports}

The server's CPU time per request (from /proc, all its threads, over a ${ROUNDS}-round median of wrk runs) of a
deep page, at a cursor picked at random from a walk of the list, against a deep employees page of the
same item count in the same rounds. "window": the middle half of the reports' time span, which cuts
most employees' spans (the costly case: their rows in it are counted).

${t.pages}

The statistics, each against \`/v1/courses/statistics\` in the same rounds: without a window, with one
that spans the whole workspace (answered from the values kept at import), and with the middle half
(counted from the index ranges it bounds; measured with one connection, since it takes tens of
milliseconds and the server sheds what queues behind it).

${t.stats}
`
}
