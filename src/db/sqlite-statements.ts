// The one place a SQLite connection's statements are prepared: better-sqlite3 compiles SQL on every
// prepare(), and queries here have few shapes, so statements are kept by SQL text (least recently
// used first out).
//
// On Node 24, better-sqlite3 12 aborts the whole process when the garbage collector frees one of its
// statements while no JavaScript runs (V8's own memory tasks): "Assertion failed: (env) != nullptr"
// in node::RemoveEnvironmentCleanupHook. better-sqlite3 13 fixes it but needs Node 22, and this
// project supports Node 20. So on Node 24 and later none of its objects is ever left to the
// collector: each statement prepared, and each connection, stays referenced for the life of the
// process. That is bounded by the statements' shapes, which are few (an evicted one is prepared
// again only after 1,000 others), and by the connections a process opens. Nothing else may prepare
// statements: better-sqlite3's own pragma() does, so pragmas go through exec() (connection.ts).

import type SQLite from 'better-sqlite3'
import type { Kysely } from 'kysely'
import type { Database } from './tables.js'

const CACHE_SIZE = 1000
const FREES_UNSAFELY = Number(process.versions.node.split('.')[0]) >= 24
const retained: (SQLite.Statement | SQLite.Database)[] = []

export interface StatementStore {
  prepare(sql: string): SQLite.Statement
  close(): void
}

/** The statement store of a connection (one per connection; every prepare goes through it). */
export function statementStore(sqlite: SQLite.Database): StatementStore {
  const cache = new Map<string, SQLite.Statement>()
  if (FREES_UNSAFELY) retained.push(sqlite)
  return {
    prepare(sql: string): SQLite.Statement {
      let statement = cache.get(sql)
      if (statement) {
        cache.delete(sql)
      } else {
        statement = sqlite.prepare(sql)
        if (FREES_UNSAFELY) retained.push(statement)
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
      }
      cache.set(sql, statement)
      return statement
    },
    close: () => sqlite.close(),
  }
}

// The statement store behind a SQLite handle's Kysely instance: the pages read through it directly,
// without Kysely's promises around a synchronous call (paging/keyset.ts).
const stores = new WeakMap<Kysely<Database>, StatementStore>()

export function registerStatementStore(db: Kysely<Database>, store: StatementStore): void {
  stores.set(db, store)
}

/** The statement store of a SQLite handle's Kysely instance; undefined for PostgreSQL. */
export function statementStoreOf(db: Kysely<Database>): StatementStore | undefined {
  return stores.get(db)
}
