import { sql } from 'kysely'
import type { DatabaseHandle } from '../../src/db/connection.js'

const TABLES = {
  organizations: 'id',
  workspaces: 'id',
  employees: 'id',
  courses: 'workspace_id, id',
  course_progress: 'employee_id, course_id',
  course_feedback: 'id',
  breaches: 'workspace_id, id',
  compromised_employees: 'workspace_id, breach_id, employee_id',
  workspace_statistics: 'workspace_id',
  employee_progress: 'employee_id',
  groups: 'id',
  group_members: 'group_id, employee_id',
  campaigns: 'id',
  campaign_cycles: 'campaign_id, id',
  attacks: 'id',
  simulation_statistics: 'workspace_id, campaign_id, campaign_cycle_id',
  breach_statistics: 'workspace_id',
  employee_statistics: 'workspace_id, status',
  service_state: 'name',
} as const

/** Every row of every data table, in key order: equal snapshots mean nothing was written. */
export async function snapshot(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {}
  for (const [table, key] of Object.entries(TABLES)) {
    out[table] = (await sql.raw(`select * from ${table} order by ${key}`).execute(handle.db)).rows
  }
  return out
}

export async function count(handle: DatabaseHandle, table: keyof typeof TABLES): Promise<number> {
  const { rows } = await sql.raw<{ n: number }>(`select count(*) as n from ${table}`).execute(handle.db)
  return Number(rows[0]?.n)
}
