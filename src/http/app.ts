// Builds the API: the shared context and cross-cutting plugins, then the documentation, then the
// routes of every resource (src/resources), each plugin declaring what it depends on.

import Fastify, { type FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import type { Config } from '../config/config.js'
import type { DatabaseHandle } from '../db/connection.js'
import { errorCodes } from '../errors.js'
import type { WindowCounters } from '../limits/counters.js'
import { assertClassified } from '../privacy/disclosure-check.js'
import { NOT_FOUND, RESOURCES } from '../resources/index.js'
import { errorResponseSchema } from '../schemas/errors.js'
import { tracing } from '../tracing/tracing.js'
import { healthRoutes } from './health.js'
import { apiContext } from './plugins/api-context.js'
import { authentication } from './plugins/authentication.js'
import { compression } from './plugins/compression.js'
import { conditional } from './plugins/conditional.js'
import { deadline } from './plugins/deadline.js'
import { disclosures } from './plugins/disclosures.js'
import { documentation } from './plugins/documentation.js'
import { observability } from './plugins/observability.js'
import { type OverloadOptions, overload } from './plugins/overload.js'
import { pipelining } from './plugins/pipelining.js'
import { responses } from './plugins/responses.js'
import { answerSocket, CONNECT_REFUSED } from './raw-answers.js'
import { type LoggerOptions, serverOptions } from './server-options.js'

export { ONE_CALL_COMPRESSION_BYTES } from './plugins/compression.js'

export interface AppOptions {
  config: Config
  /** The primary database (key bookkeeping, the cursor secret). */
  database: DatabaseHandle
  /** Where API reads go; the primary when there is no replica. */
  readDatabase?: DatabaseHandle
  /** Log JSON lines (to stdout, or to `stream`); `pretty` for a terminal. */
  logger?: false | LoggerOptions
  /** Shared rate-limit counters; by default Redis when REDIS_URL is set, else process memory. */
  counters?: WindowCounters
  /** Tests shorten the protocol's time limits and move the overload bound with these. */
  tuning?: { headersTimeoutMs?: number; overload?: OverloadOptions }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = Fastify(serverOptions(config, options.logger, options.tuning?.headersTimeoutMs))
  // The request spans (tracing on): before every other hook and route, so that all run inside one.
  const traces = tracing().fastifyPlugin
  if (traces) await app.register(traces as never)
  app.server.on('connect', (_request, socket) => answerSocket(socket, CONNECT_REFUSED()))
  // Parameters are parsed by our own strict rules (routing/parameters.ts); the declared schemas
  // serve the OpenAPI document.
  app.setValidatorCompiler(() => () => true)
  const schemas: TSchema[] = [
    ...RESOURCES.flatMap((r): readonly TSchema[] => r.schemas),
    errorResponseSchema(errorCodes(NOT_FOUND)),
  ]
  // Every field published says what it discloses (CONTRACT 19): a field that does not stops the start.
  assertClassified(schemas)
  for (const schema of schemas) app.addSchema(schema)

  await app.register(apiContext, {
    config,
    database,
    reads: options.readDatabase ?? database,
    counters: options.counters,
  })
  await app.register(responses)
  // Before the deadline and the overload queue: a pipelined request waits for its turn first.
  await app.register(pipelining)
  // A request not answered within REQUEST_TIMEOUT gets 503 (a hung database, say).
  await app.register(deadline, { ms: config.requestTimeoutMs })
  await app.register(overload, options.tuning?.overload ?? {})
  await app.register(authentication)
  await app.register(disclosures)
  await app.register(conditional)
  await app.register(observability)
  // After conditional: its 304 decision sees the body before compression does.
  await app.register(compression)
  await app.register(documentation)

  await app.register(healthRoutes)
  if (config.metrics === 'main') {
    app.get('/metrics', { schema: { hide: true } } as object, async (_request, reply) => {
      const { registry } = app.api.metrics
      return reply.type(registry.contentType).send(await registry.metrics())
    })
  }
  for (const resource of RESOURCES) {
    const routes = async (scope: FastifyInstance) => {
      // Its operations are grouped under its tag: routes do not repeat it.
      scope.addHook('onRoute', (route) => {
        if (route.schema) route.schema = { ...route.schema, tags: [resource.tag.name] }
      })
      await resource.routes(scope)
    }
    // The plugin's name, as traces show it (`handler - employees`).
    Object.defineProperty(routes, Symbol.for('fastify.display-name'), { value: resource.name })
    await app.register(routes)
  }
  return app
}
