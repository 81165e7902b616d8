// The OpenAPI document (/v1/openapi.json), generated from the routes' own schemas, and the reference
// page (/docs). Registered before the routes, whose declarations it collects.

import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { finalizeDocument, SWAGGER_OPTIONS } from '../openapi.js'

export const documentation = fp(
  async (app: FastifyInstance) => {
    const scopes = new Map<string, string>()
    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId
      if (operationId && route.config?.scope) scopes.set(operationId, route.config.scope)
    })
    await app.register(swagger, SWAGGER_OPTIONS as never)
    let document: string | undefined
    const openapi = () => {
      document ??= JSON.stringify(finalizeDocument(app.swagger() as never, scopes))
      return document
    }
    app.get('/v1/openapi.json', { schema: { hide: true } } as object, async (_request, reply) => {
      return reply.type('application/json; charset=utf-8').send(openapi())
    })
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformSpecification: () => JSON.parse(openapi()),
      uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, displayOperationId: true },
    })
  },
  { name: 'documentation' },
)
