import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import type { Page, Position } from '../http/paging.js'
import type { WorkspaceGrant } from './access.js'
import { type ListDefinition, readPage } from './keyset.js'

type WorkspaceValues = { workspaceId: string }

const COURSES: ListDefinition<WorkspaceValues> = {
  name: 'courses',
  rows: (db, v) =>
    db
      .selectFrom('courses as c')
      .select(['c.json', 'c.created_at as sort_at', 'c.id as sort_id'])
      .where('c.workspace_id', '=', v.workspaceId),
  at: 'c.created_at',
  id: 'c.id',
}

const PROGRESS: ListDefinition<WorkspaceValues> = {
  name: 'progress',
  rows: (db, v) =>
    db
      .selectFrom('employee_progress as p')
      .select(['p.json', 'p.created_at as sort_at', 'p.employee_id as sort_id'])
      .where('p.workspace_id', '=', v.workspaceId),
  at: 'p.created_at',
  id: 'p.employee_id',
}

/** A page of a workspace's courses, newest first (created_at desc, id desc). */
export async function listCourses(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  position: Position | null,
  limit: number,
): Promise<Page> {
  return readPage(db, COURSES, { workspaceId: grant.workspaceId }, position, limit)
}

/**
 * A page of a workspace's employees with their course progress, in employee order: the items are
 * stored whole (render/progress-items.ts), so a page is one range read whatever its size.
 */
export async function listProgress(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  position: Position | null,
  limit: number,
): Promise<Page> {
  return readPage(db, PROGRESS, { workspaceId: grant.workspaceId }, position, limit)
}
