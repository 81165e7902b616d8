// What every response carries (CONTRACT 8 and 10): request id, no-store, nosniff, the error shape for
// every failure (including unknown paths, other methods, and bugs), and no internals.

import { randomUUID } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isDatabaseUnavailable } from '../../db/availability.js'
import { ApiError, apiError, errorBody } from '../errors.js'

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/** The client's own request id when it is sane, else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
}

// The API's paths, to tell "no such path" (404) from "no such method on this path" (405).
const API_PATHS = [
  /^\/v1\/employees$/,
  /^\/v1\/employees\/[^/]+$/,
  /^\/v1\/courses$/,
  /^\/v1\/courses\/employees_progress$/,
  /^\/v1\/courses\/statistics$/,
  /^\/v1\/breaches$/,
  /^\/v1\/breaches\/[^/]+\/compromised-employees$/,
  /^\/v1\/organization$/,
]

/** The headers every answer carries (CONTRACT 10), whatever produced it. */
export function commonHeaders(requestId: string): Record<string, string> {
  return { 'x-request-id': requestId, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8')
  return reply.send(JSON.stringify(errorBody(error, reply.request.id)))
}

export const DATABASE_RETRY_AFTER_SECONDS = 5

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error
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
  if (error.statusCode === 413 || error.statusCode === 415 || error.statusCode === 400) {
    // A body or malformed request on a read-only API: nothing of ours failed.
    return apiError('invalid_parameter', 'This request cannot be read: GET requests take no body.')
  }
  return apiError('internal_error', 'The server failed to answer this request. It has been logged.')
}

export const responses = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      reply.headers(commonHeaders(request.id))
      done()
    })

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const apiErr = toApiError(error)
      if (apiErr.code === 'service_unavailable' && !(error instanceof ApiError)) {
        request.server.api.metrics.databaseErrors.inc()
        request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable')
      } else if (apiErr.status >= 500) {
        request.log.error({ err: error }, 'request failed')
      }
      return sendError(reply, apiErr)
    })

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] as string
      if (request.method !== 'GET' && request.method !== 'HEAD' && API_PATHS.some((p) => p.test(path))) {
        return sendError(
          reply,
          apiError(
            'method_not_allowed',
            `This API is read-only: ${request.method} is not allowed here.`,
            {},
            {
              allow: 'GET, HEAD',
            },
          ),
        )
      }
      return sendError(reply, apiError('endpoint_not_found', `There is no endpoint at ${path}.`))
    })
  },
  { name: 'responses' },
)
