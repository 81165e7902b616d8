import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import { type Page, type Position, toPage } from '../http/paging.js'
import type { WorkspaceGrant } from './access.js'
import { after } from './keyset.js'

/** A page of a workspace's courses, newest first (created_at desc, id desc). */
export async function listCourses(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  position: Position | null,
  limit: number,
): Promise<Page> {
  const rows = await db
    .selectFrom('courses as c')
    .select(['c.json', 'c.created_at as sort_at', 'c.id as sort_id'])
    .where('c.workspace_id', '=', grant.workspaceId)
    .$if(position !== null, (q) => q.where(after('c.created_at', 'c.id', position as Position)))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute()
  return toPage(rows, limit)
}

/**
 * A page of a workspace's employees with their course progress. Three queries whatever the page
 * size: the page of employees (employee order), the workspace's courses (their order and the
 * reference each entry embeds), and the page's entries, read in key order without a join or a sort
 * and placed in course order here (a handful per employee).
 */
export async function listProgress(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  position: Position | null,
  limit: number,
): Promise<Page> {
  const employees = await db
    .selectFrom('employees as e')
    .select(['e.id', 'e.ref_json', 'e.created_at as sort_at', 'e.id as sort_id'])
    .where('e.workspace_id', '=', grant.workspaceId)
    .$if(position !== null, (q) => q.where(after('e.created_at', 'e.id', position as Position)))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit + 1)
    .execute()
  const shown = employees.slice(0, limit)
  const entries = new Map<string, { rank: number; json: string }[]>()
  if (shown.length > 0) {
    const courses = await db
      .selectFrom('courses')
      .select(['id', 'ref_json'])
      .where('workspace_id', '=', grant.workspaceId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const course = new Map(courses.map((c, rank) => [c.id, { rank, prefix: `{"course":${c.ref_json}` }]))
    const rows = await db
      .selectFrom('course_progress')
      .select(['employee_id', 'course_id', 'json_tail'])
      .where(
        'employee_id',
        'in',
        shown.map((e) => e.id),
      )
      .execute()
    for (const row of rows) {
      const c = course.get(row.course_id)
      if (!c) continue
      const entry = { rank: c.rank, json: c.prefix + row.json_tail }
      const list = entries.get(row.employee_id)
      if (list) list.push(entry)
      else entries.set(row.employee_id, [entry])
    }
  }
  return toPage(
    employees.map((e) => {
      const list = entries.get(e.id)
      const progress = list
        ? list
            .sort((a, b) => a.rank - b.rank)
            .map((x) => x.json)
            .join(',')
        : ''
      return {
        json: `{"employee":${e.ref_json},"courses_progress":[${progress}]}`,
        sort_at: e.sort_at,
        sort_id: e.sort_id,
      }
    }),
    limit,
  )
}
