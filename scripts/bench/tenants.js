// Many organizations on one instance, side by side in one run on each database: a small
// organization's imports into a database that holds a large one against the same imports into an
// empty database (its first import, the same file again, and the same file with --replace), and its
// deep employees page and progress page against the same organization alone in its database.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  BENCH,
  benchKey,
  cli,
  demoFile,
  freshPostgres,
  freshSqlite,
  importInto,
  load,
  log,
  median,
  option,
  ROOT,
  ROUNDS,
  startServer,
  waitFor,
  walkPages,
} from './lib.js'

export const TENANTS_HEADING = '## Many organizations on one instance'

/** The large organization's employees (--tenant-employees; 1,000,000 is the issue's size). */
const LARGE = option('--tenant-employees', 100_000)
const SMALL = 2_500

/** A small organization's file (one workspace, its own seed), with its organization and workspace ids. */
function smallFile(seed) {
  const file = join(BENCH, `tenant-${SMALL}-seed${seed}.ndjson`)
  if (!existsSync(file)) {
    log(`generating a small organization of ${SMALL} employees (seed ${seed})`)
    cli(process.execPath, ROOT, [
      'demo-data',
      '--employees',
      String(SMALL),
      '--workspaces',
      '1',
      '--seed',
      String(seed),
      '--anchor',
      '2026-11-01',
      '--out',
      file,
    ])
  }
  const [organization, workspace] = readFileSync(file, 'utf8')
    .split('\n', 2)
    .map((line) => JSON.parse(line))
  return { file, organizationId: organization.id, workspaceId: workspace.id }
}

/**
 * One round's imports of a small organization, alternately into the large database and into an
 * empty one of its own: first import, the same file again, the same file with --replace.
 */
function importRound(round, small, largeUrl, freshAlone) {
  const aloneUrl = freshAlone()
  const kinds = [
    ['first', []],
    ['again', []],
    ['replace', ['--replace']],
  ]
  const result = {}
  for (const [kind, extra] of kinds) {
    // Each round starts with the side the previous one ended with.
    const order = round % 2 === 0 ? ['large', 'alone'] : ['alone', 'large']
    result[kind] = {}
    for (const side of order) {
      const url = side === 'large' ? largeUrl : aloneUrl
      result[kind][side] = importInto(process.execPath, ROOT, small.file, url, extra)
    }
    log(
      `tenants round ${round + 1}, ${kind}: into the large database ${result[kind].large.seconds} s, alone ${result[kind].alone.seconds} s`,
    )
  }
  return { ...result, aloneUrl }
}

/** The small organization's deep employees page and progress page, in the large database and alone. */
async function pagesRound(label, small, largeUrl, aloneUrl) {
  const servers = {
    large: { url: largeUrl, ...startServer(process.execPath, ROOT, largeUrl, 33000) },
    alone: { url: aloneUrl, ...startServer(process.execPath, ROOT, aloneUrl, 34000) },
  }
  try {
    const runs = {}
    for (const [side, s] of Object.entries(servers)) {
      await waitFor(`${s.base}/healthz`, s.server)
      const key = benchKey(process.execPath, ROOT, s.url, small.organizationId)
      const ws = `workspace_id=${small.workspaceId}`
      const lists = {
        employees: [`/v1/employees?${ws}`, 50],
        progress: [`/v1/courses/employees_progress?${ws}`, 100],
      }
      for (const [name, [path, limit]] of Object.entries(lists)) {
        const walked = await walkPages(s.base, path, key, limit, 1000)
        const cursors = join(BENCH, `tenants-${label}-${side}-${name}-cursors.txt`)
        writeFileSync(cursors, walked.cursors.join('\n'))
        runs[`${name} ${side}`] = [
          s.base + path,
          { 'x-api-key': key, 'x-item-limit': String(limit) },
          cursors,
          s.server.pid,
        ]
      }
    }
    const rps = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
    const cpu = Object.fromEntries(Object.keys(runs).map((k) => [k, []]))
    // A warm-up of each: every server's page cache and the OS's hold its pages before the rounds.
    for (const run of Object.values(runs)) load(...run)
    for (let round = 0; round < ROUNDS; round++) {
      const names = Object.keys(runs)
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const r = load(...runs[name])
        rps[name].push(r.rps)
        cpu[name].push(r.cpuUs)
      }
      log(
        `tenants ${label} pages round ${round + 1}: ${names.map((k) => `${k} ${rps[k].at(-1)}`).join(', ')}`,
      )
    }
    return {
      rps: Object.fromEntries(Object.entries(rps).map(([k, v]) => [k, median(v)])),
      cpu: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)])),
    }
  } finally {
    for (const s of Object.values(servers)) s.server.kill('SIGTERM')
  }
}

/** The scenario on one database: imports over ROUNDS small organizations, then the last one's pages. */
async function measure(label, largeUrl, freshAlone) {
  const file = demoFile(LARGE)
  log(`tenants ${label}: loading the large organization (${LARGE.toLocaleString('en-US')} employees)`)
  const loaded = importInto(process.execPath, ROOT, file, largeUrl)
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    // A new organization each round: its first import is a first import into the large database too.
    rounds.push(importRound(round, smallFile(2 + round), largeUrl, freshAlone))
  }
  const last = rounds.at(-1)
  const pages = await pagesRound(label, smallFile(1 + ROUNDS), largeUrl, last.aloneUrl)
  const imports = Object.fromEntries(
    ['first', 'again', 'replace'].map((kind) => {
      const large = rounds.map((r) => r[kind].large)
      const alone = rounds.map((r) => r[kind].alone)
      return [
        kind,
        {
          large: median(large.map((r) => r.seconds)),
          alone: median(alone.map((r) => r.seconds)),
          // The ratio of each round, side by side, then their median.
          ratio: median(rounds.map((r) => r[kind].large.seconds / r[kind].alone.seconds)),
          records: alone[0].records,
          phases: { large: pickMedian(large).phases, alone: pickMedian(alone).phases },
        },
      ]
    }),
  )
  return { label, loadedSeconds: loaded.seconds, imports, pages }
}

/** The run whose time is the median. */
function pickMedian(runs) {
  const mid = median(runs.map((r) => r.seconds))
  return runs.find((r) => r.seconds === mid)
}

/** The section of BENCHMARKS.md: both databases when TEST_DATABASE_URL is set. */
export async function tenantsSection() {
  const results = [
    await measure('SQLite', freshSqlite('bench-tenants.db'), () => freshSqlite('bench-tenant-alone.db')),
  ]
  const pgBase = process.env.TEST_DATABASE_URL
  if (pgBase)
    results.push(
      await measure('PostgreSQL', freshPostgres(pgBase, 'bench_tenants'), () =>
        freshPostgres(pgBase, 'bench_tenant_alone'),
      ),
    )
  const s = (x) => x.toFixed(2)
  const names = { first: 'first import', again: 're-import, unchanged', replace: 're-import with --replace' }
  const importTable = [
    '| database, import | records | into the large database (s) | into an empty one (s) | ratio (target ≤ 1.2) |',
    '|---|---:|---:|---:|---:|',
    ...results.flatMap((r) =>
      Object.entries(r.imports).map(
        ([kind, i]) =>
          `| ${r.label}, ${names[kind]} | ${i.records.toLocaleString('en-US')} | ${s(i.large)} | ${s(i.alone)} | ${s(i.ratio)} |`,
      ),
    ),
  ].join('\n')
  const phases = Object.keys(results[0].imports.first.phases.large)
  const phaseTable = [
    `| database, import, side | ${phases.join(' | ')} |`,
    `|---|${phases.map(() => '---:').join('|')}|`,
    ...results.flatMap((r) =>
      Object.entries(r.imports).flatMap(([kind, i]) =>
        ['large', 'alone'].map(
          (side) =>
            `| ${r.label}, ${names[kind]}, ${side === 'large' ? 'large database' : 'empty one'} | ${phases.map((p) => s(i.phases[side][p] ?? 0)).join(' | ')} |`,
        ),
      ),
    ),
  ].join('\n')
  const pageTable = [
    '| database, page | in the large database (req/s) | alone (req/s) | ratio (target ≥ 0.9) | CPU per request, large / alone (µs) |',
    '|---|---:|---:|---:|---:|',
    ...results.flatMap((r) =>
      [
        ['employees', 'deep employees page, 50'],
        ['progress', 'progress page, 100'],
      ].map(
        ([name, title]) =>
          `| ${r.label}, ${title} | ${Math.round(r.pages.rps[`${name} large`])} | ${Math.round(r.pages.rps[`${name} alone`])} | ${s(r.pages.rps[`${name} large`] / r.pages.rps[`${name} alone`])} | ${Math.round(r.pages.cpu[`${name} large`])} / ${Math.round(r.pages.cpu[`${name} alone`])} |`,
      ),
    ),
  ].join('\n')
  return `${TENANTS_HEADING}

One large organization of ${LARGE.toLocaleString('en-US')} employees (the benchmark's demo file${LARGE < 1_000_000 ? '; the issue asks for 1,000,000 where time allows: `--tenant-employees 1000000`' : ''}) and
small ones of ${SMALL.toLocaleString('en-US')} employees, one workspace each (\`npm run bench:tenants\`). Each of
${ROUNDS} rounds imports a new small organization into the large database and into an empty one,
alternately: its first import, the same file again, and the same file with \`--replace\`; the ratio
is each round's large / empty, the median of the rounds. Then the last small organization's deep
employees page and progress page, served from the large database and from its own, each by a server
on core 0, alternately, medians of ${ROUNDS} rounds.

${importTable}

Phases of the median run of each (\`awareness import --timings\`):

${phaseTable}

${pageTable}
`
}
