import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// The state statistics an import keeps (CONTRACT 17), one table for all of them: per workspace,
// statistic (its operation's id) and as_of, the answer as its endpoint renders it. They were columns
// of `workspace_snapshots`, one per statistic; that table keeps the moments themselves.
const MOVED = [
  ['employees_json', 'getEmployeeStatistics'],
  ['courses_json', 'getProgramStatistics'],
] as const

export default function keptStatistics(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('kept_statistics')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('statistic', key, (c) => c.notNull())
        .addColumn('as_of', key, (c) => c.notNull())
        .addColumn('json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('kept_statistics_pk', ['workspace_id', 'statistic', 'as_of'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      for (const [column, statistic] of MOVED) {
        await sql`insert into kept_statistics (workspace_id, statistic, as_of, json)
          select workspace_id, ${statistic}, as_of, ${sql.ref(column)} from workspace_snapshots
          order by workspace_id, as_of`.execute(db)
        await db.schema.alterTable('workspace_snapshots').dropColumn(column).execute()
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [column, statistic] of MOVED) {
        await db.schema
          .alterTable('workspace_snapshots')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute()
        await sql`update workspace_snapshots set ${sql.ref(column)} = k.json from kept_statistics k
          where k.workspace_id = workspace_snapshots.workspace_id and k.as_of = workspace_snapshots.as_of
          and k.statistic = ${statistic}`.execute(db)
      }
      await db.schema.dropTable('kept_statistics').execute()
    },
  }
}
