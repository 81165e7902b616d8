import type { Kysely } from 'kysely'

// An import of one organization reaches the cycles of its own workspaces, the breaches of its own
// employees, and the webhook endpoints of its own organization through these: without them it reads
// every organization's.
export default function tenantIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('campaign_cycles_by_workspace')
        .on('campaign_cycles')
        .columns(['workspace_id', 'campaign_id'])
        .execute()
      await db.schema
        .createIndex('compromised_employees_by_employee')
        .on('compromised_employees')
        .column('employee_id')
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
    },
  }
}
