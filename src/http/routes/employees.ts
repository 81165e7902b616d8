import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { EMPLOYEE_STATUSES } from '../../domain/values.js'
import { grantWorkspace } from '../../queries/access.js'
import { listEmployees } from '../../queries/employees.js'
import { apiError } from '../errors.js'
import { readListRequest, sendPage } from '../operation.js'
import { LIST_LIMITS } from '../paging.js'
import { param, parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from './shared.js'

const query = parameters({
  workspace_id: workspaceId,
  status: param.enumList(EMPLOYEE_STATUSES, 'Keeps only employees with one of these statuses.'),
  karma_score_gte: param.nonNegativeInteger(
    'Keeps employees whose karma score is at least this (no karma: never).',
  ),
  karma_score_lte: param.nonNegativeInteger(
    'Keeps employees whose karma score is at most this (no karma: never).',
  ),
})

export async function employeesRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/employees',
    {
      config: { scope: 'workspace:read' },
      schema: {
        operationId: 'listEmployees',
        summary: 'List the employees of a workspace',
        description: `Newest first: created_at descending, then id descending. ${LIST_ORDER_NOTE} Scope: workspace:read.`,
        tags: ['Employees'],
        querystring: query.schema,
        headers: listHeaders(LIST_LIMITS),
        response: { 200: dataOf(Type.Array(ref('Employee'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'employees', query, LIST_LIMITS, (q) => [
        q.workspace_id,
        q.status ?? null,
        q.karma_score_gte ?? null,
        q.karma_score_lte ?? null,
      ])
      const { workspace_id, status, karma_score_gte, karma_score_lte } = list.query
      if (
        karma_score_gte !== undefined &&
        karma_score_lte !== undefined &&
        karma_score_gte > karma_score_lte
      ) {
        throw apiError('invalid_parameter', 'karma_score_gte must not be greater than karma_score_lte', {
          parameter: 'karma_score_gte',
        })
      }
      const grant = await grantWorkspace(app.api.db, request.key, workspace_id)
      if (await notModified(request, reply)) return reply
      const page = await listEmployees(
        app.api.db,
        grant,
        { status, karmaScoreGte: karma_score_gte, karmaScoreLte: karma_score_lte },
        list.position,
        list.limit,
      )
      return sendPage(reply, list, page)
    },
  )
}
