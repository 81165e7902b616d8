import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import { timestampFromMillis } from '../domain/time.js'
import type { Statistics } from '../schemas/resources.js'
import type { WorkspaceGrant } from './access.js'

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
