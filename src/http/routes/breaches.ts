import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { BREACH_STATUSES } from '../../domain/values.js'
import { grantWorkspace } from '../../queries/access.js'
import { listBreaches } from '../../queries/breaches.js'
import { readListRequest, sendPage } from '../operation.js'
import { LIST_LIMITS } from '../paging.js'
import { param, parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from './shared.js'

const query = parameters({
  workspace_id: workspaceId,
  status: param.enumList(
    BREACH_STATUSES,
    'Keeps only breaches with one of these statuses (active while a compromised employee of the workspace has not acknowledged).',
  ),
})

export async function breachesRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/breaches',
    {
      config: { scope: 'breaches:read' },
      schema: {
        operationId: 'listBreaches',
        summary: 'List the data breaches that affect a workspace',
        description:
          'Most recently breached first: last_breached_at descending, then id descending. impacted, warned and ' +
          'acknowledged count the compromised employees of the asked workspace (all, those warned, those who ' +
          `acknowledged); status is active while one of them has not acknowledged, else resolved. ${LIST_ORDER_NOTE} ` +
          'Scope: breaches:read.',
        tags: ['Breaches'],
        querystring: query.schema,
        headers: listHeaders(LIST_LIMITS),
        response: { 200: dataOf(Type.Array(ref('Breach'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'breaches', query, LIST_LIMITS, (q) => [
        q.workspace_id,
        q.status ?? null,
      ])
      const grant = await grantWorkspace(app.api.db, request.key, list.query.workspace_id)
      if (await notModified(request, reply)) return reply
      return sendPage(
        reply,
        list,
        await listBreaches(app.api.db, grant, list.query.status, list.position, list.limit),
      )
    },
  )
}
