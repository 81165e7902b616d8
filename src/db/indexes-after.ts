// Filling an empty table in bulk: each secondary index is cheaper built once, from sorted keys, than
// kept up row by row in the table's own order (a random order for most indexes).

import { sql } from 'kysely'
import type { WriteSession } from './write-session.js'

/**
 * Runs `fill` on `table`, empty, with its secondary indexes dropped, then builds them again from
 * their own definitions. SQLite only: dropping an index there changes nothing readers see before the
 * commit, while PostgreSQL would lock the table against every reader until then. Both are
 * transactional: a failed import puts the indexes back with everything else.
 */
export async function withIndexesBuiltAfter<T>(
  session: WriteSession,
  table: string,
  fill: () => Promise<T>,
): Promise<T> {
  if (session.dialect !== 'sqlite') return fill()
  // Indexes without SQL are the table's own (primary key, unique constraints): they stay. A unique
  // index created as one goes too; built again, it refuses the fill if the fill broke it.
  const indexes = await session.rows<{ name: string; sql: string }>(
    sql`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`,
  )
  for (const index of indexes) await session.exec(sql`drop index ${sql.id(index.name)}`)
  const result = await fill()
  for (const index of indexes) await session.exec(sql.raw(index.sql))
  return result
}
