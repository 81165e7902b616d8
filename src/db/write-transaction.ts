// A short write transaction of the command line or a server's bookkeeping. On SQLite it starts as
// BEGIN IMMEDIATE: a transaction that reads before it writes would otherwise fail at once with
// "database is locked" when another writer committed meanwhile, instead of waiting for the lock
// as an import's session does (write-session.ts).

import { type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely'
import type { Database } from './tables.js'

export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(work)
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn)
    try {
      const result = await work(conn)
      await sql`commit`.execute(conn)
      return result
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {})
      throw error
    }
  })
}
