import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../dialect.js'

// Events hold whole renderings (a progress item is past PostgreSQL's TOAST threshold): lz4 writes
// them faster than the default pglz (measured gain: docs/design.md). A server built without lz4
// keeps pglz. SQLite does not compress.
export default function eventsLz4(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return
      await sql`
        do $$ begin
          alter table events alter column json set compression lz4;
        exception when feature_not_supported then null;
        end $$`.execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return
      await sql`alter table events alter column json set compression default`.execute(db)
    },
  }
}
