import type { Kysely } from 'kysely'

// An import of one organization reaches its rows through indexes that lead with the workspace: the
// rows of one organization then sit together in each index, so its import reads and writes a few
// pages of it, where an index led by an employee id holds them scattered among every
// organization's (a page per row). New: cycles by workspace, compromised employees by employee,
// endpoints by organization; led by the workspace now: reports by manager, attacks and group
// memberships by employee.
const REBUILT: [name: string, table: string, before: string[], after: string[]][] = [
  ['employees_by_manager', 'employees', ['manager_id'], ['workspace_id', 'manager_id']],
  ['attacks_by_employee', 'attacks', ['employee_id'], ['workspace_id', 'employee_id']],
  ['group_members_by_employee', 'group_members', ['employee_id'], ['workspace_id', 'employee_id']],
]

export default function tenantIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
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
