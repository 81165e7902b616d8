import type { FastifyInstance } from 'fastify'
import { grantWorkspace } from '../../queries/access.js'
import { programStatistics } from '../../queries/statistics.js'
import { readItemRequest, sendItem } from '../operation.js'
import { parameters } from '../params/parameters.js'
import { dataOf, ref, workspaceId } from './shared.js'

const query = parameters({ workspace_id: workspaceId })

export async function statisticsRoute(app: FastifyInstance): Promise<void> {
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
        tags: ['Courses'],
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
