import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace } from '../../queries/access.js'
import { listCourses } from '../../queries/courses.js'
import { readListRequest, sendPage } from '../operation.js'
import { LIST_LIMITS } from '../paging.js'
import { parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from './shared.js'

const query = parameters({ workspace_id: workspaceId })

export async function coursesRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/courses',
    {
      config: { scope: 'awareness:read' },
      schema: {
        operationId: 'listCourses',
        summary: 'List the awareness courses of a workspace',
        description: `Newest first: created_at descending, then id descending. ${LIST_ORDER_NOTE} Scope: awareness:read.`,
        tags: ['Courses'],
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
}
