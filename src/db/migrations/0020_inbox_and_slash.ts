import type { Kysely } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// What employees caught (CONTRACT 16): reported emails grouped into tickets, alerts on dangerous
// mail, impersonation attempts; each with the indexes of its lists and of its windows, and the
// per-employee tallies and workspace statistics derived at import.
export default function inboxAndSlash(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('inbox_tickets')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('classification', 'text')
        .addColumn('review', 'text', (c) => c.notNull())
        .addColumn('fraud_type', 'text')
        .addColumn('classified_at', key)
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('updated_at', key, (c) => c.notNull())
        .addColumn('reports_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_reported_at', key)
        .addColumn('json', 'text')
        .execute()
      await db.schema
        .createIndex('inbox_tickets_by_workspace')
        .on('inbox_tickets')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()
      // The classification filter's pages, and a window's counts per classification and fraud type.
      await db.schema
        .createIndex('inbox_tickets_by_review')
        .on('inbox_tickets')
        .columns(['workspace_id', 'review', 'created_at desc', 'id desc', 'fraud_type'])
        .execute()

      await db.schema
        .createTable('email_reports')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('ticket_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('reported_at', key, (c) => c.notNull())
        .addColumn('review', 'text', (c) => c.notNull().defaultTo('unreviewed'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('json_head', 'text', (c) => c.notNull())
        .addColumn('json_tail', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('email_reports_by_ticket')
        .on('email_reports')
        .columns(['workspace_id', 'ticket_id', 'reported_at desc', 'id desc'])
        .execute()
      await db.schema
        .createIndex('email_reports_by_employee')
        .on('email_reports')
        .columns(['workspace_id', 'employee_id', 'reported_at', 'review'])
        .execute()
      await db.schema
        .createIndex('email_reports_by_time')
        .on('email_reports')
        .columns(['workspace_id', 'reported_at', 'employee_id', 'active'])
        .execute()

      for (const [table, value] of [
        ['email_alerts', 'action'],
        ['impersonations', 'verdict'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('id', key, (c) => c.primaryKey())
          .addColumn('workspace_id', key, (c) => c.notNull())
          .addColumn('employee_id', key, (c) => c.notNull())
          .addColumn(value, 'text', (c) => (value === 'verdict' ? c.notNull() : c))
          .addColumn('created_at', key, (c) => c.notNull())
          .addColumn('updated_at', key, (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex(`${table}_by_employee`)
          .on(table)
          .columns(['workspace_id', 'employee_id', 'created_at', value])
          .execute()
      }

      await db.schema
        .createTable('employee_tallies')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('sort_at', key, (c) => c.notNull())
        .addColumn('first_at', key, (c) => c.notNull())
        .addColumn('last_at', key, (c) => c.notNull())
        .addColumn('ref_json', 'text', (c) => c.notNull())
        .addColumn('stats_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('employee_tallies_pk', ['workspace_id', 'kind', 'employee_id'])
        .execute()
      await db.schema
        .createIndex('employee_tallies_in_order')
        .on('employee_tallies')
        .columns(['workspace_id', 'kind', 'sort_at desc', 'employee_id desc'])
        .execute()

      await db.schema
        .createTable('inbox_statistics')
        .addColumn('workspace_id', key, (c) => c.primaryKey())
        .addColumn('reports', 'integer', (c) => c.notNull())
        .addColumn('reporters', 'integer', (c) => c.notNull())
        .addColumn('active_reporters', 'integer', (c) => c.notNull())
        .addColumn('first_reported_at', key)
        .addColumn('last_reported_at', key)
        .addColumn('tickets', 'integer', (c) => c.notNull())
        .addColumn('first_created_at', key)
        .addColumn('last_created_at', key)
        .addColumn('by_review', 'text', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'inbox_statistics',
        'employee_tallies',
        'impersonations',
        'email_alerts',
        'email_reports',
        'inbox_tickets',
      ])
        await db.schema.dropTable(table).execute()
    },
  }
}
