import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace } from '../../access.js'
import { LIST_LIMITS, PROGRESS_LIMITS } from '../../paging/paging.js'
import { notModified } from '../../routing/conditional.js'
import { readItemRequest, readListRequest, sendItem, sendPage } from '../../routing/operation.js'
import { parameters } from '../../routing/parameters.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from '../../routing/schemas.js'
import { listCourses, listProgress, programStatistics } from './queries.js'

const query = parameters({ workspace_id: workspaceId })

/** GET /v1/courses, /v1/courses/employees_progress and /v1/courses/statistics. */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/courses',
    {
      config: { scope: 'awareness:read' },
      schema: {
        operationId: 'listCourses',
        summary: 'List the awareness courses of a workspace',
        description: `Newest first: created_at descending, then id descending. ${LIST_ORDER_NOTE} Scope: awareness:read.`,
        querystring: query.schema,
        headers: listHeaders(LIST_LIMITS),
        response: { 200: dataOf(Type.Array(ref('Course'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'courses', query, LIST_LIMITS, (q) => [q.workspace_id])
      const grant = await grantWorkspace(app.api.db, request.key, list.query.workspace_id)
      if (await notModified(request, reply)) return reply
      return sendPage(reply, list, await listCourses(app.api.db, grant, list.position, list.limit))
    },
  )

  app.get(
    '/v1/courses/employees_progress',
    {
      config: { scope: 'awareness:read' },
      schema: {
        operationId: 'listEmployeesProgress',
        summary: 'List every employee of a workspace with their course progress',
        description:
          'Every employee of the workspace, also those without progress (courses_progress: []). Employees newest first ' +
          '(created_at descending, then id descending); inside, courses newest first (course created_at descending, ' +
          `then id descending); years ascending. A manually assigned course has years: []. ${LIST_ORDER_NOTE} ` +
          'Scope: awareness:read.',
        querystring: query.schema,
        headers: listHeaders(PROGRESS_LIMITS),
        response: { 200: dataOf(Type.Array(ref('EmployeeCourseProgress'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'employees_progress', query, PROGRESS_LIMITS, (q) => [
        q.workspace_id,
      ])
      const grant = await grantWorkspace(app.api.db, request.key, list.query.workspace_id)
      if (await notModified(request, reply)) return reply
      return sendPage(reply, list, await listProgress(app.api.db, grant, list.position, list.limit))
    },
  )

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
      return sendItem(reply, JSON.stringify(await programStatistics(app.api.db, grant)))
    },
  )
}
