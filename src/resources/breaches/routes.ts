import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace } from '../../access.js'
import { notFound } from '../../errors.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { notModified } from '../../routing/conditional.js'
import { readListRequest, sendPage } from '../../routing/operation.js'
import { param, parameters } from '../../routing/parameters.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from '../../routing/schemas.js'
import { breachAffects, listBreaches, listCompromisedEmployees } from './queries.js'
import { BREACH_NOT_FOUND } from './schema.js'
import { BREACH_STATUSES } from './values.js'

const query = parameters({
  workspace_id: workspaceId,
  status: param.enumList(
    BREACH_STATUSES,
    'Keeps only breaches with one of these statuses (active while a compromised employee of the workspace has not acknowledged).',
  ),
})

const compromisedQuery = parameters({
  breach_id: param.uuid('The breach.'),
  workspace_id: workspaceId,
  warned: param.boolean(
    'true: only employees who were notified about the breach; false: only those not notified.',
  ),
  acknowledged: param.boolean(
    'true: only employees who acknowledged the breach; false: only those who did not.',
  ),
})

/** GET /v1/breaches and /v1/breaches/:breach_id/compromised-employees. */
export async function breachRoutes(app: FastifyInstance): Promise<void> {
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
        params: Type.Object({ breach_id: Type.String({ format: 'uuid' }) }),
        querystring: parameters({
          workspace_id: compromisedQuery.definitions.workspace_id,
          warned: compromisedQuery.definitions.warned,
          acknowledged: compromisedQuery.definitions.acknowledged,
        }).schema,
        headers: listHeaders(LIST_LIMITS),
        response: { 200: dataOf(Type.Array(ref('CompromisedEmployee'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'compromised_employees', compromisedQuery, LIST_LIMITS, (q) => [
        q.workspace_id,
        q.breach_id,
        q.warned ?? null,
        q.acknowledged ?? null,
      ])
      const { breach_id, workspace_id, warned, acknowledged } = list.query
      const grant = await grantWorkspace(app.api.db, request.key, workspace_id)
      if (!(await breachAffects(app.api.db, grant, breach_id))) throw notFound(BREACH_NOT_FOUND)
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
