import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../dialect.js'

// On SQLite an attack's key (workspace, id) becomes a unique index of its own instead of the table's
// primary key. The table stores attacks in a campaign's page order, random to their ids: a primary
// key is kept up row by row in that order, while an index an import drops can be built once after
// the first fill, from sorted keys (db/indexes-after.ts). PostgreSQL keeps its primary key: it does
// not drop indexes during an import.

const KEY_INDEX = 'create unique index "attacks_key" on "attacks" ("workspace_id", "id")'

/** SQLite: the attacks' key as a unique index (`asIndex`) or as the table's primary key; the table is rebuilt in its rows' order. */
export async function attackKeyAsIndex(
  db: Kysely<unknown>,
  dialect: DialectName,
  asIndex: boolean,
): Promise<void> {
  if (dialect !== 'sqlite') return
  const { rows } = await sql<{
    type: string
    name: string
    sql: string
  }>`select type, name, sql from sqlite_master
    where tbl_name = 'attacks' and sql is not null`.execute(db)
  const table = rows.find((r) => r.type === 'table')?.sql ?? ''
  const renamed = table.replace(/^CREATE TABLE "?attacks"?/i, 'create table attacks_rebuilt')
  const definition = asIndex
    ? renamed.replace(/,\s*primary key \([^)]*\)/i, '')
    : renamed.replace(/\)\s*$/, ', primary key ("workspace_id", "id"))')
  await sql.raw(definition).execute(db)
  await sql.raw('insert into attacks_rebuilt select * from attacks order by rowid').execute(db)
  await sql.raw('drop table attacks').execute(db)
  await sql.raw('alter table attacks_rebuilt rename to attacks').execute(db)
  for (const index of rows.filter((r) => r.type === 'index' && r.name !== 'attacks_key'))
    await sql.raw(index.sql).execute(db)
  if (asIndex) await sql.raw(KEY_INDEX).execute(db)
}

export default function attackKeyIndex(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await attackKeyAsIndex(db, dialect, true)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await attackKeyAsIndex(db, dialect, false)
    },
  }
}
