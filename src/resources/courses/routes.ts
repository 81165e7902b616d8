import type { FastifyInstance } from 'fastify'
import { grantWorkspace } from '../../access.js'
import { LIST_LIMITS, PROGRESS_LIMITS } from '../../paging/paging.js'
import { defineList, listRoute } from '../../routing/list.js'
import { readItemRequest, sendItem } from '../../routing/operation.js'
import { parameters } from '../../routing/parameters.js'
import { dataOf, ref, workspaceId } from '../../routing/schemas.js'
import { COURSE_SQL } from './sql.js'

const LIST_COURSES = defineList({
  operationId: 'listCourses',
  path: '/v1/courses',
  summary: 'List the awareness courses of a workspace',
  description: 'Newest first: created_at descending, then id descending.',
  scope: 'awareness:read',
  parameters: { workspace_id: workspaceId },
  limits: LIST_LIMITS,
  item: 'Course',
  rows: COURSE_SQL.listPage,
})

const LIST_PROGRESS = defineList({
  operationId: 'listEmployeesProgress',
  path: '/v1/courses/employees_progress',
  summary: 'List every employee of a workspace with their course progress',
  description:
    'Every employee of the workspace, also those without progress (courses_progress: []). Employees newest first ' +
    '(created_at descending, then id descending); inside, courses newest first (course created_at descending, ' +
    'then id descending); years ascending. A manually assigned course has years: [].',
  scope: 'awareness:read',
  parameters: { workspace_id: workspaceId },
  limits: PROGRESS_LIMITS,
  item: 'EmployeeCourseProgress',
  rows: COURSE_SQL.progressPage,
})

const query = parameters({ workspace_id: workspaceId })

/** GET /v1/courses, /v1/courses/employees_progress and /v1/courses/statistics. */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_COURSES)
  listRoute(app, LIST_PROGRESS)

  app.get(
    '/v1/courses/statistics',
    {
      config: { scope: 'awareness:read', etag: 'body' },
      schema: {
        operationId: 'getProgramStatistics',
        summary: 'Statistics of the awareness program of a workspace',
        description:
          'active_employees: employees with status active. covered_employees: active employees with at least one ' +
          'course progress entry. average_courses_completed: over active employees, the mean number of entries whose ' +
          'status is completed, rounded half up (0 without active employees). positive/neutral/negative_feedbacks: ' +
          'course feedback of the workspace created in the last 90 × 24 hours, inclusive. Scope: awareness:read.',
        querystring: query.schema,
        response: { 200: dataOf(ref('Statistics')) },
      },
    },
    async (request, reply) => {
      const { workspace_id } = readItemRequest(request, query)
      const grant = await grantWorkspace(app.api.db, request.key, workspace_id)
      return sendItem(reply, JSON.stringify(await COURSE_SQL.statistics(app.api.db, grant)))
    },
  )
}
