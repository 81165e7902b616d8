import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace } from '../../access.js'
import { apiError, notFound } from '../../errors.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { notModified } from '../../routing/conditional.js'
import { readItemRequest, readListRequest, sendItem, sendPage } from '../../routing/operation.js'
import { param, parameters } from '../../routing/parameters.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from '../../routing/schemas.js'
import { findEmployee, listEmployees } from './queries.js'
import { EMPLOYEE_NOT_FOUND } from './schema.js'
import { EMPLOYEE_STATUSES } from './values.js'

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

const path = parameters({ employee_id: param.uuid('The employee to retrieve.') })

/** GET /v1/employees and GET /v1/employees/:employee_id. */
export async function employeeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/employees',
    {
      config: { scope: 'workspace:read' },
      schema: {
        operationId: 'listEmployees',
        summary: 'List the employees of a workspace',
        description: `Newest first: created_at descending, then id descending. ${LIST_ORDER_NOTE} Scope: workspace:read.`,
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

  app.get(
    '/v1/employees/:employee_id',
    {
      config: { scope: 'workspace:read' },
      schema: {
        operationId: 'getEmployee',
        summary: 'Get one employee',
        description:
          'An employee of any workspace the key reaches. Unknown ids and ids the key cannot reach are the same 404. Scope: workspace:read.',
        params: Type.Object({ employee_id: Type.String({ format: 'uuid' }) }),
        querystring: parameters({}).schema,
        response: { 200: dataOf(ref('Employee')) },
      },
    },
    async (request, reply) => {
      const { employee_id } = readItemRequest(request, path)
      const json = await findEmployee(app.api.db, request.key, employee_id)
      if (json === null) throw notFound(EMPLOYEE_NOT_FOUND)
      if (await notModified(request, reply)) return reply
      return sendItem(reply, json)
    },
  )
}
