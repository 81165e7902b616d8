// The test runner script: node's own summary counts skipped tests but not skipped suites, so a
// whole PostgreSQL half could skip under "skipped 0". The script names every skip, and CI's
// TEST_FORBID_SKIPS=1 turns any skip into a failure.

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { ROOT } from '../helpers/root.js'

const RUNNER = join(ROOT, 'scripts/run-tests.js')
const scratch = mkdtempSync(join(tmpdir(), 'run-tests-'))

/** A project folder whose test/ holds the given files; it borrows our node_modules for tsx. */
function project(name: string, files: Record<string, string>): string {
  const dir = join(scratch, name)
  mkdirSync(join(dir, 'test'), { recursive: true })
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, 'test', file), text)
  return dir
}

function run(dir: string, forbid: boolean, extra: Record<string, string> = {}) {
  const env = { ...process.env, ...extra }
  delete env.TEST_FORBID_SKIPS
  // Set by the runner running this file: a nested runner that sees it reports to us instead of running.
  delete env.NODE_TEST_CONTEXT
  if (forbid) env.TEST_FORBID_SKIPS = '1'
  const r = spawnSync(process.execPath, [RUNNER], { cwd: dir, env, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

const PASSING = `import { test } from 'node:test'\ntest('passes', () => {})\n`
const SKIPPED_SUITE = `import { describe, test } from 'node:test'
describe('needs a server', { skip: 'no server here' }, () => { test('inside', () => {}) })
test('passes', () => {})
`
const SKIPPED_TEST = `import { test } from 'node:test'\ntest('needs a browser', { skip: 'no browser here' }, () => {})\n`
const FAILING = `import assert from 'node:assert/strict'\nimport { test } from 'node:test'\ntest('fails', () => assert.equal(1, 2))\n`

const TYPED = `import { test } from 'node:test'
import { relative } from 'node:path'
const where: string = relative(process.cwd(), new URL(import.meta.url).pathname)
test('passes', () => console.log(\`ran from \${where}\`))
`
const TEST_CONFIG = JSON.stringify({
  compilerOptions: {
    module: 'NodeNext',
    target: 'ES2022',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    outDir: 'build',
    rootDir: '.',
    incremental: true,
    tsBuildInfoFile: 'build/.tsbuildinfo',
  },
  include: ['test'],
})

describe('scripts/run-tests.js', () => {
  after(() => rmSync(scratch, { recursive: true, force: true }))

  const skipping = project('skipping', { 'a.test.ts': SKIPPED_SUITE, 'b.test.ts': SKIPPED_TEST })

  test('names every skipped suite and test with its reason, and passes', () => {
    const r = run(skipping, false)
    assert.equal(r.code, 0, r.stderr)
    assert.match(
      r.stdout,
      /ℹ skipped: 1 suite \(whose tests did not run and are in no count above\) and 1 test\n/,
    )
    assert.match(r.stdout, /no server here: needs a server \[test\/a\.test\.ts\]/)
    assert.match(r.stdout, /no browser here: needs a browser \[test\/b\.test\.ts\]/)
  })

  test('with TEST_FORBID_SKIPS=1 a skipped suite fails the run', () => {
    const r = run(project('suite-only', { 'a.test.ts': SKIPPED_SUITE }), true)
    assert.equal(r.code, 1)
    assert.match(r.stderr, /TEST_FORBID_SKIPS=1/)
  })

  test('with TEST_FORBID_SKIPS=1 a run without skips passes, and says nothing of skips', () => {
    const r = run(project('clean', { 'a.test.ts': PASSING }), true)
    assert.equal(r.code, 0, r.stderr)
    assert.doesNotMatch(r.stdout, /skipped suites/)
  })

  test('with tsconfig.test.json the files run compiled, named by their sources, and their durations are kept', () => {
    const dir = project('compiled', { 'a.test.ts': SKIPPED_SUITE, 'b.test.ts': TYPED })
    writeFileSync(join(dir, 'tsconfig.test.json'), TEST_CONFIG)
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }')
    const r = run(dir, false)
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /compiled in [\d.]+ s/)
    assert.match(r.stdout, /no server here: needs a server \[test\/a\.test\.ts\]/)
    assert.match(r.stdout, /ran from build\/test\/b\.test\.js/)
    const kept = JSON.parse(readFileSync(join(dir, 'build/test-durations.json'), 'utf8'))
    assert.deepEqual(Object.keys(kept).sort(), ['test/a.test.ts', 'test/b.test.ts'])
  })

  test('a test that does not compile fails the run before any test runs', () => {
    const dir = project('broken', { 'a.test.ts': `const n: number = 'text'\n${PASSING}` })
    writeFileSync(join(dir, 'tsconfig.test.json'), TEST_CONFIG)
    const r = run(dir, false)
    assert.notEqual(r.code, 0)
    assert.match(r.stderr, /did not compile/)
    assert.doesNotMatch(r.stdout, /passes/)
  })

  test('files start longest first, by the durations kept, not by name', () => {
    const order = join(scratch, 'order.txt')
    const noting = (name: string) =>
      `import { appendFileSync } from 'node:fs'\nappendFileSync(${JSON.stringify(order)}, '${name}\\n')\n${PASSING}`
    const dir = project('ordered', {
      'a.test.ts': noting('a'),
      'b.test.ts': noting('b'),
      'c.test.ts': noting('c'),
    })
    writeFileSync(
      join(dir, 'test/durations.json'),
      JSON.stringify({ 'test/a.test.ts': 1, 'test/b.test.ts': 30 }),
    )
    const r = run(dir, false, { TEST_CONCURRENCY: '1' })
    assert.equal(r.code, 0, r.stderr)
    // A file without a duration counts as ten seconds.
    assert.deepEqual(readFileSync(order, 'utf8').split('\n').filter(Boolean), ['b', 'c', 'a'])
  })

  test('a file marked "Runs alone:" runs after the others, with none beside it; the counts are told once', () => {
    const log = join(scratch, 'alone.txt')
    // Each file notes when it starts and ends; b and c wait in between until both have started
    // (or 30 s), so they end only if they ran side by side.
    const noting = (name: string, marker = '') =>
      `${marker}import { appendFileSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
const log = ${JSON.stringify(log)}
test('${name}', async () => {
  appendFileSync(log, 'start ${name}\\n')
  const both = () => ['start b', 'start c'].every((line) => readFileSync(log, 'utf8').includes(line))
  for (let i = 0; i < 300 && '${name}' !== 'a' && !both(); i++) await new Promise((r) => setTimeout(r, 100))
  appendFileSync(log, 'end ${name}\\n')
})
`
    const dir = project('alone', {
      'a.test.ts': noting('a', '// Runs alone: it times the server.\n'),
      'b.test.ts': noting('b'),
      'c.test.ts': noting('c'),
      'd.test.ts': FAILING,
    })
    const r = run(dir, false, { TEST_CONCURRENCY: '4' })
    assert.equal(r.code, 1, 'the failing file still fails the run')
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean)
    const a = lines.indexOf('start a')
    assert.deepEqual(lines.slice(a, a + 2), ['start a', 'end a'], lines.join(', '))
    assert.equal(a, lines.length - 2, `a runs last: ${lines.join(', ')}`)
    // b and c ran side by side, before a.
    assert.deepEqual(lines.slice(0, 2).sort(), ['start b', 'start c'], lines.join(', '))
    assert.equal(r.stdout.match(/ℹ tests \d+/g)?.join(), 'ℹ tests 4', r.stdout)
    assert.match(r.stdout, /ℹ pass 3\n/)
    assert.match(r.stdout, /ℹ fail 1\n/)
  })

  test('a failing test still fails the run', () => {
    const r = run(project('failing', { 'a.test.ts': FAILING, 'b.test.ts': PASSING }), false)
    assert.equal(r.code, 1)
  })
})

// The suite runs compiled; a file can still be run from the sources, through tsx, and so can the
// program it starts.
test('from the sources, through tsx: the program starts as the tests start it', () => {
  const entry = join(ROOT, 'test/helpers/cli-entry.ts')
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry, '--version'], { encoding: 'utf8' })
  assert.equal(r.status, 0, r.stderr)
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  assert.equal(r.stdout.trim(), version)
})
