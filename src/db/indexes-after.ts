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

/**
 * Runs `fill` on `table` with its primary key dropped and built again after from its own definition,
 * when the table holds no row at all; otherwise runs it as is. PostgreSQL only (SQLite keeps a
 * clustered table's rows in its key). Dropping the key locks the table against readers until the
 * commit: only a table nobody has a row in, as at a service's first import, is filled this way.
 */
export async function withKeyBuiltAfterIfEmpty<T>(
  session: WriteSession,
  table: string,
  fill: () => Promise<T>,
): Promise<T> {
  if (session.dialect !== 'postgres') return fill()
  const [key] = await session.rows<{ name: string; definition: string; held: boolean }>(
    sql`select c.conname as name, pg_get_constraintdef(c.oid) as definition,
        exists (select 1 from ${sql.table(table)}) as held
      from pg_constraint c where c.conrelid = cast(${table} as regclass) and c.contype = 'p'`,
  )
  if (key === undefined || key.held) return fill()
  await session.exec(sql`alter table ${sql.table(table)} drop constraint ${sql.id(key.name)}`)
  const result = await fill()
  await session.exec(
    sql`alter table ${sql.table(table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`,
  )
  return result
}
