import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'
import { createWideMembers } from './0026_reports.js'

// Reports (CONTRACT 18): a member's row keeps their figures alone, and the lists render each item
// at request from them and the employee's row, instead of keeping every item as JSON; a breakdown
// by department, manager or country finds a cell's members by an index of their column, and
// report_cell_members keeps the groups' alone. An attack's
// times join its employee in attacks_by_employee, so that an import sums each member's attacks, and
// a window counts them, from that index alone. The report rows are derived data: every workspace's
// are derived again at the next start (`report_workspaces` emptied), as for one held before 0026.

const DERIVED = ['report_cells', 'report_cell_members', 'report_offenders', 'report_workspaces']

/** attacks_by_employee's columns before 0027 and from it. */
const ATTACKS_BY_EMPLOYEE = {
  before: ['workspace_id', 'employee_id'],
  after: ['workspace_id', 'employee_id', 'created_at', 'sent_at', 'tricked_at', 'reported_at'],
}

async function indexAttacksByEmployee(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('attacks_by_employee').execute()
  await db.schema.createIndex('attacks_by_employee').on('attacks').columns(columns).execute()
}

export default function reportFigures(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await indexAttacksByEmployee(db, ATTACKS_BY_EMPLOYEE.after)
      for (const table of DERIVED) await sql`delete from ${sql.table(table)}`.execute(db)
      await db.schema.dropTable('report_members').execute()
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
        .addColumn('missed_count', 'integer', (c) => c.notNull())
        .addColumn('upcoming', 'integer', (c) => c.notNull())
        .addColumn('not_started', 'integer', (c) => c.notNull())
        .addColumn('last_completed_at', key)
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
        .addColumn('last_attacked_at', key)
        .addColumn('last_tricked_at', key)
        .addColumn('reporter', 'integer', (c) => c.notNull())
        .addColumn('report_first', key)
        .addColumn('report_last', key)
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
      // A window counts a cell of these dimensions from its members' own column.
      for (const [name, column] of [
        ['department', 'department'],
        ['manager', 'manager_id'],
        ['country', 'country_code'],
      ] as const)
        await db.schema
          .createIndex(`report_members_by_${name}`)
          .on('report_members')
          .columns(['workspace_id', column])
          .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of DERIVED) await sql`delete from ${sql.table(table)}`.execute(db)
      await db.schema.dropTable('report_members').execute()
      await createWideMembers(db, dialect)
      await indexAttacksByEmployee(db, ATTACKS_BY_EMPLOYEE.before)
    },
  }
}
