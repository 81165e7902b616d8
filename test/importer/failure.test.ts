// An import that does not complete (CONTRACT 12) leaves the database as it was and no large
// write-ahead log behind: a dry run, a full disk, Ctrl-C, a kill. A dry run counts exactly what the
// import would create, change and delete.

import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { openDatabase } from '../../src/db/connection.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { demoNdjson } from '../../src/demo/generate.js'
import { type ImportSource, importSources } from '../../src/importer/import.js'
import { owned } from '../helpers/children.js'
import { CLI, runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase } from '../helpers/databases.js'
import { employee, organization, source, workspace } from '../helpers/records.js'
import { snapshot } from '../helpers/snapshot.js'
import { elapse } from '../helpers/wait.js'

const demo = (employees: number): ImportSource => ({
  name: 'demo.ndjson',
  read: () => demoNdjson({ employees, seed: 7, workspaces: 1, anchor: new Date('2026-11-01T00:00:00Z') }),
})
const walBytes = (file: string) => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

for (const { dialect, skip } of DIALECTS) {
  describe(`dry runs (${dialect})`, { skip }, () => {
    test('a dry run counts what the import would create, change and delete, and writes nothing', async () => {
      const db = await freshDatabase(dialect)
      try {
        const org = organization()
        const ws = workspace(org.id as string)
        const staff = Array.from({ length: 10 }, () => employee(ws.id as string))
        await importSources(db.handle, [source([org, ws, ...staff])])
        const changed = { ...staff[0], name: 'Changed Name' }
        const next = [org, ws, changed, ...staff.slice(1, 7), employee(ws.id as string)]
        const before = await snapshot(db.handle)
        const dry = await importSources(db.handle, [source(next)], { replace: true, dryRun: true })
        assert.equal(dry.dryRun, true)
        assert.deepEqual(await snapshot(db.handle), before, 'nothing was written')
        assert.deepEqual([dry.created.employee, dry.written.employee, dry.deleted.employee], [1, 2, 3])
        assert.equal(dry.created.workspace + dry.written.workspace, 0)
        const real = await importSources(db.handle, [source(next)], { replace: true })
        assert.equal(real.dryRun, false)
        assert.deepEqual([real.created, real.written, real.deleted], [dry.created, dry.written, dry.deleted])
      } finally {
        await db.drop()
      }
    })
  })
}

describe('the write-ahead log after an import that did not commit (sqlite)', () => {
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-wal-'))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('a rolled-back import (a dry run) leaves no large log', async () => {
    const file = join(dir, 'dry.db')
    const handle = openDatabase(file)
    try {
      await migrateToLatest(handle)
      const summary = await importSources(handle, [demo(8000)], { dryRun: true })
      assert.ok(summary.written.employee === 8000)
      assert.ok(walBytes(file) < 1024 * 1024, `the log holds ${walBytes(file)} bytes`)
    } finally {
      await handle.close()
    }
  })

  test('Ctrl-C stops an import: nothing written, one line, no large log', async (t) => {
    const file = join(dir, 'interrupted.db')
    const handle = openDatabase(file)
    await migrateToLatest(handle)
    const before = await snapshot(handle)
    await handle.close()
    const child = owned(
      spawn(process.execPath, [...CLI, 'import', '-', '--database', file], {
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
      t,
    )
    let stderr = ''
    child.stderr.on('data', (c) => (stderr += c))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    // Half a file, and then nothing: the import waits for the rest when the signal comes.
    let written = 0
    for await (const chunk of demo(3000).read()) {
      if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r))
      written += chunk.length
      if (written > 2_000_000) break
    }
    await elapse(1500, 'the import reads what it was given and waits for the rest')
    child.kill('SIGINT')
    assert.equal(await exited, 1, stderr)
    assert.match(stderr, /^awareness: import interrupted: nothing was written\n$/m)
    child.stdin.destroy()
    const after = openDatabase(file)
    try {
      assert.deepEqual(await snapshot(after), before)
      assert.ok(walBytes(file) < 1024 * 1024)
    } finally {
      await after.close()
    }
  })

  test('a killed import leaves the database as it was; the next write or the server truncates the log', async () => {
    const file = join(dir, 'killed.db')
    const data = join(dir, 'killed.ndjson')
    const generated = await runCli(['demo-data', '--employees', '12000', '--workspaces', '1', '--out', data])
    assert.equal(generated.code, 0, generated.stderr)
    const handle = openDatabase(file)
    await migrateToLatest(handle)
    const before = await snapshot(handle)
    await handle.close()
    const child = owned(
      spawn(process.execPath, [...CLI, 'import', data, '--database', file], {
        stdio: 'ignore',
      }),
    )
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    // Killed while its writes fill the log (a loaded machine may take long to get there).
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline && walBytes(file) < 8 * 1024 * 1024 && child.exitCode === null)
      await sleep(10)
    child.kill('SIGKILL')
    await exited
    const grown = walBytes(file)
    assert.ok(grown >= 8 * 1024 * 1024, `killed with a log of ${grown} bytes`)
    const reopened = openDatabase(file)
    try {
      assert.deepEqual(await snapshot(reopened), before, 'nothing of the killed import is seen')
      assert.equal(reopened.trimWal?.(), 0, 'below the size the server trims')
      assert.equal(reopened.trimWal?.(1024), grown)
      assert.equal(walBytes(file), 0)
    } finally {
      await reopened.close()
    }
  })
})

const mountable = (() => {
  if (process.getuid?.() !== 0) return 'mounting a small file system for a full disk needs root'
  return null
})()

describe('a disk that fills up during an import (sqlite on a small tmpfs)', {
  skip: mountable ?? false,
}, () => {
  let mount: string
  before(() => {
    mount = mkdtempSync(join(tmpdir(), 'awareness-full-'))
    mkdirSync(mount, { recursive: true })
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mount])
  })
  after(() => {
    try {
      execFileSync('umount', [mount])
    } finally {
      rmSync(mount, { recursive: true, force: true })
    }
  })

  test('the import fails, the database is as it was, and the disk space comes back', async () => {
    const file = join(mount, 'full.db')
    const handle = openDatabase(file)
    try {
      await migrateToLatest(handle)
      await importSources(handle, [demo(200)])
      const before = await snapshot(handle)
      const free = () =>
        Number(execFileSync('df', ['--output=avail', '-B1', mount]).toString().split('\n')[1])
      const freeBefore = free()
      const error = await importSources(handle, [demo(20_000)]).catch((e: unknown) => e)
      assert.ok(error instanceof Error)
      assert.match(String((error as { code?: string }).code ?? error.message), /SQLITE_FULL|disk is full/)
      assert.deepEqual(await snapshot(handle), before)
      assert.ok(walBytes(file) < 1024 * 1024, `the log holds ${walBytes(file)} bytes`)
      assert.ok(free() >= freeBefore - 1024 * 1024, `free ${free()} of ${freeBefore} bytes`)
      // And the database takes imports again.
      writeFileSync(join(mount, 'probe'), 'x')
      rmSync(join(mount, 'probe'))
      await importSources(handle, [demo(200)])
    } finally {
      await handle.close()
    }
  })
})
