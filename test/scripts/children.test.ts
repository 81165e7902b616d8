// A failing test leaves no process behind: the server it started dies with it, and its file ends
// instead of waiting on the server's open pipes. Tried from outside, on a test file run by node's
// own runner, whose test fails half way through with its server running.

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { MODULE_EXTENSION } from '../helpers/root.js'

const scratch = mkdtempSync(join(tmpdir(), 'awareness-children-'))
after(() => rmSync(scratch, { recursive: true, force: true }))
const processes = pathToFileURL(join(import.meta.dirname, `../helpers/processes${MODULE_EXTENSION}`)).href

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Runs a test file that starts a server (`start`, given the test context `t`) and then fails. */
function failingFile(name: string, body: string): { status: number | null; pid: number; ms: number } {
  const pidFile = join(scratch, `${name}.pid`)
  const file = join(scratch, `${name}.test.mjs`)
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs'
     import { before, test } from 'node:test'
     import { startServer } from ${JSON.stringify(processes)}
     const start = async (t) => {
       const server = await startServer({ DATABASE_URL: ${JSON.stringify(join(scratch, `${name}.db`))} }, t)
       writeFileSync(${JSON.stringify(pidFile)}, String(server.child.pid))
       return server
     }
     ${body}`,
  )
  const env = { ...process.env }
  // Set by the runner running this file: a nested runner that sees it reports to us instead of running.
  delete env.NODE_TEST_CONTEXT
  const started = Date.now()
  const run = spawnSync(
    process.execPath,
    [...(MODULE_EXTENSION === '.ts' ? ['--import', 'tsx'] : []), '--test', file],
    { env, encoding: 'utf8', timeout: 120_000 },
  )
  return { status: run.status, pid: Number(readFileSync(pidFile, 'utf8')), ms: Date.now() - started }
}

test('a test that fails with its server running ends, and its server is gone', () => {
  const run = failingFile(
    'in-test',
    `test('fails half way', async (t) => {
       await start(t)
       throw new Error('an assertion failed here')
     })`,
  )
  assert.equal(run.status, 1, 'the file ends, failed (not killed by the timeout)')
  assert.equal(alive(run.pid), false, `server ${run.pid} still running`)
})

test("a server started in a suite's before, never stopped, is gone when the file's tests end", () => {
  const run = failingFile(
    'in-before',
    `before(() => start())
     test('fails', () => {
       throw new Error('an assertion failed here')
     })`,
  )
  assert.equal(run.status, 1, 'the file ends, failed (not killed by the timeout)')
  assert.equal(alive(run.pid), false, `server ${run.pid} still running`)
})
