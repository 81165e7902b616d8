import type { FastifyInstance } from 'fastify'
import { UNAUTHORIZED } from '../../errors.js'
import { notModified } from '../../routing/conditional.js'
import { keyRowsOf, readItemRequest, sendItem } from '../../routing/operation.js'
import { parameters } from '../../routing/parameters.js'
import { dataOf, ref } from '../../routing/schemas.js'
import { ORGANIZATION_READ } from './scopes.js'
import { ORGANIZATION_SQL } from './sql.js'

const none = parameters({})

/** GET /v1/organization. */
export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/organization',
    {
      // Workspaces and their names: nothing of a person.
      config: { scope: ORGANIZATION_READ.scope, aggregate: true, people: 'none' },
      schema: {
        operationId: 'getOrganization',
        summary: "The key's organization and its workspaces",
        description:
          'Workspaces oldest first (created_at ascending, then id ascending). A workspace-scoped key sees only its ' +
          `workspace. Scope: ${ORGANIZATION_READ.scope}.`,
        querystring: none.schema,
        response: { 200: dataOf(ref('Organization')) },
      },
    },
    async (request, reply) => {
      readItemRequest(request, none)
      const organization = await ORGANIZATION_SQL.find(keyRowsOf(request))
      // A key always belongs to an organization; one that has gone is no longer a valid key.
      if (organization === null) throw UNAUTHORIZED()
      if (await notModified(request, reply)) return reply
      return sendItem(reply, JSON.stringify(organization))
    },
  )
}
