import type { Kysely } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// The window statistics per period (CONTRACT 17's window twins), derived at import over the data
// held then: per workspace, statistic and unit (the interval), the answer of each period holding data, and
// under the start '' the answer of a period holding none. A series reads one key range.
export default function periodStatistics(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('period_statistics')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('statistic', key, (c) => c.notNull())
        .addColumn('unit', key, (c) => c.notNull())
        .addColumn('start', key, (c) => c.notNull())
        .addColumn('json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('period_statistics_pk', ['workspace_id', 'statistic', 'unit', 'start'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('period_statistics').execute()
    },
  }
}
