import type { Kysely } from 'kysely'
import type { DialectName } from '../dialect.js'

// The employees each figure describes (CONTRACT 19, amended 2026-12-01) where the answer does not
// publish their number: a kept statistic's counts (`{"karma_scored": 57}`), the members a group's
// mean karma averaged, and a breakdown cell's. Kept rows from before have none: an aggregate key is
// shown those figures as null, since nobody can say any more how many they described. The reports
// are derived again at the next start (their workspaces no longer listed as derived).

export default function figurePopulations(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('kept_statistics').addColumn('counts', 'text').execute()
      await db.schema.alterTable('group_history').addColumn('karma_count', 'integer').execute()
      await db.schema.alterTable('report_cells').addColumn('karma_count', 'integer').execute()
      await db.deleteFrom('report_workspaces' as never).execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('report_cells').dropColumn('karma_count').execute()
      await db.schema.alterTable('group_history').dropColumn('karma_count').execute()
      await db.schema.alterTable('kept_statistics').dropColumn('counts').execute()
    },
  }
}
