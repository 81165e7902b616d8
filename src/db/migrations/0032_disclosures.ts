import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// The disclosure record (CONTRACT 20): per organization, employee, UTC day, recipient (an API key
// or a webhook endpoint) and operation, when an answer first and last carried the employee that
// day and how many did; and per recipient, day, operation and parameters (an aggregate key's
// questions), the answers it was sent. Read by person (the key's order), by recipient (the index).
// Each pseudonymous rendering of an employee keeps the real ids of whom it carries (the employee
// and their manager), as the identified list reads them from the employees' rows.

export default function disclosures(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('disclosures')
        .addColumn('organization_id', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('day', key, (c) => c.notNull())
        .addColumn('recipient_kind', key, (c) => c.notNull())
        .addColumn('recipient_id', key, (c) => c.notNull())
        .addColumn('operation', key, (c) => c.notNull())
        .addColumn('recipient_name', 'text', (c) => c.notNull())
        .addColumn('privacy', 'text', (c) => c.notNull())
        .addColumn('first_at', 'text', (c) => c.notNull())
        .addColumn('last_at', 'text', (c) => c.notNull())
        .addColumn('answers', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('disclosures_key', [
          'organization_id',
          'employee_id',
          'day',
          'recipient_kind',
          'recipient_id',
          'operation',
        ])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      await db.schema
        .createIndex('disclosures_by_recipient')
        .on('disclosures')
        .columns(['recipient_kind', 'recipient_id', 'day'])
        .execute()
      await db.schema
        .createTable('disclosure_answers')
        .addColumn('recipient_kind', key, (c) => c.notNull())
        .addColumn('recipient_id', key, (c) => c.notNull())
        .addColumn('day', key, (c) => c.notNull())
        .addColumn('operation', key, (c) => c.notNull())
        // An aggregate key's question's parameters (JSON), '' for any other answer.
        .addColumn('parameters', key, (c) => c.notNull())
        .addColumn('organization_id', key, (c) => c.notNull())
        .addColumn('recipient_name', 'text', (c) => c.notNull())
        .addColumn('privacy', 'text', (c) => c.notNull())
        .addColumn('first_at', 'text', (c) => c.notNull())
        .addColumn('last_at', 'text', (c) => c.notNull())
        .addColumn('answers', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('disclosure_answers_key', [
          'recipient_kind',
          'recipient_id',
          'day',
          'operation',
          'parameters',
        ])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      await db.schema
        .createIndex('disclosure_answers_by_day')
        .on('disclosure_answers')
        .column('day')
        .execute()
      await db.schema.alterTable('employees_pseudonymous').addColumn('people', 'text').execute()
      await sql`update employees_pseudonymous set people = (
          select e.id || case when e.manager_id is null then '' else ',' || e.manager_id end
          from employees e where e.id = employees_pseudonymous.id)`.execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('employees_pseudonymous').dropColumn('people').execute()
      await db.schema.dropTable('disclosure_answers').execute()
      await db.schema.dropTable('disclosures').execute()
    },
  }
}
