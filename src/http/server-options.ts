// Fastify's options for the API server: logging, time limits, proxies, and the answers given to
// requests that never reach a route (a bad path, malformed bytes), all in the contract's shape.

import { type FastifyHttpOptions, LogController, type RawServerDefault } from 'fastify'
import type { Config } from '../config/config.js'
import { apiError } from '../errors.js'
import { parseQueryString } from '../routing/parameters.js'
import { commonHeaders, requestId } from './headers.js'
import { loggablePath } from './plugins/observability.js'
import { sendError } from './plugins/responses.js'
import { answerSocket, clientErrorAnswer } from './raw-answers.js'

/** Headers and body of a request must have arrived within this (CONTRACT 8: 408). */
const HEADERS_TIMEOUT_MS = 30_000

export interface LoggerOptions {
  stream?: NodeJS.WritableStream
  pretty?: boolean
}

/** The options of a Fastify instance serving the API. */
export function serverOptions(
  config: Config,
  logger: false | LoggerOptions | undefined,
  headersTimeoutMs = HEADERS_TIMEOUT_MS,
): FastifyHttpOptions<RawServerDefault> {
  return {
    logger: logger
      ? {
          level: config.logLevel,
          // The path as the request's log line has it: no query, nothing like a key.
          serializers: { req: (req) => ({ method: req.method, path: loggablePath(req.url) }) },
          ...(logger.stream ? { stream: logger.stream } : {}),
          ...(logger.pretty ? { transport: { target: 'pino-pretty' } } : {}),
        }
      : false,
    // One line per request is written by the observability plugin instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    requestIdHeader: false,
    // Forwarded headers are read by our own rules (client-address.ts), never Fastify's.
    trustProxy: false,
    // In-flight requests finish when the server closes (graceful shutdown, see drain.ts).
    return503OnClosing: false,
    forceCloseConnections: false,
    // Headers and body must arrive within 30 s (408 otherwise), checked every second; a request
    // without Host is answered by the responses plugin in the contract's shape, not by Node.
    requestTimeout: HEADERS_TIMEOUT_MS,
    http: {
      requireHostHeader: false,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    // (A request not answered within REQUEST_TIMEOUT gets 503: plugins/deadline.ts.)
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
  }
}
