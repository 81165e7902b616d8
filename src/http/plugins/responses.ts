// What every response carries (CONTRACT 8 and 10): request id, no-store, nosniff, the error shape for
// every failure (including unknown paths, other methods, a missing Host, requests past their
// deadline, and bugs), and no internals.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isDatabaseUnavailable } from '../../db/availability.js'
import { ApiError, apiError, echo, errorBody } from '../../errors.js'
import { pathWithoutKeys } from '../../keys/format.js'
import { unheard } from '../../routing/context.js'
import { MAX_REQUEST_TARGET } from '../../routing/operation.js'
import { commonHeaders } from '../headers.js'
import { DEADLINE_PASSED_CODE } from './deadline.js'

/** A route's URL (`/v1/employees/:employee_id`, `/docs/*`) as a pattern a request path matches. */
function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.startsWith(':')) return '[^/]+'
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return new RegExp(`^${source}$`)
}

/** Whether the request carries more than one Host header (RFC 9112 3.2: answered 400). */
function hostRepeated(rawHeaders: readonly string[]): boolean {
  let seen = false
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue
    if (seen) return true
    seen = true
  }
  return false
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8')
  return reply.send(JSON.stringify(errorBody(error, reply.request.id)))
}

export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Fastify's refusals of a request's body (its type, its size, its framing). */
const BODY_ERRORS = new Set([
  'FST_ERR_ROUTE_MISSING_CONTENT_TYPE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_JSON_BODY',
])

const DEADLINE_PASSED = () =>
  apiError(
    'service_unavailable',
    'The request could not be answered in time (the database is slow or unreachable); retry later.',
    {},
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  )

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error
  if (error.code === DEADLINE_PASSED_CODE) return DEADLINE_PASSED()
  if (isDatabaseUnavailable(error)) {
    return apiError(
      'service_unavailable',
      'The database cannot be reached; retry later.',
      {},
      {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      },
    )
  }
  if (error.statusCode === 400) {
    return apiError('malformed_request', 'This request cannot be read as HTTP.')
  }
  if (error.statusCode === 413 || error.statusCode === 415) {
    // A body or malformed request on a read-only API: nothing of ours failed.
    return apiError('invalid_parameter', 'This request cannot be read: GET requests take no body.')
  }
  return apiError('internal_error', 'The server failed to answer this request. It has been logged.')
}

export const responses = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      reply.headers(commonHeaders(request.id))
      if (request.raw.url !== undefined && request.raw.url.length > MAX_REQUEST_TARGET) {
        return done(apiError('uri_too_long', `The request target exceeds ${MAX_REQUEST_TARGET / 1024} KiB.`))
      }
      // HTTP/1.1 requires Host; Node is told not to refuse its absence with a bare page.
      if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
        return done(apiError('malformed_request', 'An HTTP/1.1 request must carry a Host header.'))
      }
      // Node keeps the first of several Host headers; a request naming two hosts is malformed.
      if (hostRepeated(request.raw.rawHeaders)) {
        return done(apiError('malformed_request', 'A request must carry exactly one Host header.'))
      }
      done()
    })

    // The paths that exist, learnt from the routes as they are added: any other method on one of
    // them is 405, never 404, whatever route a later change adds.
    const paths: string[] = []
    const existing: RegExp[] = []
    app.decorate('paths', paths)
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      if (!methods.includes('GET')) return
      paths.push(route.url)
      existing.push(routePattern(route.url))
    })

    // A handler still running when its deadline answered 503 ends unheard: its late result or
    // failure is not a second answer, nor an error to log.
    app.addHook('onRoute', (route) => {
      const handler = route.handler as (this: unknown, ...args: unknown[]) => unknown
      route.handler = function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const result = handler.call(this, request, reply)
        if (!(result instanceof Promise)) return result
        return result.then(
          (value) => (unheard(request) ? undefined : value),
          (error) => {
            if (unheard(request)) return undefined
            throw error
          },
        )
      } as typeof route.handler
    })

    /** The answer to a request no route takes: 405 for another method on a path that exists, else 404. */
    const unrouted = (request: FastifyRequest): ApiError => {
      const path = request.url.split('?')[0] as string
      if (request.method !== 'GET' && request.method !== 'HEAD' && existing.some((p) => p.test(path))) {
        return apiError(
          'method_not_allowed',
          `This API is read-only: ${request.method} is not allowed here.`,
          {},
          { allow: 'GET, HEAD' },
        )
      }
      return apiError('endpoint_not_found', `There is no endpoint at ${echo(pathWithoutKeys(path))}.`)
    }

    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Fastify reads a body of the methods that may carry one (QUERY, say) before it looks for a
      // route: for a request no route takes, what its body lacks does not matter.
      if (request.routeOptions.url === undefined && BODY_ERRORS.has(error.code)) {
        return sendError(reply, unrouted(request))
      }
      const apiErr = toApiError(error)
      if (error.code === DEADLINE_PASSED_CODE) {
        request.server.api.metrics.timedOutRequests.inc()
        request.log.warn({ route: request.routeOptions.url }, 'request deadline passed')
      } else if (apiErr.code === 'service_unavailable' && !(error instanceof ApiError)) {
        request.server.api.metrics.databaseErrors.inc()
        request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable')
      } else if (error instanceof ApiError) {
        // A refusal of our own (overloaded, shutting down, not ready): one line, no stack.
        if (error.status >= 500) request.log.warn({ code: error.code }, error.message)
      } else if (apiErr.status >= 500) {
        request.log.error({ err: error }, 'request failed')
      }
      return sendError(reply, apiErr)
    })

    app.setNotFoundHandler((request, reply) => sendError(reply, unrouted(request)))
  },
  { name: 'responses' },
)
