import type { Kysely } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// The initial schema. No foreign keys: the only writer is the importer, which validates every
// reference against the file and the database before it writes (CONTRACT 12).
export default function initialSchema(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organizations')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('updated_at', key, (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('workspaces')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('organization_id', key, (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('updated_at', key, (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('workspaces_by_organization')
        .on('workspaces')
        .columns(['organization_id', 'created_at', 'id'])
        .execute()

      await db.schema
        .createTable('employees')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('karma_score', 'integer')
        .addColumn('manager_id', key)
        .addColumn('created_at', key, (c) => c.notNull())
        // Small columns first, then the JSON read by pages, then the fragments read only at import:
        // SQLite reads a row's payload only as far as the last column a query needs.
        .addColumn('ref_json', 'text', (c) => c.notNull())
        .addColumn('json', 'text')
        .addColumn('json_head', 'text', (c) => c.notNull())
        .addColumn('json_tail', 'text', (c) => c.notNull())
        .execute()
      // Serves the employee list and the progress list in the contract's order (keyset paging).
      await db.schema
        .createIndex('employees_by_workspace')
        .on('employees')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()
      await db.schema.createIndex('employees_by_manager').on('employees').column('manager_id').execute()

      await db.schema
        .createTable('courses')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('id', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('json', 'text', (c) => c.notNull())
        .addColumn('ref_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('courses_pk', ['workspace_id', 'id'])
        .execute()
      await db.schema
        .createIndex('courses_by_workspace')
        .on('courses')
        .columns(['workspace_id', 'created_at desc', 'id desc'])
        .execute()

      await db.schema
        .createTable('course_progress')
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('course_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('json_tail', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('course_progress_pk', ['employee_id', 'course_id'])
        .modifyEnd(clusteredByKey(dialect))
        .execute()

      await db.schema
        .createTable('course_feedback')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('course_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('sentiment', 'text', (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .execute()
      // Serves the statistics' 90-day window as an index range.
      await db.schema
        .createIndex('course_feedback_by_workspace')
        .on('course_feedback')
        .columns(['workspace_id', 'created_at', 'sentiment'])
        .execute()

      await db.schema
        .createTable('breaches')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('id', key, (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('criticality', 'text', (c) => c.notNull())
        .addColumn('last_breached_at', key, (c) => c.notNull())
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('updated_at', key, (c) => c.notNull())
        .addColumn('impacted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('warned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('acknowledged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('resolved'))
        .addColumn('json', 'text')
        .addPrimaryKeyConstraint('breaches_pk', ['workspace_id', 'id'])
        .execute()
      await db.schema
        .createIndex('breaches_by_workspace')
        .on('breaches')
        .columns(['workspace_id', 'last_breached_at desc', 'id desc'])
        .execute()

      await db.schema
        .createTable('compromised_employees')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('breach_id', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('compromised_at', key, (c) => c.notNull())
        .addColumn('warned_at', key)
        .addColumn('acknowledged_at', key)
        .addColumn('json_tail', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('compromised_employees_pk', ['workspace_id', 'breach_id', 'employee_id'])
        .execute()
      await db.schema
        .createIndex('compromised_employees_by_breach')
        .on('compromised_employees')
        .columns(['workspace_id', 'breach_id', 'compromised_at desc', 'employee_id desc'])
        .execute()

      await db.schema
        .createTable('workspace_statistics')
        .addColumn('workspace_id', key, (c) => c.primaryKey())
        .addColumn('active_employees', 'integer', (c) => c.notNull())
        .addColumn('covered_employees', 'integer', (c) => c.notNull())
        .addColumn('average_courses_completed', 'integer', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('api_keys')
        .addColumn('id', key, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organization_id', key, (c) => c.notNull())
        .addColumn('workspace_id', key)
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('rate_limit', 'text')
        .addColumn('created_at', key, (c) => c.notNull())
        .addColumn('expires_at', key)
        .addColumn('revoked_at', key)
        .addColumn('last_used_at', key)
        .execute()

      await db.schema
        .createTable('service_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
