import { type Kysely, sql } from 'kysely'

// The mean karma score of a workspace's active employees (CONTRACT 17, `average_karma_score`):
// per status, the sum of the employees' karma scores and how many have one, kept with the status
// counts and derived with them at import.
export default function averageKarma() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['karma_sum', 'karma_count'])
        await db.schema
          .alterTable('employee_statistics')
          .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
          .execute()
      await sql`update employee_statistics set
        karma_sum = (select coalesce(sum(e.karma_score), 0) from employees e
          where e.workspace_id = employee_statistics.workspace_id and e.status = employee_statistics.status),
        karma_count = (select count(e.karma_score) from employees e
          where e.workspace_id = employee_statistics.workspace_id and e.status = employee_statistics.status)`.execute(
        db,
      )
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ['karma_sum', 'karma_count'])
        await db.schema.alterTable('employee_statistics').dropColumn(column).execute()
    },
  }
}
