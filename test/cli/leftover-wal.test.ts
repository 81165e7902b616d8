// A process killed after it committed leaves SQLite's write-ahead log as large as what it wrote
// (CONTRACT 12: no large log left behind): every command that opens the database merges and
// truncates it before it works, and says so in one line.

import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import SQLite from 'better-sqlite3'
import { openDatabase } from '../../src/db/connection.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { owned } from '../helpers/children.js'
import { CLI, runCli } from '../helpers/cli.js'
import { freePort } from '../helpers/processes.js'

const walBytes = (file: string) => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0
const LINE =
  /^awareness: merged and truncated a leftover write-ahead log of [\d.]+ MB \(a process was stopped before it could\)$/m
/** Rows of 1 MB the killed writer committed: more than the log a command leaves (64 MiB). */
const ROWS = 72

describe('a leftover write-ahead log', () => {
  let dir: string
  let crashed: string
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-wal-'))
    crashed = join(dir, 'crashed.db')
    const handle = openDatabase(crashed)
    await migrateToLatest(handle)
    await handle.close()
    // A writer that commits without checkpointing and is killed before it closes.
    const writer = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import SQLite from 'better-sqlite3'
        const db = new SQLite(${JSON.stringify(crashed)})
        db.exec('pragma wal_autocheckpoint = 0')
        db.exec('create table ballast (bytes blob)')
        db.exec('with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS}) insert into ballast select randomblob(1000000) from n')
        process.kill(process.pid, 'SIGKILL')`,
      ],
      { encoding: 'utf8' },
    )
    assert.equal(writer.signal, 'SIGKILL', writer.stderr)
    assert.ok(walBytes(crashed) > 64 * 1024 * 1024, `a log of ${walBytes(crashed)} bytes`)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  /** A copy of the crashed database with its log, as the killed process left them. */
  let copies = 0
  const copy = () => {
    const file = join(dir, `copy-${++copies}.db`)
    copyFileSync(crashed, file)
    copyFileSync(`${crashed}-wal`, `${file}-wal`)
    return file
  }
  /** The committed rows are kept, and the log is gone. */
  const merged = (file: string) => {
    assert.ok(walBytes(file) < 1024 * 1024, `the log is truncated: ${walBytes(file)} bytes`)
    const db = new SQLite(file, { readonly: true })
    try {
      assert.deepEqual(db.prepare('select count(*) as n from ballast').get(), { n: ROWS })
    } finally {
      db.close()
    }
  }

  for (const args of [
    ['migrate'],
    ['keys', 'list'],
    ['organizations', 'list'],
    ['webhooks', 'list'],
    ['import', '-', '--dry-run'],
  ]) {
    test(`awareness ${args.join(' ')} merges and truncates it first, in one line`, async () => {
      const file = copy()
      const result = await runCli([...args, '--database', file])
      assert.equal(result.code, 0, result.stderr)
      assert.match(result.stderr, LINE)
      assert.equal(result.stderr.match(/write-ahead/g)?.length, 1)
      merged(file)
    })
  }

  test('awareness serve merges and truncates it before it listens', async () => {
    const file = copy()
    const child = owned(
      spawn(process.execPath, [...CLI, 'serve', '--database', file], {
        env: { ...process.env, PORT: String(await freePort()), LOG_LEVEL: 'silent', SHUTDOWN_DELAY: '0s' },
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
    )
    let stderr = ''
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk
        if (/\/docs/.test(stderr)) resolve()
      })
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)))
    })
    assert.match(stderr, LINE)
    assert.ok(walBytes(file) < 1024 * 1024, `the log is truncated while it serves: ${walBytes(file)} bytes`)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    assert.equal(await exited, 0)
    merged(file)
  })

  test('a log below the size is left to SQLite, without a word', async () => {
    const file = join(dir, 'small.db')
    const result = await runCli(['migrate', '--database', file])
    assert.equal(result.code, 0, result.stderr)
    assert.doesNotMatch(result.stderr, /write-ahead/)
  })
})
