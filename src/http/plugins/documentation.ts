// The OpenAPI document (/v1/openapi.json), generated from the routes' own schemas, and the reference
// page (/docs, Scalar, served from the package: no CDN, works offline). Registered before the
// routes, whose declarations it collects.

import { createHash } from 'node:crypto'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { finalizeDocument, type OperationAccess, SWAGGER_OPTIONS } from '../openapi.js'

/** The reference's own samples: curl, Python (requests), PowerShell; JavaScript is the client's. */
const HIDDEN_CLIENTS = [
  ...['c', 'clojure', 'csharp', 'dart', 'fsharp', 'go', 'http', 'java', 'js', 'kotlin', 'node'],
  ...['objc', 'ocaml', 'php', 'r', 'ruby', 'rust', 'swift'],
  ...['shell/httpie', 'shell/wget', 'powershell/webrequest'],
  ...['python/python3', 'python/httpx_sync', 'python/httpx_async'],
]

const REFERENCE_PREFIX = '/docs'
/** The page's script, relative to the reference's prefix, as Scalar's plugin serves it. */
const SCRIPT = 'js/scalar.js'

/** What Scalar's page shows in an empty secret field (base64 of a joke, not a key). */
const SCALAR_SECRET_PLACEHOLDER = 'QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT'

export const documentation = fp(
  async (app: FastifyInstance) => {
    const scopes = new Map<string, OperationAccess>()
    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId
      if (operationId && route.config?.scope)
        scopes.set(operationId, { scope: route.config.scope, aggregate: route.config.aggregate === true })
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
      reply.redirect(REFERENCE_PREFIX, 302),
    )
    // The reference (Scalar's plugin and its large page script) is loaded on its first visit, into an
    // app of its own that this one asks: a server nobody reads the reference of never holds it.
    let reference: Promise<FastifyInstance> | undefined
    const loadReference = () => {
      reference ??= referenceApp(() => JSON.parse(openapi())).catch((error: unknown) => {
        reference = undefined // the next visit tries again
        throw error
      })
      return reference
    }
    // The page's large script is named by a hash of its content, so that a browser keeps it for
    // good and asks again only when an upgrade changes it; the page and the API stay no-store.
    let scriptTag: Promise<string> | undefined
    const versionedScript = (referenceApp: FastifyInstance) => {
      scriptTag ??= referenceApp
        .inject({ method: 'GET', url: `${REFERENCE_PREFIX}/${SCRIPT}` })
        .then((answer) => createHash('sha256').update(answer.rawPayload).digest('hex').slice(0, 16))
      return scriptTag
    }
    const serveReference = async (request: FastifyRequest, reply: FastifyReply) => {
      const referenceApp = await loadReference()
      const answer = await referenceApp.inject({
        method: 'GET', // a HEAD is answered from the GET's headers by this app
        url: request.url,
        headers: { host: request.headers.host ?? 'localhost' },
      })
      if (answer.statusCode === 404) return reply.callNotFound()
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value)
      }
      const version = await versionedScript(referenceApp)
      const [path, query = ''] = request.url.split('?')
      let body: Buffer | string = answer.rawPayload
      if (path === `${REFERENCE_PREFIX}/${SCRIPT}` && answer.statusCode === 200) {
        const current = new URLSearchParams(query).get('v') === version
        reply.header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        reply.header('etag', `"${version}"`)
        if (request.headers['if-none-match'] === `"${version}"`) return reply.code(304).send()
      } else if (String(answer.headers['content-type']).startsWith('text/html')) {
        body = answer.body.replaceAll(`src="${SCRIPT}"`, `src="${SCRIPT}?v=${version}"`)
      }
      // A redirect has no body, and so no type.
      return reply.code(answer.statusCode).send(body.length > 0 ? body : undefined)
    }
    const hidden = { schema: { hide: true }, logLevel: 'warn' } as object
    app.get(REFERENCE_PREFIX, hidden, serveReference)
    app.get(`${REFERENCE_PREFIX}/*`, hidden, serveReference)
    app.addHook('onClose', async () => {
      if (reference) await (await reference.catch(() => null))?.close()
    })
  },
  { name: 'documentation' },
)

/** Headers of the reference app's answer that describe its own connection, not the page. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date'])

async function referenceApp(content: () => unknown): Promise<FastifyInstance> {
  const { default: scalar } = await import('@scalar/fastify-api-reference')
  const app = Fastify({ logger: false })
  await app.register(scalar, {
    routePrefix: REFERENCE_PREFIX,
    configuration: {
      pageTitle: 'Workforce Security Awareness API – reference',
      content,
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
      // Scalar's placeholder for a key's value looks like a real key: the field shows empty instead.
      customCss: `input[placeholder="${SCALAR_SECRET_PLACEHOLDER}"]::placeholder { color: transparent; }`,
    } as never,
  })
  await app.ready()
  return app
}
