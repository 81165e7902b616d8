import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// Reports (CONTRACT 18): what an import keeps of each workspace's members (its active employees)
// and of the cells they form by department, manager, group and country, each table keyed in the
// order its list is read. The employees' department and country and a progress entry's latest
// completion become columns, taken from the stored JSON, so that an import groups by them.
// The workspaces already held get their report rows when the service is next brought up to date
// (`report_workspaces` lists those that have them).

export default function reports(dialect: DialectName) {
  const key = keyText(dialect)
  const postgres = dialect === 'postgres'
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('employees').addColumn('department', 'text').execute()
      await db.schema.alterTable('employees').addColumn('country_code', 'text').execute()
      await sql
        .raw(
          postgres
            ? `update employees set department = (json::jsonb) -> 'department' ->> 'name',
                country_code = (json::jsonb) ->> 'country_code'`
            : `update employees set department = json_extract(json, '$.department.name'),
                country_code = json_extract(json, '$.country_code')`,
        )
        .execute(db)
      await db.schema.alterTable('course_progress').addColumn('last_completed_at', key).execute()
      // json_tail follows the course's slot: `{"course":null` before it makes the entry whole.
      await sql
        .raw(
          postgres
            ? `update course_progress set last_completed_at = (
                select max((y ->> 'completed_at') collate "C")
                from jsonb_array_elements(('{"course":null' || json_tail)::jsonb -> 'years') y)`
            : `update course_progress set last_completed_at = (
                select max(json_extract(y.value, '$.completed_at'))
                from json_each('{"course":null' || json_tail, '$.years') y)`,
        )
        .execute(db)

      await db.schema
        .createTable('report_workspaces')
        .addColumn('workspace_id', key, (c) => c.primaryKey())
        .execute()

      await createWideMembers(db, dialect)

      await db.schema
        .createTable('report_offenders')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('threshold', 'integer', (c) => c.notNull())
        .addColumn('sort_at', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addPrimaryKeyConstraint('report_offenders_pk', [
          'workspace_id',
          'threshold',
          'sort_at',
          'employee_id',
        ])
        .modifyEnd(clusteredByKey(dialect))
        .execute()

      await db.schema
        .createTable('report_cell_members')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('dimension', key, (c) => c.notNull())
        .addColumn('cell', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addPrimaryKeyConstraint('report_cell_members_pk', [
          'workspace_id',
          'dimension',
          'cell',
          'employee_id',
        ])
        .modifyEnd(clusteredByKey(dialect))
        .execute()

      await db.schema
        .createTable('report_cells')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('dimension', key, (c) => c.notNull())
        .addColumn('sort_at', key, (c) => c.notNull())
        .addColumn('sort_id', key, (c) => c.notNull())
        .addColumn('position_id', key, (c) => c.notNull())
        .addColumn('cell', key, (c) => c.notNull())
        .addColumn('employees', 'integer', (c) => c.notNull())
        .addColumn('attack_first', key)
        .addColumn('attack_last', key)
        .addColumn('report_first', key)
        .addColumn('report_last', key)
        .addColumn('json', 'text', (c) => c.notNull())
        .addColumn('head', 'text', (c) => c.notNull())
        .addColumn('tail', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_cells_pk', ['workspace_id', 'dimension', 'sort_at', 'sort_id'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      // A later page finds the cell its cursor names by the key's stand-in.
      await db.schema
        .createIndex('report_cells_by_position')
        .on('report_cells')
        .columns(['workspace_id', 'dimension', 'position_id'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'report_cells',
        'report_cell_members',
        'report_offenders',
        'report_members',
        'report_workspaces',
      ])
        await db.schema.dropTable(table).execute()
      await db.schema.alterTable('course_progress').dropColumn('last_completed_at').execute()
      await db.schema.alterTable('employees').dropColumn('country_code').execute()
      await db.schema.alterTable('employees').dropColumn('department').execute()
    },
  }
}

/**
 * report_members as 0026 made it: each member's items kept as JSON beside their figures (0027 reads
 * the items at request instead, and takes this back when it is taken back).
 */
export async function createWideMembers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const key = keyText(dialect)
  await db.schema
    .createTable('report_members')
    .addColumn('workspace_id', key, (c) => c.notNull())
    .addColumn('sort_at', key, (c) => c.notNull())
    .addColumn('employee_id', key, (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('country_code', 'text')
    .addColumn('manager_id', key)
    .addColumn('karma_score', 'integer')
    .addColumn('at_risk', 'integer', (c) => c.notNull())
    .addColumn('courses', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('missed', 'integer', (c) => c.notNull())
    .addColumn('compromised', 'integer', (c) => c.notNull())
    .addColumn('unacknowledged', 'integer', (c) => c.notNull())
    .addColumn('attacks', 'integer', (c) => c.notNull())
    .addColumn('attacked', 'integer', (c) => c.notNull())
    .addColumn('tricked', 'integer', (c) => c.notNull())
    .addColumn('reported', 'integer', (c) => c.notNull())
    .addColumn('attack_first', key)
    .addColumn('attack_last', key)
    .addColumn('tricked_first', key)
    .addColumn('tricked_last', key)
    .addColumn('reported_first', key)
    .addColumn('reported_last', key)
    .addColumn('reporter', 'integer', (c) => c.notNull())
    .addColumn('report_first', key)
    .addColumn('report_last', key)
    .addColumn('ref_json', 'text', (c) => c.notNull())
    .addColumn('karma_json', 'text', (c) => c.notNull())
    .addColumn('simulation_json', 'text', (c) => c.notNull())
    .addColumn('training_json', 'text', (c) => c.notNull())
    .addColumn('offender_json', 'text')
    .addPrimaryKeyConstraint('report_members_pk', ['workspace_id', 'sort_at', 'employee_id'])
    .modifyEnd(clusteredByKey(dialect))
    .execute()
  await db.schema
    .createIndex('report_members_by_employee')
    .unique()
    .on('report_members')
    .columns(['workspace_id', 'employee_id'])
    .execute()
  for (const flag of ['attacked', 'missed'])
    await db.schema
      .createIndex(`report_members_by_${flag}`)
      .on('report_members')
      .columns(['workspace_id', flag, 'sort_at', 'employee_id'])
      .execute()
}
