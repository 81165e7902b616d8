// The program statistics (GET /v1/courses/statistics), kept by every import for `as_of` and their
// history twin (history/kept-statistics.ts).

import { sql } from 'kysely'
import type { WriteSession } from '../../db/write-session.js'
import { timestampFromMillis } from '../../domain/time.js'
import { keptStatistic } from '../../history/kept-statistics.js'
import type { HistoryMoment, KeptAnswer } from '../../records/spec.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { FEEDBACK_GIVERS, Statistics, StatisticsPoint } from './schema.js'
import { AWARENESS_READ } from './scopes.js'
import { COURSE_SQL, FEEDBACK_WINDOW_MS, programStatisticsOf } from './sql.js'

const statisticsJson = jsonOf(Statistics)

/**
 * Each workspace's /v1/courses/statistics at the moment, as its endpoint renders it: "now" is the
 * moment's as_of, which ends the feedback window.
 */
async function statisticsAt(session: WriteSession, moment: HistoryMoment): Promise<Map<string, KeptAnswer>> {
  const workspaces = sql.raw(moment.workspaces)
  const derived = await session.rows<{
    workspace_id: string
    active_employees: number
    covered_employees: number
    average_courses_completed: number
  }>(sql`select workspace_id, active_employees, covered_employees, average_courses_completed
    from workspace_statistics where workspace_id in ${workspaces}`)
  const since = timestampFromMillis(Date.parse(moment.asOf) - FEEDBACK_WINDOW_MS)
  const inWindow = sql`course_feedback
    where workspace_id in ${workspaces} and created_at >= ${since} and created_at <= ${moment.asOf}`
  const feedback = await session.rows<{
    workspace_id: string
    sentiment: string
    count: number | string
  }>(sql`select workspace_id, sentiment, count(*) as count from ${inWindow} group by workspace_id, sentiment`)
  const givers = await session.rows<{ workspace_id: string; givers: number | string }>(
    sql`select workspace_id, count(distinct employee_id) as givers from ${inWindow} group by workspace_id`,
  )
  return new Map(
    moment.ids.map((w) => [
      w,
      {
        json: statisticsJson(
          programStatisticsOf(
            derived.find((d) => d.workspace_id === w),
            feedback.filter((f) => f.workspace_id === w),
          ),
        ),
        counts: {
          [FEEDBACK_GIVERS.counted]: Number(givers.find((g) => g.workspace_id === w)?.givers ?? 0),
        },
      },
    ]),
  )
}

export const PROGRAM_STATISTICS = keptStatistic({
  operationId: 'getProgramStatistics',
  path: '/v1/courses/statistics',
  summary: 'Statistics of the awareness program of a workspace',
  description:
    'active_employees: employees with status active. covered_employees: active employees with at least one ' +
    'course progress entry. average_courses_completed: over active employees, the mean number of entries whose ' +
    'status is completed, rounded half up (0 without active employees). positive/neutral/negative_feedbacks: ' +
    'course feedback of the workspace created in the last 90 × 24 hours, inclusive. With as_of: as kept by an ' +
    'import, the feedback window ending at its as_of.',
  scope: AWARENESS_READ.scope,
  item: 'Statistics',
  read: (from, aggregate) => COURSE_SQL.statistics(from, aggregate, Date.now()),
  population: 'active_employees',
  keep: statisticsAt,
  history: {
    operationId: 'getProgramStatisticsHistory',
    summary: 'The program statistics of a workspace over time',
    point: StatisticsPoint,
    also: 'its feedback window ending at that as_of',
  },
})
