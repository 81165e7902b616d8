import { sql } from 'kysely'
import type { DatabaseHandle } from '../../src/db/connection.js'
import type { Database } from '../../src/db/tables.js'
import { resourceTables } from './resource-tables.js'

/**
 * Every table an import writes: the tenancy's, each resource's (its tables.ts) and the service
 * state. The engine's own (keys, usage, events, webhooks, migrations) are left out.
 */
const TABLES = ['organizations', 'workspaces', ...resourceTables(), 'service_state']

/** A table's rows in one order whatever its keys: by their JSON. */
const ordered = (rows: unknown[]) =>
  rows
    .map((row) => [JSON.stringify(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row)

/** Every row of every data table, in key order: equal snapshots mean nothing was written. */
export async function snapshot(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {}
  for (const table of TABLES) {
    out[table] = ordered((await sql.raw(`select * from ${table}`).execute(handle.db)).rows)
  }
  return out
}

export async function count(handle: DatabaseHandle, table: keyof Database): Promise<number> {
  const { rows } = await sql.raw<{ n: number }>(`select count(*) as n from ${table}`).execute(handle.db)
  return Number(rows[0]?.n)
}

/** Every table of the database but the migrator's, each as its rows' JSON, sorted. */
export async function everyTable(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = (
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(handle.db)
  ).rows
    .map((r) => r.name)
    .filter((name) => !name.startsWith('kysely_migration'))
    .sort()
  const out: Record<string, string[]> = {}
  for (const table of tables)
    out[table] = (await sql.raw(`select * from ${table}`).execute(handle.db)).rows
      .map((r) => JSON.stringify(r))
      .sort()
  return out
}
