// Erasure (CONTRACT 20), on each database, on the 100k demo: `awareness employees erase` of one
// employee (the one managing the most) and of 1,000, beside an import that changes one employee of
// the same workspace (what an erasure's derivation costs as well), in interleaved rounds, each the
// whole command. The erasures are dry runs (the same work, rolled back instead of committed), so
// that every round erases the same people from the same data; the step times come from `--json`.
import { closeSync, openSync, readSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { apiDatabases, BENCH, cli, demoFile, EMPLOYEES, log, median, ROOT, ROUNDS, script } from './lib.js'

export const ERASURE_HEADING = '## Erasure'

/** The organization, the workspace's most-managing employee and 1,000 employees, and one employee's record. */
function subjects(databaseUrl) {
  const code = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/db/connection.js'))});
    const { sql } = await import('kysely');
    const h = openDatabase(${JSON.stringify(databaseUrl)});
    const w = await h.db.selectFrom('workspaces').select(['id', 'organization_id']).executeTakeFirstOrThrow();
    const manager = (await sql\`select manager_id from employees where manager_id is not null
      group by manager_id order by count(*) desc, manager_id limit 1\`.execute(h.db)).rows[0].manager_id;
    const many = (await sql\`select id from employees order by id limit 1000\`.execute(h.db)).rows.map((r) => r.id);
    const events = Number((await sql\`select count(*) as n from events where workspace_id = \${w.id}\`.execute(h.db)).rows[0].n);
    console.log(JSON.stringify({ organizationId: w.organization_id, workspaceId: w.id, manager, many, events }));
    await h.close()`
  return JSON.parse(script(code))
}

/** The demo file's first employee record with its karma moved by one, alternately up and down. */
function changedRecord(round) {
  const fd = openSync(demoFile(EMPLOYEES), 'r')
  const head = Buffer.alloc(1 << 16)
  readSync(fd, head, 0, head.length, 0)
  closeSync(fd)
  const line = head
    .toString('utf8')
    .split('\n')
    .find((l) => l.startsWith('{"type":"employee"'))
  const e = JSON.parse(line)
  const score = e.karma === null ? 500 : Math.max(0, e.karma.score + (round % 2 === 0 ? 1 : 0))
  return JSON.stringify({ ...e, karma: { score, security_level: e.karma?.security_level ?? 'ok' } })
}

function measure(label, databaseUrl) {
  const s = subjects(databaseUrl)
  const erase = (ids) => {
    const r = cli(process.execPath, ROOT, [
      'employees',
      'erase',
      '--organization',
      s.organizationId,
      ...ids,
      '--dry-run',
      '--json',
      '--database',
      databaseUrl,
    ])
    const summary = JSON.parse(r.stdout)
    return { seconds: summary.seconds, phases: summary.phases, events: summary.events_deleted }
  }
  const one = []
  const many = []
  const imports = []
  for (let round = 0; round < ROUNDS; round++) {
    const file = join(BENCH, `erasure-one-record-${round}.ndjson`)
    writeFileSync(file, `${changedRecord(round)}\n`)
    one.push(erase([s.manager]))
    many.push(erase(s.many))
    imports.push(cli(process.execPath, ROOT, ['import', file, '--database', databaseUrl]).seconds)
    log(
      `${label} erasure round ${round + 1}: one ${one.at(-1).seconds} s, 1,000 ${many.at(-1).seconds} s, a one-record import ${imports.at(-1)} s`,
    )
  }
  return { label, one, many, imports, events: s.events }
}

const f1 = (x) => x.toFixed(1)
const mid = (runs) => median(runs.map((r) => r.seconds))
/** The step times of the median run. */
const stepsOf = (runs) => runs.find((r) => r.seconds === mid(runs)).phases

/** Runs the scenario on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; returns its section. */
export async function erasureSection() {
  const sides = apiDatabases().map(([label, url]) => measure(label, url))
  const rows = sides.map((s) => {
    const one = mid(s.one)
    const many = mid(s.many)
    const imported = median(s.imports)
    return `| ${s.label} | ${f1(one)} (${one <= 5 ? 'met' : 'not met'}) | ${f1(many)} (${many <= 60 ? 'met' : 'not met'}) | ${f1(imported)} | ${(one / imported).toFixed(2)}× |`
  })
  const steps = sides.flatMap((s) =>
    [
      ['one', s.one],
      ['1,000', s.many],
    ].map(([who, runs]) => {
      const p = stepsOf(runs)
      return `| ${s.label}, ${who} | ${Object.values(p).map(f1).join(' | ')} |`
    }),
  )
  const phases = Object.keys(stepsOf(sides[0].one))
  return `${ERASURE_HEADING}

\`awareness employees erase\` on the demo file of ${EMPLOYEES.toLocaleString('en-US')} employees (one workspace), the whole
command, medians of ${ROUNDS} interleaved rounds: one employee (the one managing the most), 1,000 employees,
and beside them an import that changes one employee's karma in the same workspace (it derives the
workspace again as an erasure does). The erasures are dry runs (all of the work, rolled back
instead of committed: a commit took 0.1 to 0.3 s in runs that committed), so that each round erases
the same people from the same data. Targets (CONTRACT 20): one at most 5 s, 1,000 at most 60 s.

| database | one employee (s) | 1,000 employees (s) | a one-record import (s) | one employee / one-record import |
|---|---:|---:|---:|---:|
${rows.join('\n')}

Where the time goes (\`--json\`'s steps, seconds, the median run): \`events\` is the pass over the
workspace's ${sides[0].events.toLocaleString('en-US')} events that finds those naming the people (by the database for up to 16 people, here
for more); \`derive\`, \`periods\` and \`history\` are what an import derives for a touched workspace.

| database, erased | ${phases.join(' | ')} |
|---|${phases.map(() => '---:').join('|')}|
${steps.join('\n')}
`
}
