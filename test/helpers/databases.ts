// The databases every database test runs on (as kysely's own tests do): SQLite always, PostgreSQL
// when TEST_DATABASE_URL points at a server. Each test gets a fresh, migrated database: a SQLite file
// in a temporary folder, or a PostgreSQL database of its own. scripts/run-tests.js migrates one
// template of each kind before the files run (createTemplates), and a fresh database is a copy of it;
// a file run on its own, without them, migrates each database it makes.

import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js'
import type { DialectName } from '../../src/db/dialect.js'
import { migrateToLatest } from '../../src/db/migrate.js'

export interface TestDatabase {
  dialect: DialectName
  url: string
  handle: DatabaseHandle
  /** Closes the handle and removes the database. */
  drop(): Promise<void>
}

const POSTGRES_URL = process.env.TEST_DATABASE_URL

export const DIALECTS: { dialect: DialectName; skip: string | false }[] = [
  { dialect: 'sqlite', skip: false },
  {
    dialect: 'postgres',
    skip: POSTGRES_URL ? false : 'PostgreSQL tests skipped: set TEST_DATABASE_URL=postgres://… to run them',
  },
]

if (!POSTGRES_URL && !process.env.AWARENESS_SKIP_NOTICE_SHOWN) {
  process.env.AWARENESS_SKIP_NOTICE_SHOWN = '1'
  process.stderr.write('note: TEST_DATABASE_URL is not set; the PostgreSQL half of the suite is skipped\n')
}

/** A new, empty, migrated database of the given kind. */
export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'awareness-test-'))
    const url = join(dir, 'test.db')
    const template = process.env.TEST_SQLITE_TEMPLATE
    if (template) copyFileSync(template, url)
    const handle = openDatabase(url)
    if (!template) await migrateToLatest(handle)
    return {
      dialect,
      url,
      handle,
      async drop() {
        await handle.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set')
  const template = process.env.TEST_POSTGRES_TEMPLATE
  const name = `test_${randomBytes(6).toString('hex')}`
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`)
  const url = databaseUrl(POSTGRES_URL, name)
  const handle = openDatabase(url, { poolSize: 4 })
  if (!template) await migrateToLatest(handle)
  return {
    dialect,
    url,
    handle,
    async drop() {
      await handle.close()
      await onServer(`drop database if exists ${name} with (force)`)
    },
  }
}

/** Runs one statement on TEST_DATABASE_URL's server, on a connection of its own. */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    // Ended whatever happens: an open client keeps the test process from exiting.
    await client.end()
  }
}

/** `url` with its database named `name`. */
function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/**
 * Migrates a template of each kind, for the fresh databases of every test file that runs after:
 * the environment to set for them, and what removes the templates.
 */
export async function createTemplates(
  dir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const file = join(dir, 'template.db')
  const sqlite = openDatabase(file)
  await migrateToLatest(sqlite)
  await sqlite.close()
  const env: Record<string, string> = { TEST_SQLITE_TEMPLATE: file }
  if (!POSTGRES_URL) return { env, async drop() {} }
  const name = `test_template_${randomBytes(6).toString('hex')}`
  await onServer(`create database ${name}`)
  const handle = openDatabase(databaseUrl(POSTGRES_URL, name), { poolSize: 1 })
  try {
    await migrateToLatest(handle)
  } finally {
    await handle.close()
  }
  env.TEST_POSTGRES_TEMPLATE = name
  return { env, drop: () => onServer(`drop database if exists ${name} with (force)`) }
}

/** Another writer of a test database: holds its write lock for a while, as an import does. */
export interface WriteBlocker {
  /** Takes the lock at once and releases it after `ms`; resolves once released. */
  hold(ms: number): Promise<void>
  close(): Promise<void>
}

/**
 * A writer on a connection of its own. SQLite: BEGIN IMMEDIATE, the lock an import takes.
 * PostgreSQL: an import takes no lock that other writers wait on, so the webhook tables are locked
 * against writes outright, which a serving statement waits on until its deadline.
 */
export async function lockWrites(db: TestDatabase): Promise<WriteBlocker> {
  if (db.dialect === 'sqlite') {
    const connection = new SQLite(db.url)
    return {
      async hold(ms) {
        connection.exec('begin immediate')
        await new Promise((r) => setTimeout(r, ms))
        connection.exec('commit')
      },
      async close() {
        connection.close()
      },
    }
  }
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  return {
    async hold(ms) {
      await client.query('begin')
      await client.query('lock table webhook_deliveries, webhook_attempts in exclusive mode')
      await new Promise((r) => setTimeout(r, ms))
      await client.query('commit')
    },
    close: () => client.end(),
  }
}
