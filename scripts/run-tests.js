#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's test runner, then names every skipped suite and test with
// its reason. With TEST_FORBID_SKIPS=1 (set by .ci/run) any skip fails the run: CI must run the
// PostgreSQL, Redis and browser tests, not pass without them.
//
// The tests run compiled: `tsc -b tsconfig.test.json` (incremental) writes src/ and test/ to build/,
// and the files run from there (scripts/test-files.js), TEST_CONCURRENCY at once (4), longest first
// (their durations of the last full run, else those committed in test/durations.json), so that the
// workers end together; a file marked `// Runs alone:` runs after them, on its own. Each test database is
// copied from a template migrated once here (test/helpers/databases.ts). A folder without
// tsconfig.test.json, or TEST_FROM_SOURCES=1, runs the sources through tsx instead.
// Usage: node scripts/run-tests.js [path-substring...]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const BUILD = 'build'
/** Files run at once: most wait on processes, servers and timers as much as they compute. */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? 4)
const COMMITTED_DURATIONS = 'test/durations.json'
const LAST_DURATIONS = join(BUILD, 'test-durations.json')

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return find(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return {}
  }
}

const filters = process.argv.slice(2)
const sources = find('test').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
if (sources.length === 0) {
  console.error('no test files match')
  process.exit(1)
}
const fromBuild = existsSync('tsconfig.test.json') && process.env.TEST_FROM_SOURCES !== '1'

if (fromBuild) {
  const started = performance.now()
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'tsconfig.test.json'], {
    stdio: 'inherit',
  })
  if (tsc.status !== 0) {
    console.error('the tests did not compile (tsc -b tsconfig.test.json): nothing was run')
    process.exit(tsc.status ?? 1)
  }
  console.log(
    `ℹ compiled in ${((performance.now() - started) / 1000).toFixed(1)} s (tsc -b tsconfig.test.json)`,
  )
}

// Longest first: a long file that starts last would keep one worker busy while the others idle.
const durations = { ...readJson(COMMITTED_DURATIONS), ...readJson(LAST_DURATIONS) }
const seconds = (file) => durations[file] ?? 10
sources.sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))
// A file that times the server says so in a line of its own: it runs after the others, alone.
const ALONE = /^\/\/ Runs alone:/m
const alone = sources.filter((file) => ALONE.test(readFileSync(file, 'utf8')))
const together = sources.filter((file) => !alone.includes(file))
const runnable = (file) => (fromBuild ? join(BUILD, file.replace(/\.ts$/, '.js')) : file)
/** The source a runnable file was compiled from, as test files are named in every message. */
const sourceOf = (file) => {
  const path = relative('.', file)
  return fromBuild && path.startsWith(`${BUILD}/`)
    ? path.slice(BUILD.length + 1).replace(/\.js$/, '.ts')
    : path
}

const scratch = mkdtempSync(join(tmpdir(), 'awareness-tests-'))
let templates = { env: {}, async drop() {} }
const templatesModule = join(BUILD, 'test/helpers/databases.js')
if (fromBuild && existsSync(templatesModule)) {
  const { createTemplates } = await import(pathToFileURL(templatesModule).href)
  templates = await createTemplates(scratch)
}
const skipsFile = join(scratch, 'skips.ndjson')
const timesFile = join(scratch, 'times.ndjson')
const result = spawnSync(
  process.execPath,
  [
    ...(fromBuild ? ['--enable-source-maps'] : ['--import', 'tsx']),
    fileURLToPath(new URL('./test-files.js', import.meta.url)),
    skipsFile,
    timesFile,
    ...together.map(runnable),
    ...(alone.length > 0 ? ['--alone', ...alone.map(runnable)] : []),
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...templates.env,
      TEST_CONCURRENCY: String(CONCURRENCY),
      ...(fromBuild ? {} : { TEST_FROM_SOURCES: '1' }),
    },
  },
)
await templates.drop()
const lines = (file) => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  } catch {
    // No file: the runner stopped before reporting anything; its own status says why.
    return []
  }
}
const skips = lines(skipsFile)
const times = lines(timesFile)
rmSync(scratch, { recursive: true, force: true })

const status = result.status ?? 1
if (fromBuild && times.length > 0) {
  const measured = Object.fromEntries(times.map((t) => [sourceOf(t.file), Math.round(t.seconds)]))
  writeFileSync(LAST_DURATIONS, `${JSON.stringify({ ...readJson(LAST_DURATIONS), ...measured }, null, 2)}\n`)
}
if (skips.length > 0) {
  const byReason = new Map()
  for (const s of skips) {
    if (!byReason.has(s.reason)) byReason.set(s.reason, [])
    byReason.get(s.reason).push(s)
  }
  const suites = skips.filter((s) => s.kind === 'suite').length
  const tests = skips.length - suites
  // Node's own "skipped" above counts the skipped tests; a skipped suite's tests never ran, so
  // nothing counts them: the suites are told apart here.
  console.log(
    `ℹ skipped: ${suites} ${suites === 1 ? 'suite' : 'suites'} (whose tests did not run and are in no count above) and ${tests} ${tests === 1 ? 'test' : 'tests'}`,
  )
  for (const [reason, group] of byReason) {
    const names = group.map((s) => `${s.name}${s.file ? ` [${sourceOf(s.file)}]` : ''}`)
    console.log(`ℹ   ${reason}: ${names.join('; ')}`)
  }
  if (process.env.TEST_FORBID_SKIPS === '1') {
    console.error('TEST_FORBID_SKIPS=1: every test must run here, and the skips above did not')
    process.exit(status === 0 ? 1 : status)
  }
}
process.exit(status)
