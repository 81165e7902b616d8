import type { Kysely } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Phishing simulation campaigns, their cycles and their attacks (CONTRACT 15), each with the index
// of its list's order.
export default function campaigns(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('campaigns')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('updated_at', key, (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('status', key, (c) => c.notNull())
        .addColumn('delivery', key, (c) => c.notNull())
        .addColumn('frequency', key)
        .addColumn('launched_at', key)
        .addColumn('completed_at', key)
        .addColumn('cycle_ids', 'text', (c) => c.notNull())
        .addColumn('json', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('campaigns_by_workspace')
        .on('campaigns')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()

      await db.schema
        .createTable('campaign_cycles')
        .addColumn('campaign_id', key, (c) => c.notNull())
        .addColumn('id', key, (c) => c.notNull())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('ref_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_cycles_pk', ['campaign_id', 'id'])
        .execute()

      await db.schema
        .createTable('attacks')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('campaign_id', key, (c) => c.notNull())
        .addColumn('campaign_cycle_id', key)
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('sent_at', key)
        .addColumn('tricked_at', key)
        .addColumn('reported_at', key)
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('event_mask', 'integer', (c) => c.notNull())
        .addColumn('json_tail', 'text', (c) => c.notNull())
        .execute()
      // Serves a campaign's attacks list (workspace first: --replace finds a workspace's attacks).
      await db.schema
        .createIndex('attacks_by_campaign')
        .on('attacks')
        .columns(['workspace_id', 'campaign_id', 'created_at desc', 'id desc'])
        .execute()
      // The attacks that embed an employee's reference (events of an import that changes it).
      await db.schema.createIndex('attacks_by_employee').on('attacks').columns(['employee_id']).execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('attacks').execute()
      await db.schema.dropTable('campaign_cycles').execute()
      await db.schema.dropTable('campaigns').execute()
    },
  }
}
