// Authentication and scopes (CONTRACT 5): the key travels only in x-api-key; every failure is the
// same 401; a valid key without the operation's scope is 403.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { apiError, UNAUTHORIZED } from '../errors.js'

async function authenticate(request: FastifyRequest): Promise<void> {
  const scope = request.routeOptions.config.scope
  if (scope === undefined) return
  const header = request.headers['x-api-key']
  const identity = await request.server.api.keys.verify(typeof header === 'string' ? header : undefined)
  if (!identity) throw UNAUTHORIZED()
  if (!identity.scopes.has(scope)) {
    throw apiError('forbidden', `This key lacks the ${scope} scope this operation needs.`, {
      header: 'x-api-key',
    })
  }
  request.key = identity
}

export const authentication = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('key', null as never)
    app.addHook('onRequest', authenticate)
  },
  { name: 'authentication' },
)
