import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace } from '../../queries/access.js'
import { listProgress } from '../../queries/courses.js'
import { readListRequest, sendPage } from '../operation.js'
import { PROGRESS_LIMITS } from '../paging.js'
import { parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from './shared.js'

const query = parameters({ workspace_id: workspaceId })

export async function progressRoute(app: FastifyInstance): Promise<void> {
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
        tags: ['Courses'],
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
}
