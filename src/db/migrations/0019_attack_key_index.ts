import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../dialect.js'
import { rebuildSqliteTable } from './sqlite-rebuild.js'

// On SQLite an attack's key (workspace, id) becomes a unique index of its own instead of the table's
// primary key. The table stores attacks in a campaign's page order, random to their ids: a primary
// key is kept up row by row in that order, while an index an import drops can be built once after
// the first fill, from sorted keys (db/indexes-after.ts). PostgreSQL keeps its primary key: it does
// not drop indexes during an import.

const KEY_INDEX = 'create unique index "attacks_key" on "attacks" ("workspace_id", "id")'

/** SQLite: the attacks' key as a unique index (`asIndex`) or as the table's primary key. */
export async function attackKeyAsIndex(
  db: Kysely<unknown>,
  dialect: DialectName,
  asIndex: boolean,
): Promise<void> {
  if (dialect !== 'sqlite') return
  await rebuildSqliteTable(
    db,
    'attacks',
    (definition) =>
      asIndex
        ? definition.replace(/,\s*primary key \([^)]*\)/i, '')
        : definition.replace(/\)\s*$/, ', primary key ("workspace_id", "id"))'),
    (index) => index !== 'attacks_key',
  )
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
