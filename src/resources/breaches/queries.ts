import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { WorkspaceGrant } from '../../access.js'
import type { Database } from '../../db/tables.js'
import { type ListDefinition, readPage } from '../../paging/keyset.js'
import type { Page, Position } from '../../paging/paging.js'
import { COMPROMISED_JSON } from './render.js'
import type { BreachStatus } from './values.js'

const BREACHES: ListDefinition<{ workspaceId: string; status: BreachStatus[] | undefined }> = {
  name: 'breaches',
  rows: (db, v) =>
    db
      .selectFrom('breaches as b')
      .select([sql<string>`b.json`.as('json'), 'b.last_breached_at as sort_at', 'b.id as sort_id'])
      .where('b.workspace_id', '=', v.workspaceId)
      .$if(v.status !== undefined, (q) => q.where('b.status', 'in', v.status as string[])),
  at: 'b.last_breached_at',
  id: 'b.id',
}

const COMPROMISED: ListDefinition<{ workspaceId: string; breachId: string } & CompromisedFilters> = {
  name: 'compromised',
  rows: (db, v) =>
    db
      .selectFrom('compromised_employees as c')
      .innerJoin('employees as e', 'e.id', 'c.employee_id')
      .select([
        sql<string>`${sql.raw(COMPROMISED_JSON)}`.as('json'),
        'c.compromised_at as sort_at',
        'c.employee_id as sort_id',
      ])
      .where('c.workspace_id', '=', v.workspaceId)
      .where('c.breach_id', '=', v.breachId)
      .$if(v.warned !== undefined, (q) => q.where('c.warned_at', v.warned ? 'is not' : 'is', null))
      .$if(v.acknowledged !== undefined, (q) =>
        q.where('c.acknowledged_at', v.acknowledged ? 'is not' : 'is', null),
      ),
  at: 'c.compromised_at',
  id: 'c.employee_id',
}

/** A page of the breaches affecting a workspace, most recent first (last_breached_at desc, id desc). */
export async function listBreaches(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  status: BreachStatus[] | undefined,
  position: Position | null,
  limit: number,
): Promise<Page> {
  return readPage(db, BREACHES, { workspaceId: grant.workspaceId, status }, position, limit)
}

export async function breachAffects(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  breachId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('breaches')
    .select('id')
    .where('workspace_id', '=', grant.workspaceId)
    .where('id', '=', breachId)
    .executeTakeFirst()
  return row !== undefined
}

export interface CompromisedFilters {
  warned?: boolean | undefined
  acknowledged?: boolean | undefined
}

/** A page of a breach's compromised employees in a workspace (compromised_at desc, employee id desc). */
export async function listCompromisedEmployees(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  breachId: string,
  filters: CompromisedFilters,
  position: Position | null,
  limit: number,
): Promise<Page> {
  const { warned, acknowledged } = filters
  return readPage(
    db,
    COMPROMISED,
    { workspaceId: grant.workspaceId, breachId, warned, acknowledged },
    position,
    limit,
  )
}
