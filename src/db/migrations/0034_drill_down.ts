import type { Kysely } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// Drill-down filters (CONTRACT 18, amended): an employee's groups and every manager above them,
// kept at import in the employees' list order (`drill_down`, keyed by the filter, its value, then
// the employee's created_at and id), so that a page of the employees under a manager, or of a
// group's, is read in order from there whatever its size. Departments and countries are the
// employees' own columns, indexed in the same order (their index by manager too), and the members' (report_members) indexes by
// department, manager and country gain their order too. A breakdown over filtered members names
// each cell it counts from the workspace's kept cell (report_cells), found by its cell, and finds
// its members' groups by the memberships' index by employee, which gains the group. The
// workspaces already held are derived when the service is next brought up to date
// (`drill_down_workspaces` lists those that have them).

/** The members' own columns a breakdown groups by, and their indexes' names (0027). */
const MEMBER_COLUMNS = [
  ['department', 'department'],
  ['manager', 'manager_id'],
  ['country', 'country_code'],
] as const

/** Drops the index `name` and makes it again on these columns. */
async function replaceIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.dropIndex(name).execute()
  await db.schema.createIndex(name).on(table).columns(columns).execute()
}

export default function drillDown(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('drill_down')
        .addColumn('workspace_id', key, (c) => c.notNull())
        // 'group': a group the employee is a member of; 'line': a manager above them, at any depth.
        .addColumn('kind', key, (c) => c.notNull())
        .addColumn('value', key, (c) => c.notNull())
        .addColumn('sort_at', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addPrimaryKeyConstraint('drill_down_pk', ['workspace_id', 'kind', 'value', 'sort_at', 'employee_id'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      await db.schema
        .createTable('drill_down_workspaces')
        .addColumn('workspace_id', key, (c) => c.primaryKey())
        .execute()
      for (const [name, column] of [
        ['employees_by_department', 'department'],
        ['employees_by_country', 'country_code'],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('employees')
          .columns(['workspace_id', column, 'created_at desc', 'id desc'])
          .execute()
      // The employees under one manager, read in the list's order (SQLite, without statistics, would
      // rather walk the whole workspace in that order than sort a team).
      await replaceIndex(db, 'employees_by_manager', 'employees', [
        'workspace_id',
        'manager_id',
        'created_at desc',
        'id desc',
      ])
      // A member report filtered by one of its members' own columns is read in its order from there.
      for (const [name, column] of MEMBER_COLUMNS)
        await replaceIndex(db, `report_members_by_${name}`, 'report_members', [
          'workspace_id',
          column,
          'sort_at',
          'employee_id',
        ])
      await db.schema
        .createIndex('report_cells_by_cell')
        .on('report_cells')
        .columns(['workspace_id', 'dimension', 'cell'])
        .execute()
      // A filtered breakdown by group finds each member's groups here; holding the group, the index
      // answers alone (SQLite, without it, walks every membership of the workspace per member).
      await replaceIndex(db, 'group_members_by_employee', 'group_members', [
        'workspace_id',
        'employee_id',
        'group_id',
      ])
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await replaceIndex(db, 'group_members_by_employee', 'group_members', ['workspace_id', 'employee_id'])
      await db.schema.dropIndex('report_cells_by_cell').execute()
      await replaceIndex(db, 'employees_by_manager', 'employees', ['workspace_id', 'manager_id'])
      for (const [name, column] of MEMBER_COLUMNS)
        await replaceIndex(db, `report_members_by_${name}`, 'report_members', ['workspace_id', column])
      await db.schema.dropIndex('employees_by_country').execute()
      await db.schema.dropIndex('employees_by_department').execute()
      await db.schema.dropTable('drill_down_workspaces').execute()
      await db.schema.dropTable('drill_down').execute()
    },
  }
}
