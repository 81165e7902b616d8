import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../dialect.js'

// An import of one organization reaches its rows through indexes that lead with the workspace: the
// rows of one organization then sit together in each index, so its import reads and writes a few
// pages of it, where an index led by an employee id holds them scattered among every
// organization's (a page per row). New: cycles by workspace, compromised employees by employee,
// endpoints by organization; led by the workspace now: reports by manager, attacks and group
// memberships by employee, and course progress itself (its primary key, by workspace, employee and
// course: SQLite stores the table in that order).
const REBUILT: [name: string, table: string, before: string[], after: string[]][] = [
  ['employees_by_manager', 'employees', ['manager_id'], ['workspace_id', 'manager_id']],
  ['attacks_by_employee', 'attacks', ['employee_id'], ['workspace_id', 'employee_id']],
  ['group_members_by_employee', 'group_members', ['employee_id'], ['workspace_id', 'employee_id']],
]

/** Course progress keyed by `columns`: a new key for PostgreSQL, the table rewritten in its order on SQLite. */
export async function keyProgressBy(
  db: Kysely<unknown>,
  dialect: DialectName,
  columns: string[],
): Promise<void> {
  const key = columns.map((c) => `"${c}"`).join(', ')
  if (dialect === 'postgres') {
    await sql
      .raw(`alter table course_progress drop constraint course_progress_pk,
      add constraint course_progress_pk primary key (${key})`)
      .execute(db)
    return
  }
  // SQLite keeps a table without rowid in its key's order, and cannot change that key in place.
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'table' and name = 'course_progress'`.execute(db)
  const definition = (rows[0]?.sql ?? '')
    .replace(/^CREATE TABLE "?course_progress"?/i, 'create table course_progress_keyed')
    .replace(/primary key \([^)]*\)/i, `primary key (${key})`)
  await sql.raw(definition).execute(db)
  await sql.raw(`insert into course_progress_keyed select * from course_progress order by ${key}`).execute(db)
  await sql.raw('drop table course_progress').execute(db)
  await sql.raw('alter table course_progress_keyed rename to course_progress').execute(db)
}

export default function tenantIndexes(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await keyProgressBy(db, dialect, ['workspace_id', 'employee_id', 'course_id'])
      for (const [name, table, , after] of REBUILT) {
        await db.schema.dropIndex(name).execute()
        await db.schema.createIndex(name).on(table).columns(after).execute()
      }
      await db.schema
        .createIndex('campaign_cycles_by_workspace')
        .on('campaign_cycles')
        .columns(['workspace_id', 'campaign_id'])
        .execute()
      await db.schema
        .createIndex('compromised_employees_by_employee')
        .on('compromised_employees')
        .columns(['workspace_id', 'employee_id'])
        .execute()
      await db.schema
        .createIndex('webhook_endpoints_by_organization')
        .on('webhook_endpoints')
        .column('organization_id')
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await keyProgressBy(db, dialect, ['employee_id', 'course_id'])
      await db.schema.dropIndex('webhook_endpoints_by_organization').execute()
      await db.schema.dropIndex('compromised_employees_by_employee').execute()
      await db.schema.dropIndex('campaign_cycles_by_workspace').execute()
      for (const [name, table, before] of REBUILT) {
        await db.schema.dropIndex(name).execute()
        await db.schema.createIndex(name).on(table).columns(before).execute()
      }
    },
  }
}
