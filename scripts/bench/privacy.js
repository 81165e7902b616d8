// Privacy by key (CONTRACT 19), on each database, on the 100k demo: the statistics, a series and a
// breakdown's first page asked by an aggregate key against the same asked by an identified key,
// side by side in the same rounds (the server's CPU per request); and the time
// `awareness organizations rotate-pseudonyms` takes, the whole command, median of ROUNDS runs.
import {
  apiDatabases,
  benchKey,
  cli,
  deepPages,
  EMPLOYEES,
  ids,
  loadRounds,
  median,
  ROOT,
  ROUNDS,
  sleep,
  startServer,
  waitFor,
} from './lib.js'

export const PRIVACY_HEADING = '## Privacy by key'

const DEEP = 'employees deep page'

/** What an aggregate key reads, by name: each asked with both keys. */
const PATHS = (ws) => ({
  'employees statistics': `/v1/employees/statistics?${ws}`,
  'phishing statistics': `/v1/campaigns/statistics?${ws}`,
  'program statistics, monthly history': `/v1/courses/statistics/history?${ws}`,
  'breakdown by department, first page': `/v1/reports/breakdown?${ws}&by=department`,
})

async function measure(label, databaseUrl) {
  const { workspaceId, organizationId } = ids(process.execPath, ROOT, databaseUrl)
  const identified = benchKey(process.execPath, ROOT, databaseUrl, organizationId)
  const argv = ['keys', 'create', '--organization', organizationId, '--rate-limit', '999999999/1h']
  const keyOf = (privacy) =>
    cli(process.execPath, ROOT, [...argv, '--privacy', privacy, '--database', databaseUrl])
      .stdout.trim()
      .split('\n')
      .at(-1)
  const aggregate = keyOf('aggregate')
  const pseudonymous = keyOf('pseudonymous')
  const rotations = Array.from(
    { length: ROUNDS },
    () =>
      cli(process.execPath, ROOT, [
        'organizations',
        'rotate-pseudonyms',
        organizationId,
        '--database',
        databaseUrl,
      ]).seconds,
  )
  const { server, base } = startServer(process.execPath, ROOT, databaseUrl, 35000)
  try {
    await waitFor(`${base}/healthz`, server)
    const runs = {}
    for (const [name, path] of Object.entries(PATHS(`workspace_id=${workspaceId}`)))
      for (const [privacy, key] of [
        ['identified', identified],
        ['aggregate', aggregate],
      ])
        runs[`${name}, ${privacy}`] = [base + path, { 'x-api-key': key }, undefined, server.pid]
    // A deep employees page (50 items, at a cursor picked at random) asked by each key: its cursors
    // are its own (bound to its privacy).
    const employees = { [DEEP]: `/v1/employees?workspace_id=${workspaceId}` }
    for (const [privacy, key] of [
      ['identified', identified],
      ['pseudonymous', pseudonymous],
    ]) {
      const page = (await deepPages(base, key, `${label}-privacy-${privacy}`, employees))[DEEP]
      runs[`${DEEP}, ${privacy}`] = [
        base + page.path,
        { 'x-api-key': key, 'x-item-limit': '50' },
        page.cursors,
        server.pid,
      ]
    }
    const { rps, cpu } = loadRounds(`${label} privacy`, runs)
    return { label, rps, cpu, rotations }
  } finally {
    server.kill('SIGTERM')
    await sleep(300)
  }
}

const f2 = (x) => x.toFixed(2)
const int = (x) => Math.round(x).toLocaleString('en-US')

/** Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section. */
export async function privacySection() {
  const sides = []
  for (const [label, url] of apiDatabases()) sides.push(await measure(label, url))
  const rows = sides.flatMap((s) =>
    Object.keys(PATHS('')).map((name) => {
      const ratio = s.cpu[`${name}, aggregate`] / s.cpu[`${name}, identified`]
      return `| ${s.label}, ${name} | ${int(s.rps[`${name}, identified`])} | ${int(s.cpu[`${name}, identified`])} | ${int(s.rps[`${name}, aggregate`])} | ${int(s.cpu[`${name}, aggregate`])} | ${f2(ratio)}× |`
    }),
  )
  const deep = sides.map((s) => {
    const ratio = s.cpu[`${DEEP}, pseudonymous`] / s.cpu[`${DEEP}, identified`]
    return `| ${s.label} | ${int(s.rps[`${DEEP}, identified`])} | ${int(s.cpu[`${DEEP}, identified`])} | ${int(s.rps[`${DEEP}, pseudonymous`])} | ${int(s.cpu[`${DEEP}, pseudonymous`])} | ${f2(ratio)}× (${ratio <= 1.2 ? 'met' : 'not met'}) |`
  })
  const rotation = sides.map(
    (s) =>
      `| ${s.label} | ${s.rotations.map((x) => x.toFixed(1)).join(', ')} | ${median(s.rotations).toFixed(1)} s (${median(s.rotations) <= 30 ? 'met' : 'not met'}) |`,
  )
  return `${PRIVACY_HEADING}

Side by side in one run, on the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees (one workspace, far above the
default minimum group size of 10, so that an aggregate key sees the same figures). The server's CPU
time per request (from /proc, all its threads, over a ${ROUNDS}-round median of wrk runs) of each
answer an aggregate key reads, asked by an identified key and by an aggregate one in the same rounds
(targets, CONTRACT 19: statistics at most 1.1×, the breakdown's first page at most 2×).

| database, answer | identified req/s | identified CPU per request (µs) | aggregate req/s | aggregate CPU per request (µs) | aggregate / identified |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

What an aggregate answer does beyond the identified one: a state statistic (employees, program) and
its series judge the population by a field of their own, and their narrower figures by counts read
with the answer (the same rows, or a row of the same statement; kept beside each point); a window
statistic (phishing) selects the population now beside its kept answer, in the same statement, and
judges its narrower figures by fields of the answer (parsed, and sent again when one is hidden); a
breakdown reads the organization's data generation, then takes the rows it decided at that
generation (every cell's size, the merges) and, without a window, their answers as shown, kept in
the process until the next import; only its first request at a generation reads and decides them.

A deep employees page (50 items, at a cursor picked at random from each key's own walk) asked by an
identified key and by a pseudonymous one in the same rounds (target: pseudonymous at most 1.2× the
server CPU). Both pages are stored JSON sent as read: the pseudonymous one is the rendering the
import kept for such keys (the employee through the one step, their own id and their manager's by
pseudonym), in a table of its own in the list's order.

| database | identified req/s | identified CPU per request (µs) | pseudonymous req/s | pseudonymous CPU per request (µs) | pseudonymous / identified |
|---|---:|---:|---:|---:|---:|
${deep.join('\n')}

\`awareness organizations rotate-pseudonyms\` on the same database: a new secret, and a new pseudonym and pseudonymous rendering for
each of the ${EMPLOYEES.toLocaleString('en-US')} employees, in one transaction; the whole command (start, schema check, rotation, exit),
${ROUNDS} runs (target: within 30 s).

| database | runs (s) | median |
|---|---|---:|
${rotation.join('\n')}
`
}
