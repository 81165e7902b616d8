import { type Kysely, sql } from 'kysely'

/**
 * SQLite cannot change a table's key in place: `table` is rebuilt from its own definition as
 * `redefine` changes it, its rows copied in their order, and its indexes created again from their
 * definitions (but those `keep` refuses).
 */
export async function rebuildSqliteTable(
  db: Kysely<unknown>,
  table: string,
  redefine: (definition: string) => string,
  keep: (index: string) => boolean = () => true,
): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`select type, name, sql
    from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db)
  const definition = rows.find((r) => r.type === 'table')?.sql ?? ''
  const rebuilt = `${table}_rebuilt`
  await sql
    .raw(
      redefine(definition).replace(new RegExp(`^CREATE TABLE "?${table}"?`, 'i'), `create table ${rebuilt}`),
    )
    .execute(db)
  await sql.raw(`insert into ${rebuilt} select * from ${table} order by rowid`).execute(db)
  await sql.raw(`drop table ${table}`).execute(db)
  await sql.raw(`alter table ${rebuilt} rename to ${table}`).execute(db)
  for (const index of rows.filter((r) => r.type === 'index' && keep(r.name)))
    await sql.raw(index.sql).execute(db)
}
