// Every statement of the courses resource, named: the SQL snapshots (sql/*/api.sql) label each by
// its name here (`courses.sql:listPage`).

import { sql } from 'kysely'
import type { WorkspaceRows } from '../../access.js'
import { timestampFromMillis } from '../../domain/time.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { Counted } from '../../privacy/aggregate.js'
import { inGrant, inWorkspace, SAMPLE } from '../sql.js'
import { ENROLLMENT_JSON } from './render.js'
import { FEEDBACK_GIVERS, type Statistics } from './schema.js'
import type { ProgressStatus } from './values.js'

type WorkspaceValues = Record<never, never>

/** The feedback counts' window: the last 90 × 24 h, inclusive (CONTRACT 6). */
export const FEEDBACK_WINDOW_MS = 90 * 24 * 3600 * 1000

export const COURSE_SQL = {
  /** A page of a workspace's courses, newest first (created_at desc, id desc). */
  listPage: {
    name: 'courses',
    rows: (from) =>
      from.selectFrom('courses as c').select(['c.json', 'c.created_at as sort_at', 'c.id as sort_id']),
    at: 'c.created_at',
    id: 'c.id',
    samples: { 'a later page': { values: {}, after: true, limit: 50 } },
  } satisfies ListDefinition<WorkspaceValues>,

  /**
   * A page of a workspace's employees with their course progress, in employee order: the items are
   * stored whole (render.ts), so a page is one range read whatever its size.
   */
  progressPage: {
    name: 'employees_progress',
    rows: (from) =>
      from
        .selectFrom('employee_progress as p')
        .select(['p.json', 'p.created_at as sort_at', 'p.employee_id as sort_id']),
    at: 'p.created_at',
    id: 'p.employee_id',
    carries: 'id',
    samples: { 'a later page': { values: {}, after: true, limit: 500 } },
  } satisfies ListDefinition<WorkspaceValues>,

  /**
   * A page of the employees enrolled in a course, in employee order (created_at desc, id desc): the
   * workspace's employees in that order, each with its entry of the course looked up by key.
   */
  enrolledPage: {
    name: 'course_employees',
    rows: (from, v) =>
      from
        .selectFrom('employees as e')
        .innerJoin('course_progress as p', (join) =>
          join
            .onRef('p.workspace_id', '=', 'e.workspace_id')
            .onRef('p.employee_id', '=', 'e.id')
            .on('p.course_id', '=', v.course_id),
        )
        .select([
          sql<string>`${sql.raw(ENROLLMENT_JSON)}`.as('json'),
          'e.created_at as sort_at',
          'e.id as sort_id',
        ])
        .$if(v.status !== undefined, (q) => q.where('p.status', 'in', v.status as string[])),
    at: 'e.created_at',
    id: 'e.id',
    carries: 'id',
    samples: {
      'a later page, status': {
        values: { course_id: SAMPLE.id, status: ['missed'] },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<{
    course_id: string
    status?: ProgressStatus[] | undefined
  }>,

  /** Whether a course belongs to the granted workspace. */
  inWorkspace: inWorkspace('courses'),

  /**
   * The awareness program's statistics (CONTRACT 6). Employee and completion figures are derived at
   * import; feedback counts depend on the moment of the request: the last 90 × 24 h, inclusive.
   */
  statistics: inGrant(
    async (
      from: WorkspaceRows,
      aggregate: boolean = false,
      now: number = Date.now(),
    ): Promise<Statistics | Counted<Statistics>> => {
      const derived = await from
        .selectFrom('workspace_statistics')
        .select(['active_employees', 'covered_employees', 'average_courses_completed'])
        .executeTakeFirst()
      const since = timestampFromMillis(now - FEEDBACK_WINDOW_MS)
      const bySentiment = from
        .selectFrom('course_feedback')
        .select(['sentiment', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('created_at', '>=', since)
        .groupBy('sentiment')
      // An aggregate key: in the same statement, the employees who gave them (a row of its own).
      const feedback = aggregate
        ? await bySentiment
            .unionAll(
              from
                .selectFrom('course_feedback')
                .select([
                  sql.lit(GIVERS).as('sentiment'),
                  (eb) => eb.fn.count<number | string>('employee_id').distinct().as('count'),
                ])
                .where('created_at', '>=', since),
            )
            .execute()
        : await bySentiment.execute()
      const answer = programStatisticsOf(derived, feedback)
      if (!aggregate) return answer
      const givers = Number(feedback.find((f) => f.sentiment === GIVERS)?.count ?? 0)
      return new Counted(answer, undefined, { [FEEDBACK_GIVERS.counted]: givers })
    },
    {
      '': [false, SAMPLE.now] as [boolean, number],
      'for an aggregate key': [true, SAMPLE.now] as [boolean, number],
    },
  ),
}

/** The row of the feedback statement that counts the employees who gave one (no sentiment is named so). */
const GIVERS = 'givers'

/** /v1/courses/statistics from a workspace's derived row (none: no employee) and feedback counts. */
export function programStatisticsOf(
  derived:
    | { active_employees: number; covered_employees: number; average_courses_completed: number }
    | undefined,
  feedback: readonly { sentiment: string; count: number | string }[],
): Statistics {
  const count = (sentiment: string) => Number(feedback.find((f) => f.sentiment === sentiment)?.count ?? 0)
  return {
    active_employees: Number(derived?.active_employees ?? 0),
    covered_employees: Number(derived?.covered_employees ?? 0),
    average_courses_completed: Number(derived?.average_courses_completed ?? 0),
    positive_feedbacks: count('positive'),
    neutral_feedbacks: count('neutral'),
    negative_feedbacks: count('negative'),
  }
}
