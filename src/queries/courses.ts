import type { Kysely } from 'kysely'
import { sql } from 'kysely'
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
 * A page of a workspace's employees with their course progress. Two queries whatever the page size:
 * the page of employees (employee order), then all their entries (course created_at desc, id desc),
 * each entry's JSON completed with its course's reference.
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
  const entries = new Map<string, string[]>()
  if (shown.length > 0) {
    const rows = await db
      .selectFrom('course_progress as p')
      .innerJoin('courses as c', (j) =>
        j.onRef('c.workspace_id', '=', 'p.workspace_id').onRef('c.id', '=', 'p.course_id'),
      )
      .select(['p.employee_id', sql<string>`'{"course":' || c.ref_json || p.json_tail`.as('json')])
      .where(
        'p.employee_id',
        'in',
        shown.map((e) => e.id),
      )
      .orderBy('p.employee_id')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute()
    for (const row of rows) {
      const list = entries.get(row.employee_id)
      if (list) list.push(row.json)
      else entries.set(row.employee_id, [row.json])
    }
  }
  return toPage(
    employees.map((e) => ({
      json: `{"employee":${e.ref_json},"courses_progress":[${(entries.get(e.id) ?? []).join(',')}]}`,
      sort_at: e.sort_at,
      sort_id: e.sort_id,
    })),
    limit,
  )
}
