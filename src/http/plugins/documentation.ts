// The OpenAPI document (/v1/openapi.json), generated from the routes' own schemas, and the reference
// page (/docs, Scalar, served from the package: no CDN, works offline). Registered before the
// routes, whose declarations it collects.

import swagger from '@fastify/swagger'
import scalar from '@scalar/fastify-api-reference'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { finalizeDocument, SWAGGER_OPTIONS } from '../openapi.js'

/** The reference's own samples: curl, Python (requests), PowerShell; JavaScript is the client's. */
const HIDDEN_CLIENTS = [
  ...['c', 'clojure', 'csharp', 'dart', 'fsharp', 'go', 'http', 'java', 'js', 'kotlin', 'node'],
  ...['objc', 'ocaml', 'php', 'r', 'ruby', 'rust', 'swift'],
  ...['shell/httpie', 'shell/wget', 'powershell/webrequest'],
  ...['python/python3', 'python/httpx_sync', 'python/httpx_async'],
]

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
    // A person opening the server's address lands on its reference.
    app.get('/', { schema: { hide: true } } as object, async (_request, reply) =>
      reply.redirect('/docs', 302),
    )
    await app.register(scalar, {
      routePrefix: '/docs',
      logLevel: 'warn',
      configuration: {
        pageTitle: 'Workforce Security Awareness API – reference',
        content: () => JSON.parse(openapi()),
        // The page's fonts would come from Scalar's CDN; the system's serve offline.
        withDefaultFonts: false,
        // The key typed once stays in the browser's storage for the next visit.
        persistAuth: true,
        defaultOpenAllTags: true,
        authentication: { preferredSecurityScheme: 'ApiKey' },
        hiddenClients: HIDDEN_CLIENTS,
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
        hideClientButton: true,
        showDeveloperTools: 'never',
        documentDownloadType: 'json',
        telemetry: false,
        // The AI agent and its registry search are Scalar's hosted services.
        agent: { disabled: true },
      } as never,
    })
  },
  { name: 'documentation' },
)
