// Brings the schema up to date. Safe when several processes start at once: Kysely's migrator takes
// an advisory lock on PostgreSQL, and on SQLite a process that finds the file locked waits and retries.

import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import type { DatabaseHandle } from './connection.js'
import { initialSchema } from './migrations/0001_initial.js'
import { employeeProgress } from './migrations/0002_employee_progress.js'

function provider(handle: DatabaseHandle): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001_initial': initialSchema(handle.dialect),
        '0002_employee_progress': employeeProgress(handle.dialect),
      }
    },
  }
}

export interface MigrationOutcome {
  applied: string[]
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationOutcome> {
  // On PostgreSQL the migration tables live in the connection's own schema (search_path), not in
  // whichever schema happens to hold tables of that name.
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined
  const migrator = new Migrator({ db: handle.db, provider: provider(handle), migrationTableSchema })
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest()
    if (!error) {
      return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) }
    }
    if (attempt >= 20 || !isLockContention(error)) throw error
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
  }
}

function isLockContention(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string }
  // SQLite: the file is locked by another migrating process, or another process migrated after this
  // one read the applied migrations (its transaction rolled back; a retry sees the other's work).
  // PostgreSQL: two processes created the migration tables at the same moment.
  return (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT' ||
    code === 'SQLITE_LOCKED' ||
    // Two processes inserting the migrator's lock row at once.
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (code === 'SQLITE_ERROR' && / already exists$/.test(message ?? '')) ||
    code === '23505' ||
    code === '42P07'
  )
}
