// The phishing simulations, groups and statistics (CONTRACT 15), side by side in one run on each
// database: the demo import with its simulations against the same file without them (time and peak
// memory), deep pages of a campaign's attacks and of a group's members against a deep employees
// page (per byte, each beside a bare node:http server sending its bytes), and the statistics
// against /v1/courses/statistics.
import { statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  BENCH,
  benchKey,
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
  startProcess,
  startServer,
  waitFor,
  walkPages,
  withoutTypes,
} from './lib.js'

export const SIMULATIONS_HEADING = '## Phishing simulations, groups and statistics'

const SIMULATION_TYPES = ['"type":"campaign"', '"type":"attack"']

/** The campaign with the most attacks and the group with the most members, of the loaded database. */
function largest(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const { sql } = await import('kysely');
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const one = async (q) => (await q.execute(h.db)).rows[0];
    const campaign = await one(sql\`select campaign_id as id, count(*) as n from attacks group by campaign_id order by n desc limit 1\`);
    const group = await one(sql\`select id, employees_count as n from groups order by employees_count desc limit 1\`);
    console.log(JSON.stringify({ campaign, group })); await h.close()`
  return JSON.parse(script(code))
}

/** The pages and statistics of one loaded database, against their raw counterparts, medians of ROUNDS. */
async function measurePages(label, databaseUrl) {
  const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
  const { campaign, group } = largest(databaseUrl)
  const key = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
  const { server, port, base } = startServer(process.execPath, ROOT, databaseUrl, 32000)
  const raws = []
  try {
    await waitFor(`${base}/healthz`, server)
    const ws = `workspace_id=${workspaceId}`
    const lists = {
      employees: `/v1/employees?${ws}`,
      attacks: `/v1/campaigns/${campaign.id}/attacks?${ws}`,
      members: `/v1/groups/${group.id}/employees?${ws}`,
    }
    const pages = {}
    let rawPort = port + 1
    for (const [name, path] of Object.entries(lists)) {
      const walked = await walkPages(base, path, key, 50, 1000)
      const cursors = join(BENCH, `${label}-${name}-cursors.txt`)
      const body = join(BENCH, `${label}-${name}-page.json`)
      writeFileSync(cursors, walked.cursors.join('\n'))
      writeFileSync(body, walked.deepBody)
      const raw = startProcess(
        process.execPath,
        [join(ROOT, 'scripts/raw-server.js'), body, String(rawPort)],
        {},
      )
      raws.push(raw)
      await waitFor(`http://127.0.0.1:${rawPort}/`)
      pages[name] = {
        path,
        cursors,
        bytes: walked.deepBody.length,
        raw: `http://127.0.0.1:${rawPort}/`,
        rawPid: raw.pid,
      }
      rawPort++
    }
    const statistics = {
      'courses/statistics': `/v1/courses/statistics?${ws}`,
      'campaigns/statistics': `/v1/campaigns/statistics?${ws}`,
      'campaigns/statistics, one campaign': `/v1/campaigns/statistics?${ws}&campaign_id=${campaign.id}`,
      'breaches/statistics': `/v1/breaches/statistics?${ws}`,
      'employees/statistics': `/v1/employees/statistics?${ws}`,
    }
    const headers = { 'x-api-key': key, 'x-item-limit': '50' }
    const runs = {
      ...Object.fromEntries(
        Object.entries(pages).flatMap(([name, p]) => [
          [name, [base + p.path, headers, p.cursors, server.pid]],
          [`raw ${name}`, [p.raw, headers, p.cursors, p.rawPid]],
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(statistics).map(([name, path]) => [
          name,
          [base + path, { 'x-api-key': key }, undefined, server.pid],
        ]),
      ),
    }
    const { rps, cpu } = loadRounds(`${label} simulations`, runs)
    return { label, campaign, group, pages, statistics: Object.keys(statistics), rps, cpu }
  } finally {
    for (const raw of raws) raw.kill()
    server.kill('SIGTERM')
    await sleep(300)
  }
}

const f1 = (x) => x.toFixed(1)
const f2 = (x) => x.toFixed(2)
const int = (x) => Math.round(x).toLocaleString('en-US')

function tables(sides, mib) {
  // Per byte: seconds per 100 MiB of the file each import read.
  const per100 = (i, side) => (100 * i[side].seconds) / mib[side]
  const imports = [
    '| database | import without simulations (s) | with (s) | with / without (target ≤ 2×) | s per 100 MiB of file, without | with | with / without | peak RSS without (MiB) | with (MiB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...sides.map(
      ({ label, imports: i }) =>
        `| ${label} | ${f1(i.without.seconds)} | ${f1(i.with.seconds)} | ${f2(i.with.seconds / i.without.seconds)}× (${i.with.seconds <= 2 * i.without.seconds ? 'met' : 'not met'}) | ${f2(per100(i, 'without'))} | ${f2(per100(i, 'with'))} | ${f2(per100(i, 'with') / per100(i, 'without'))} | ${int(i.rss.without)} | ${int(i.rss.with)} |`,
    ),
  ]
  const phases = Object.keys(sides[0].imports.with.phases)
  const phaseRows = [
    `| database, file | ${phases.join(' | ')} |`,
    `|---|${phases.map(() => '---:').join('|')}|`,
    ...sides.flatMap(({ label, imports: i }) =>
      ['without', 'with'].map(
        (side) => `| ${label}, ${side} | ${phases.map((p) => f2(i[side].phases[p] ?? 0)).join(' | ')} |`,
      ),
    ),
  ]
  // Per byte: bytes served per second by the server, and its CPU time per KiB sent.
  const perByte = (s, name) => ({
    mbps: (s.rps[name] * s.pages[name].bytes) / 2 ** 20,
    usPerKiB: s.cpu[name] / (s.pages[name].bytes / 1024),
    ofRaw: s.rps[name] / s.rps[`raw ${name}`],
  })
  const pages = [
    '| database, deep page (50 items) | bytes | req/s | MiB/s | / employees MiB/s (target ≥ 1) | the same at the fastest request of the run | server CPU per KiB (µs) | / employees | req/s / bare node:http, same bytes |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...sides.flatMap((s) => {
      // The most a page of these bytes could reach per byte, were it answered as fast as the
      // fastest request measured beside it (a statistics object: one stored row).
      const fastest = Math.max(...s.statistics.map((name) => s.rps[name]))
      return ['employees', 'attacks', 'members'].map((name) => {
        const p = perByte(s, name)
        const e = perByte(s, 'employees')
        const target = name === 'employees' ? '' : ` (${p.mbps >= e.mbps ? 'met' : 'not met'})`
        const bound = (fastest * s.pages[name].bytes) / 2 ** 20 / e.mbps
        return `| ${s.label}, ${name} | ${int(s.pages[name].bytes)} | ${int(s.rps[name])} | ${f1(p.mbps)} | ${f2(p.mbps / e.mbps)}${target} | ${f2(bound)} | ${f1(p.usPerKiB)} | ${f2(p.usPerKiB / e.usPerKiB)} | ${(100 * p.ofRaw).toFixed(1)} % |`
      })
    }),
  ]
  const stats = [
    '| database, endpoint | req/s | / courses/statistics (target ≥ 1) | server CPU per request (µs) | / courses/statistics |',
    '|---|---:|---:|---:|---:|',
    ...sides.flatMap((s) =>
      s.statistics.map((name) => {
        const ratio = s.rps[name] / s.rps['courses/statistics']
        const target = name === 'courses/statistics' ? '' : ` (${ratio >= 1 ? 'met' : 'not met'})`
        return `| ${s.label}, ${name} | ${int(s.rps[name])} | ${f2(ratio)}${target} | ${int(s.cpu[name])} | ${f2(s.cpu[name] / s.cpu['courses/statistics'])} |`
      }),
    ),
  ]
  return {
    imports: imports.join('\n'),
    phases: phaseRows.join('\n'),
    pages: pages.join('\n'),
    stats: stats.join('\n'),
  }
}

/** Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section. */
export async function simulationsSection() {
  const file = demoFile(EMPLOYEES)
  const without = await withoutTypes(file, SIMULATION_TYPES, 'simulations')
  const setups = [['SQLite', (side) => freshSqlite(`bench-simulations-${side}.db`)]]
  if (process.env.TEST_DATABASE_URL)
    setups.push([
      'PostgreSQL',
      (side) => freshPostgres(process.env.TEST_DATABASE_URL, `bench_simulations_${side}`),
    ])
  const sides = []
  for (const [label, fresh] of setups) {
    const imports = importsSideBySide('simulations', fresh, file, without)
    sides.push({ ...(await measurePages(label, imports.url)), imports })
  }
  const mib = { with: statSync(file).size / 2 ** 20, without: statSync(without).size / 2 ** 20 }
  const t = tables(sides, mib)
  const s = sides[0]
  return `${SIMULATIONS_HEADING}

Side by side in one run, on the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees (${int(sides[0].imports.with.records)} records, of which
${int(sides[0].imports.with.records - sides[0].imports.without.records)} campaigns and attacks) and the same file without its campaigns and attacks; imports
alternate between the two files, each into an empty database, medians of ${ROUNDS} runs (peak RSS: of the import process).
The file with simulations is ${int(mib.with)} MiB, ${f2(mib.with / mib.without)}× the ${int(mib.without)} MiB without them: per byte, the two imports compare
in the columns after the target's.

${t.imports}

${t.phases}

Deep pages at a cursor picked at random from a walk of the list (the largest campaign's attacks,
${int(s.campaign.n)} on SQLite, with their events; the largest group's members, ${int(s.group.n)}), against a deep employees
page, in the same rounds, each beside a bare \`node:http\` server sending its bytes. Per byte: bytes the
server sends per second, and its CPU time per KiB sent. A bound beside it: the bytes per second a page
of the same size would send at the rate of the fastest request measured in the run (a statistics
object, one stored row, with the same key check, rate limit and reply), against the employees page's.

${t.pages}

The statistics without a window, each against \`/v1/courses/statistics\` in the same rounds.

${t.stats}
`
}
