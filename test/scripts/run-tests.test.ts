// The test runner script: node's own summary counts skipped tests but not skipped suites, so a
// whole PostgreSQL half could skip under "skipped 0". The script names every skip, and CI's
// TEST_FORBID_SKIPS=1 turns any skip into a failure.

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
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

function run(dir: string, forbid: boolean) {
  const env = { ...process.env }
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

  test('a failing test still fails the run', () => {
    const r = run(project('failing', { 'a.test.ts': FAILING, 'b.test.ts': PASSING }), false)
    assert.equal(r.code, 1)
  })
})
