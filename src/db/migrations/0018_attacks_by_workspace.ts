import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../dialect.js'
import { rebuildSqliteTable } from './sqlite-rebuild.js'

// Attacks are keyed by workspace and id. Nothing in an import file names an attack by its id (an
// attack names its campaign), so no look-up needs an index of every organization's attack ids; led
// by one, it took a page per new attack, scattered among every organization's. An attack id is now
// unique within its organization (the import refuses one stored in another of its workspaces), and
// another organization's attack with the same id is another attack.
const KEYS = { before: ['id'], after: ['workspace_id', 'id'] }

/** Attacks keyed by `columns`: a new key for PostgreSQL, the table rebuilt with it on SQLite. */
export async function keyAttacksBy(
  db: Kysely<unknown>,
  dialect: DialectName,
  columns: string[],
): Promise<void> {
  const key = columns.map((c) => `"${c}"`).join(', ')
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
      where conrelid = cast('attacks' as regclass) and contype = 'p'`.execute(db)
    await sql
      .raw(
        `alter table attacks drop constraint "${rows[0]?.name}", add constraint attacks_pk primary key (${key})`,
      )
      .execute(db)
    return
  }
  await rebuildSqliteTable(db, 'attacks', (definition) =>
    definition
      .replace(/("id" \S+) primary key/i, '$1 not null')
      .replace(/,\s*primary key \([^)]*\)/i, '')
      .replace(/\)\s*$/, `, primary key (${key}))`),
  )
}

export default function attacksByWorkspace(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await keyAttacksBy(db, dialect, KEYS.after)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await keyAttacksBy(db, dialect, KEYS.before)
    },
  }
}
