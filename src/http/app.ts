// Builds the API: external plugins, then ours (responses, authentication), then the routes.

import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import type { Config } from '../config/config.js'
import type { DatabaseHandle } from '../db/connection.js'
import { generationSource } from '../db/generation.js'
import { cursorSecret } from '../db/state.js'
import { KeyVerifier } from '../keys/verifier.js'
import { MemoryCounters, RedisCounters, type WindowCounters } from '../limits/counters.js'
import { RateLimits } from '../limits/rate-limits.js'
import { ErrorResponse } from '../schemas/errors.js'
import {
  Breach,
  CompromisedEmployee,
  Course,
  Employee,
  EmployeeCourseProgress,
  Organization,
  Statistics,
} from '../schemas/resources.js'
import './context.js'
import { apiError } from './errors.js'
import { commonHeaders, requestId } from './headers.js'
import { Metrics } from './metrics.js'
import { finalizeDocument, SWAGGER_OPTIONS } from './openapi.js'
import { CursorCodec } from './paging.js'
import { parseQueryString } from './params/parameters.js'
import { authentication } from './plugins/authentication.js'
import { conditional } from './plugins/conditional.js'
import { observability } from './plugins/observability.js'
import { type OverloadOptions, overload } from './plugins/overload.js'
import { responses, sendError } from './plugins/responses.js'
import { answerSocket, CONNECT_REFUSED, clientErrorAnswer } from './raw-answers.js'
import { breachesRoute } from './routes/breaches.js'
import { compromisedRoute } from './routes/compromised.js'
import { coursesRoute } from './routes/courses.js'
import { employeeRoute } from './routes/employee.js'
import { employeesRoute } from './routes/employees.js'
import { healthRoutes } from './routes/health.js'
import { organizationRoute } from './routes/organization.js'
import { progressRoute } from './routes/progress.js'
import { statisticsRoute } from './routes/statistics.js'

/** Response bodies up to this size are compressed in one call; larger ones are streamed. */
export const ONE_CALL_COMPRESSION_BYTES = 2 * 1024 * 1024

/** Headers and body of a request must have arrived within this (CONTRACT 8: 408). */
const HEADERS_TIMEOUT_MS = 30_000

export interface AppOptions {
  config: Config
  /** The primary database (key bookkeeping, the cursor secret). */
  database: DatabaseHandle
  /** Where API reads go; the primary when there is no replica. */
  readDatabase?: DatabaseHandle
  /** Log JSON lines (to stdout, or to `stream`); `pretty` for a terminal. */
  logger?: false | { stream?: NodeJS.WritableStream; pretty?: boolean }
  /** Shared rate-limit counters; by default Redis when REDIS_URL is set, else process memory. */
  counters?: WindowCounters
  /** Tests shorten the protocol's time limits and move the overload bound with these. */
  tuning?: { headersTimeoutMs?: number; overload?: OverloadOptions }
}

const SHARED_SCHEMAS = [
  Employee,
  Course,
  EmployeeCourseProgress,
  Breach,
  CompromisedEmployee,
  Organization,
  Statistics,
  ErrorResponse,
]

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const reads = options.readDatabase ?? database
  const logger = options.logger
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // The path only: a query string is the client's to send, and could carry anything.
          serializers: { req: (req) => ({ method: req.method, path: req.url.split('?')[0] }) },
          ...(logger.stream ? { stream: logger.stream } : {}),
          ...(logger.pretty ? { transport: { target: 'pino-pretty' } } : {}),
        }
      : false,
    // One line per request is written by the observability plugin instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // In-flight requests finish when the server closes (graceful shutdown, see drain.ts).
    return503OnClosing: false,
    forceCloseConnections: false,
    // Headers and body must arrive within 30 s (408 otherwise), checked every second; a request
    // without Host is answered by the responses plugin in the contract's shape, not by Node.
    requestTimeout: HEADERS_TIMEOUT_MS,
    http: {
      requireHostHeader: false,
      headersTimeout: options.tuning?.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    // A request not answered within REQUEST_TIMEOUT gets 503 (a hung database, say).
    handlerTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 75_000,
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 2048 },
    // Paths the router refuses before any hook runs (a malformed percent-encoding, a segment over
    // the length limit): answered in the contract's shape too. Such a segment can only be a path id
    // that is not a UUID.
    frameworkErrors: (error, request, reply) => {
      reply.headers(commonHeaders(request.id))
      const detail =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path id must be a UUID; this one is far too long.'
          : 'The request path is malformed (bad percent-encoding).'
      return sendError(reply, apiError('invalid_parameter', detail))
    },
    clientErrorHandler: (error, socket) => {
      const answer = clientErrorAnswer((error as { code?: string }).code)
      if (answer) answerSocket(socket, answer)
      else socket.destroy()
    },
  })
  app.server.on('connect', (_request, socket) => answerSocket(socket, CONNECT_REFUSED()))
  // Parameters are parsed by our own strict rules (params/parameters.ts); the declared schemas
  // serve the OpenAPI document.
  app.setValidatorCompiler(() => () => true)
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema)

  const generation = generationSource(reads)
  const metrics = new Metrics({ generation: () => generation.current(), pool: reads.poolStats })
  let lastRedisWarning = 0
  const counters =
    options.counters ??
    (config.redisUrl
      ? new RedisCounters(config.redisUrl, {
          onError(error) {
            metrics.redisErrors.inc()
            if (Date.now() - lastRedisWarning > 10_000) {
              lastRedisWarning = Date.now()
              app.log.warn(
                { err: { message: (error as Error).message } },
                'redis unavailable: counting in this process',
              )
            }
          },
        })
      : new MemoryCounters())
  app.addHook('onClose', async () => counters.close())

  app.decorate('api', {
    db: reads.db,
    keys: new KeyVerifier(reads.db, database.db, config.keyCacheSeconds * 1000),
    cursors: new CursorCodec(await cursorSecret(database.db, config.cursorSecret)),
    limits: new RateLimits(counters, { perKey: config.rateLimit, authFailures: config.authFailureLimit }),
    generation,
    metrics,
  })
  app.decorate('shuttingDown', false)
  app.decorate('draining', false)
  // During a shutdown's drain every answer closes its connection (drain.ts).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close')
    done(null, payload)
  })
  await app.register(responses)
  await app.register(overload, options.tuning?.overload ?? {})
  await app.register(authentication)
  await app.register(conditional)
  await app.register(observability)
  // GET and HEAD take no body, so nothing is ever decompressed: without this, the plugin adds a
  // request-decompression hook to every route (runs before the plugin's own onRoute hook).
  app.addHook('onRoute', (route) => {
    ;(route as { decompress?: false }).decompress = false
  })
  // After conditional: its 304 decision sees the body before compression does.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Pages are compressed in one call up to ONE_CALL_COMPRESSION_BYTES: the streaming path's round
    // trips through the thread pool cost more than the compression, and it holds one compressor per
    // response. Measured: a 100k-employee walk through the client 6.5 s → see BENCHMARKS.md; 16
    // clients reading 1 MB progress pages with brotli 45–65 → 112–117 req/s, the server's peak RSS
    // 308–374 → 209–220 MiB. Larger bodies still stream, so none holds the event loop for long.
    syncThreshold: ONE_CALL_COMPRESSION_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })

  // The OpenAPI document, generated from the routes' own schemas (routes are added after this).
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

  await app.register(healthRoutes)
  if (config.metrics === 'main') {
    app.get('/metrics', { schema: { hide: true } } as object, async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
    })
  }
  for (const route of [
    employeesRoute,
    employeeRoute,
    coursesRoute,
    progressRoute,
    statisticsRoute,
    breachesRoute,
    compromisedRoute,
    organizationRoute,
  ]) {
    await app.register(route)
  }
  return app
}
