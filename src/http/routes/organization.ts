import type { FastifyInstance } from 'fastify'
import { findOrganization } from '../../queries/organization.js'
import { UNAUTHORIZED } from '../errors.js'
import { readItemRequest, sendItem } from '../operation.js'
import { parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, ref } from './shared.js'

const none = parameters({})

export async function organizationRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/organization',
    {
      config: { scope: 'workspace:read' },
      schema: {
        operationId: 'getOrganization',
        summary: "The key's organization and its workspaces",
        description:
          'Workspaces oldest first (created_at ascending, then id ascending). A workspace-scoped key sees only its ' +
          'workspace. Scope: workspace:read.',
        tags: ['Organization'],
        querystring: none.schema,
        response: { 200: dataOf(ref('Organization')) },
      },
    },
    async (request, reply) => {
      readItemRequest(request, none)
      const organization = await findOrganization(app.api.db, request.key)
      // A key always belongs to an organization; one that has gone is no longer a valid key.
      if (organization === null) throw UNAUTHORIZED()
      if (await notModified(request, reply)) return reply
      return sendItem(reply, JSON.stringify(organization))
    },
  )
}
