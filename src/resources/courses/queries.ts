import type { Kysely } from 'kysely'
import type { WorkspaceGrant } from '../../access.js'
import type { Database } from '../../db/tables.js'
import { timestampFromMillis } from '../../domain/time.js'
import { type ListDefinition, readPage } from '../../paging/keyset.js'
import type { Page, Position } from '../../paging/paging.js'
import type { Statistics } from './schema.js'

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
 * stored whole (render.ts), so a page is one range read whatever its size.
 */
export async function listProgress(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  position: Position | null,
  limit: number,
): Promise<Page> {
  return readPage(db, PROGRESS, { workspaceId: grant.workspaceId }, position, limit)
}

const FEEDBACK_WINDOW_MS = 90 * 24 * 3600 * 1000

/**
 * The awareness program's statistics (CONTRACT 6). Employee and completion figures are derived at
 * import; feedback counts depend on the moment of the request: the last 90 × 24 h, inclusive.
 */
export async function programStatistics(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  now = Date.now(),
): Promise<Statistics> {
  const derived = await db
    .selectFrom('workspace_statistics')
    .select(['active_employees', 'covered_employees', 'average_courses_completed'])
    .where('workspace_id', '=', grant.workspaceId)
    .executeTakeFirst()
  const feedback = await db
    .selectFrom('course_feedback')
    .select(['sentiment', (eb) => eb.fn.countAll<number>().as('count')])
    .where('workspace_id', '=', grant.workspaceId)
    .where('created_at', '>=', timestampFromMillis(now - FEEDBACK_WINDOW_MS))
    .groupBy('sentiment')
    .execute()
  const count = (sentiment: string) => Number(feedback.find((f) => f.sentiment === sentiment)?.count ?? 0)
  return {
    active_employees: derived?.active_employees ?? 0,
    covered_employees: derived?.covered_employees ?? 0,
    average_courses_completed: derived?.average_courses_completed ?? 0,
    positive_feedbacks: count('positive'),
    neutral_feedbacks: count('neutral'),
    negative_feedbacks: count('negative'),
  }
}
