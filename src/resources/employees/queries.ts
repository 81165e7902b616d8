import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { KeyScope, WorkspaceGrant } from '../../access.js'
import type { Database } from '../../db/tables.js'
import { type ListDefinition, readPage } from '../../paging/keyset.js'
import type { Page, Position } from '../../paging/paging.js'
import type { EmployeeStatus } from './values.js'

export interface EmployeeFilters {
  status?: EmployeeStatus[] | undefined
  karmaScoreGte?: number | undefined
  karmaScoreLte?: number | undefined
}

// The stored JSON is complete (manager reference included) and never null once imported.
const employeeJson = sql<string>`e.json`

type EmployeeListValues = { workspaceId: string } & EmployeeFilters

const EMPLOYEES: ListDefinition<EmployeeListValues> = {
  name: 'employees',
  rows: (db, v) =>
    db
      .selectFrom('employees as e')
      .select([employeeJson.as('json'), 'e.created_at as sort_at', 'e.id as sort_id'])
      .where('e.workspace_id', '=', v.workspaceId)
      .$if(v.status !== undefined, (q) => q.where('e.status', 'in', v.status as string[]))
      .$if(v.karmaScoreGte !== undefined, (q) => q.where('e.karma_score', '>=', v.karmaScoreGte as number))
      .$if(v.karmaScoreLte !== undefined, (q) => q.where('e.karma_score', '<=', v.karmaScoreLte as number)),
  at: 'e.created_at',
  id: 'e.id',
}

/** A page of a workspace's employees, newest first (created_at desc, id desc). */
export async function listEmployees(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  filters: EmployeeFilters,
  position: Position | null,
  limit: number,
): Promise<Page> {
  const { status, karmaScoreGte, karmaScoreLte } = filters
  return readPage(
    db,
    EMPLOYEES,
    { workspaceId: grant.workspaceId, status, karmaScoreGte, karmaScoreLte },
    position,
    limit,
  )
}

/** One employee the key can reach, or null (unknown, another organization, another workspace). */
export async function findEmployee(
  db: Kysely<Database>,
  scope: KeyScope,
  employeeId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('employees as e')
    .innerJoin('workspaces as w', 'w.id', 'e.workspace_id')
    .select(employeeJson.as('json'))
    .where('e.id', '=', employeeId)
    .where('w.organization_id', '=', scope.organizationId)
    .$if(scope.workspaceId !== null, (q) => q.where('e.workspace_id', '=', scope.workspaceId as string))
    .executeTakeFirst()
  return row?.json ?? null
}
