// Opens the database named by a URL: PostgreSQL for postgres:// URLs, SQLite (better-sqlite3) for a
// file path or a file: URL (the configuration refuses any other scheme).

import { mkdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import type pg from 'pg'
import { isPostgresUrl } from '../config/config.js'
import { eventIdOfRecord } from '../domain/event-ids.js'
import type { DialectName } from './dialect.js'
import { destroySocket, QUERY_TIMEOUT_MESSAGE } from './pg-internals.js'
import { registerPostgresRows, tappedClient } from './postgres-rows.js'
import { registerStatementStore, type StatementStore, statementStore } from './sqlite-statements.js'
import { statementLog } from './statement-spans.js'
import type { Database } from './tables.js'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: DialectName
  /** The SQLite connection's statements, for the importer's bulk statements and migrations (SQLite only). */
  sqlite: StatementStore | undefined
  /** PostgreSQL pool occupancy, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number }
  /** The PostgreSQL pool itself, for migrations (PostgreSQL only). */
  pool?: pg.Pool
  /** A connection of its own for a write session, without the request deadline (PostgreSQL only). */
  writeClient?: () => pg.Client
  /**
   * Truncates SQLite's write-ahead log when it is larger than `overBytes` (a write that was killed
   * leaves it so until a checkpoint truncates it); returns the bytes it truncated, 0 when it did
   * not. Best effort (SQLite only).
   */
  trimWal?: (overBytes?: number) => number
  /**
   * Told the text of every statement a write session runs, before it runs, with its parameters when
   * it has its own (test/sql/snapshots.test.ts, test/importer/tenant-bounds.test.ts).
   */
  trace?: (statement: string, parameters?: readonly unknown[]) => void
  close(): Promise<void>
}

export interface OpenOptions {
  poolSize?: number
  /**
   * Set when the handle serves API requests: no statement may wait past this. PostgreSQL queries
   * are abandoned (and their connection dropped) after it; SQLite waits for a lock only briefly,
   * since its wait blocks the whole process.
   */
  requestTimeoutMs?: number
}

/** How long a serving SQLite connection waits for a lock (the wait holds the event loop). */
const SERVING_BUSY_TIMEOUT_MS = 50
/** A serving SQLite connection's page cache, in KiB. */
const SERVING_CACHE_KIB = 8192

/**
 * Opens a database.
 * @example const { db, close } = openDatabase('./data/awareness.db')
 */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) return openPostgres(url, options)
  return openSqlite(sqlitePath(url), options.requestTimeoutMs !== undefined)
}

function sqlitePath(url: string): string {
  if (/^file:\/\//i.test(url)) return fileURLToPath(url)
  return /^file:/i.test(url) ? url.slice('file:'.length) : url
}

function openSqlite(path: string, serving: boolean): DatabaseHandle {
  const busyTimeoutMs = serving ? SERVING_BUSY_TIMEOUT_MS : 10_000
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  // WAL lets readers go on while an import writes; a busy timeout lets several processes share the file.
  // Set before anything is written (an existing file keeps its own): list pages read a few large
  // pages instead of many small ones, and 2 KB progress items pack several to a page (docs/design.md).
  // The busy timeout comes first: switching a new file to WAL takes a lock another process may hold.
  // Pragmas run through exec(): better-sqlite3's pragma() prepares a statement that is then left to
  // the garbage collector, which Node 24 cannot survive (sqlite-statements.ts).
  sqlite.exec(`pragma busy_timeout = ${busyTimeoutMs}`)
  sqlite.exec('pragma page_size = 16384')
  sqlite.exec('pragma journal_mode = WAL')
  sqlite.exec('pragma synchronous = NORMAL')
  // A small page cache: reads of a large file are served from the OS page cache anyway, and SQLite
  // lets each sort of an import use as much memory as the page cache. A server's is smaller still,
  // as what it holds stays in the process, but holds what one page of a team scattered through the
  // workspace reads, a row and an employee per member (docs/design.md).
  sqlite.exec(`pragma cache_size = ${serving ? -SERVING_CACHE_KIB : -16384}`)
  // PostgreSQL's bit_or aggregate, which SQLite lacks: the simulation statistics fold event masks.
  sqlite.aggregate('bit_or', {
    start: 0,
    step: (flags: number, value: number | bigint | null) => (value === null ? flags : flags | Number(value)),
    deterministic: true,
  })
  // An event's id from its import's time, step and secret and its record's key (db/dialect.ts). A
  // statement names a row's id twice in a row (its column, its JSON): the last one is remembered.
  let last: readonly unknown[] = []
  let lastId = ''
  sqlite.function(
    'event_id',
    { deterministic: true },
    (timeAndStep: unknown, secret: unknown, key: unknown) => {
      if (key !== last[2] || timeAndStep !== last[0] || secret !== last[1]) {
        last = [timeAndStep, secret, key]
        lastId = eventIdOfRecord(String(timeAndStep), String(secret), String(key))
      }
      return lastId
    },
  )
  const statements = statementStore(sqlite)
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    ...statementLog('sqlite'),
  })
  registerStatementStore(db, statements)
  return {
    db,
    dialect: 'sqlite',
    sqlite: statements,
    trimWal(overBytes = LARGE_WAL_BYTES) {
      const size = path === ':memory:' ? 0 : (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0)
      if (size <= overBytes) return 0
      try {
        const [busy] = statements.prepare('pragma wal_checkpoint(TRUNCATE)').raw().get() as [number]
        return busy === 0 ? size : 0
      } catch {
        return 0
      }
    },
    // Kysely closes only a connection it has used: one only migrated (through migrate.ts's own
    // Kysely) would stay open, its WAL unmerged into the file.
    async close() {
      await db.destroy()
      statements.close()
    },
  }
}

/** A write-ahead log larger than this is truncated by trimWal. */
export const LARGE_WAL_BYTES = 64 * 1024 * 1024

const require = createRequire(import.meta.url)
let pgModule: typeof pg | undefined

/** pg, loaded with the first PostgreSQL database: a SQLite server does not carry it in memory. */
function loadPg(): typeof pg {
  if (pgModule) return pgModule
  pgModule = require('pg') as typeof pg
  // int8 (bigint) results such as count(*) arrive as strings by default; every count here fits a double.
  pgModule.types.setTypeParser(20, (value: string) => Number(value))
  return pgModule
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pg = loadPg()
  const deadline = options.requestTimeoutMs
  const pool = new pg.Pool({
    connectionString: url,
    // Its rows can be read as the bytes PostgreSQL sent (forEachRow).
    Client: tappedClient(pg.Client) as unknown as new () => pg.ClientBase,
    max: options.poolSize ?? 10,
    // A request must fail fast (503) rather than hang when the server is gone or overloaded: this
    // also bounds the wait for a free connection of the pool.
    connectionTimeoutMillis: Math.min(2000, deadline ?? 2000),
    idleTimeoutMillis: 30000,
    statement_timeout: deadline ?? 15000,
    // The server's statement_timeout cannot fire when the server is frozen or cut off: the client
    // gives up too, and drops the connection (below), which would otherwise wait forever.
    ...(deadline === undefined ? {} : { query_timeout: deadline }),
  })
  // An idle client's error (the server went away) must not crash the process; the next query fails
  // and is answered as the database being unavailable.
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    // Likewise for a client the server drops while it is checked out between two queries.
    client.on('error', () => {})
    // A request's statement reads a few index ranges: compiling it (PostgreSQL's JIT, which a large
    // statement's estimate can trigger) costs far more than running it. Queued before the first query.
    client.query('set jit = off').catch(() => {})
    if (deadline !== undefined) dropOnQueryTimeout(client)
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...statementLog('postgres') })
  registerPostgresRows(db, {
    pool,
    Query: pg.Query,
    deadlineMs: deadline,
  })
  return {
    db,
    dialect: 'postgres',
    sqlite: undefined,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    pool,
    writeClient: () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
      client.on('error', () => {})
      return client
    },
    close: () => db.destroy(),
  }
}

/**
 * A query abandoned by `query_timeout` is still running (or stuck) on its connection, and every
 * later query would wait behind it: the connection is dropped, and the pool makes a new one.
 */
function dropOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args)
    if (result instanceof Promise) {
      result.catch((error: Error) => {
        if (error?.message === QUERY_TIMEOUT_MESSAGE) destroySocket(client)
      })
    }
    return result
  }
}
