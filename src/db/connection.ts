// Opens the database named by a URL: PostgreSQL for postgres:// URLs, SQLite (better-sqlite3) for a
// file path or a sqlite: URL.

import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { isPostgresUrl } from '../config/config.js'
import type { DialectName } from './dialect.js'
import { type StatementStore, statementStore } from './sqlite-statements.js'
import type { Database } from './tables.js'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: DialectName
  /** The SQLite connection's statements, for the importer's bulk statements and migrations (SQLite only). */
  sqlite: StatementStore | undefined
  /** PostgreSQL pool occupancy, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number }
  /** The PostgreSQL pool itself, for the importer's COPY (PostgreSQL only). */
  pool?: pg.Pool
  close(): Promise<void>
}

export interface OpenOptions {
  poolSize?: number
  readonly?: boolean
}

/**
 * Opens a database.
 * @example const { db, close } = openDatabase('./data/awareness.db')
 */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) return openPostgres(url, options)
  return openSqlite(sqlitePath(url))
}

function sqlitePath(url: string): string {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') : url
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  // WAL lets readers go on while an import writes; a busy timeout lets several processes share the file.
  // Set before anything is written (an existing file keeps its own): list pages read a few large
  // pages instead of many small ones, and 2 KB progress items pack several to a page (measured:
  // progress page query 1.4 → 0.9 ms, employees page 80 → 63 µs against 4 KiB pages).
  // The busy timeout comes first: switching a new file to WAL takes a lock another process may hold.
  // Pragmas run through exec(): better-sqlite3's pragma() prepares a statement that is then left to
  // the garbage collector, which Node 24 cannot survive (sqlite-statements.ts).
  sqlite.exec('pragma busy_timeout = 10000')
  sqlite.exec('pragma page_size = 16384')
  sqlite.exec('pragma journal_mode = WAL')
  sqlite.exec('pragma synchronous = NORMAL')
  // 16 MiB of page cache. Reads of a large file are served from the OS page cache anyway (a deep
  // employees page: 58 µs with 64 MiB, 55 µs with 16), and SQLite lets each sort of an import use
  // as much memory as the page cache (100k-employee import: 19.7 s either way, peak RSS 359 MiB
  // with 64 MiB, 299 MiB with 16).
  sqlite.exec('pragma cache_size = -16384')
  const statements = statementStore(sqlite)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) })
  return {
    db,
    dialect: 'sqlite',
    sqlite: statements,
    close: () => db.destroy(),
  }
}

// int8 (bigint) results such as count(*) arrive as strings by default; every count here fits a double.
pg.types.setTypeParser(20, (value: string) => Number(value))

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A request must fail fast (503) rather than hang when the server is gone or overloaded.
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30000,
    statement_timeout: 15000,
  })
  // An idle client's error (the server went away) must not crash the process; the next query fails
  // and is answered as the database being unavailable.
  pool.on('error', () => {})
  // Likewise for a client the server drops while it is checked out between two queries.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    dialect: 'postgres',
    sqlite: undefined,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    pool,
    close: () => db.destroy(),
  }
}
