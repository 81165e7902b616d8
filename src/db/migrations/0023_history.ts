import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// The program over time (CONTRACT 17): per import and workspace, the statistics as they stood at the
// import's `as_of`; each employee's karma and each group's figures where they changed. Every row is
// reached by its workspace and what it describes, then by time.
export default function history(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('workspace_snapshots')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('as_of', key, (c) => c.notNull())
        .addColumn('employees_json', 'text', (c) => c.notNull())
        .addColumn('courses_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('workspace_snapshots_pk', ['workspace_id', 'as_of'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      await db.schema
        .createTable('karma_history')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('as_of', key, (c) => c.notNull())
        .addColumn('score', 'integer')
        .addColumn('security_level', 'text')
        .addPrimaryKeyConstraint('karma_history_pk', ['workspace_id', 'employee_id', 'as_of'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      await db.schema
        .createTable('group_history')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('group_id', key, (c) => c.notNull())
        .addColumn('as_of', key, (c) => c.notNull())
        .addColumn('employees_count', 'integer', (c) => c.notNull())
        .addColumn('average_karma_score', 'integer')
        .addPrimaryKeyConstraint('group_history_pk', ['workspace_id', 'group_id', 'as_of'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      // The karma's level beside its score: what the karma history compares and keeps.
      await db.schema.alterTable('employees').addColumn('karma_level', 'text').execute()
      const level =
        dialect === 'postgres'
          ? sql`cast(json as jsonb) #>> '{karma,security_level}'`
          : sql`json_extract(json, '$.karma.security_level')`
      await sql`update employees set karma_level = ${level} where karma_score is not null`.execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('employees').dropColumn('karma_level').execute()
      for (const table of ['group_history', 'karma_history', 'workspace_snapshots'])
        await db.schema.dropTable(table).execute()
    },
  }
}
