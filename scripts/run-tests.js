#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's test runner (Node 20 has no glob support in --test), then
// names every skipped suite and test with its reason. With TEST_FORBID_SKIPS=1 (set by .ci/run) any
// skip fails the run: CI must run the PostgreSQL, Redis and browser tests, not pass without them.
// Usage: node scripts/run-tests.js [path-substring...]
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return find(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const filters = process.argv.slice(2)
const files = find('test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
if (files.length === 0) {
  console.error('no test files match')
  process.exit(1)
}

const scratch = mkdtempSync(join(tmpdir(), 'awareness-tests-'))
const skipsFile = join(scratch, 'skips.ndjson')
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${fileURLToPath(new URL('./skip-reporter.js', import.meta.url))}`,
    `--test-reporter-destination=${skipsFile}`,
    ...files,
  ],
  { stdio: 'inherit' },
)
let skips = []
try {
  skips = readFileSync(skipsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
} catch {
  // No file: the runner stopped before reporting anything; its own status says why.
}
rmSync(scratch, { recursive: true, force: true })

const status = result.status ?? 1
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
    const names = group.map((s) => `${s.name}${s.file ? ` [${relative('.', s.file)}]` : ''}`)
    console.log(`ℹ   ${reason}: ${names.join('; ')}`)
  }
  if (process.env.TEST_FORBID_SKIPS === '1') {
    console.error('TEST_FORBID_SKIPS=1: every test must run here, and the skips above did not')
    process.exit(status === 0 ? 1 : status)
  }
}
process.exit(status)
