import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace } from '../../queries/access.js'
import { breachAffects, listCompromisedEmployees } from '../../queries/breaches.js'
import { BREACH_NOT_FOUND } from '../errors.js'
import { readListRequest, sendPage } from '../operation.js'
import { LIST_LIMITS } from '../paging.js'
import { param, parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from './shared.js'

const query = parameters({
  breach_id: param.uuid('The breach.'),
  workspace_id: workspaceId,
  warned: param.boolean(
    'true: only employees who were notified about the breach; false: only those not notified.',
  ),
  acknowledged: param.boolean(
    'true: only employees who acknowledged the breach; false: only those who did not.',
  ),
})

export async function compromisedRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/breaches/:breach_id/compromised-employees',
    {
      config: { scope: 'breaches:read' },
      schema: {
        operationId: 'listCompromisedEmployees',
        summary: 'List the employees of a workspace compromised by a breach',
        description:
          'Most recently compromised first: compromised_at descending, then employee id descending. A breach that does ' +
          `not affect the workspace is a 404, like an unknown one. ${LIST_ORDER_NOTE} Scope: breaches:read.`,
        tags: ['Breaches'],
        params: Type.Object({ breach_id: Type.String({ format: 'uuid' }) }),
        querystring: parameters({
          workspace_id: query.definitions.workspace_id,
          warned: query.definitions.warned,
          acknowledged: query.definitions.acknowledged,
        }).schema,
        headers: listHeaders(LIST_LIMITS),
        response: { 200: dataOf(Type.Array(ref('CompromisedEmployee'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'compromised_employees', query, LIST_LIMITS, (q) => [
        q.workspace_id,
        q.breach_id,
        q.warned ?? null,
        q.acknowledged ?? null,
      ])
      const { breach_id, workspace_id, warned, acknowledged } = list.query
      const grant = await grantWorkspace(app.api.db, request.key, workspace_id)
      if (!(await breachAffects(app.api.db, grant, breach_id))) throw BREACH_NOT_FOUND()
      if (await notModified(request, reply)) return reply
      const page = await listCompromisedEmployees(
        app.api.db,
        grant,
        breach_id,
        { warned, acknowledged },
        list.position,
        list.limit,
      )
      return sendPage(reply, list, page)
    },
  )
}
