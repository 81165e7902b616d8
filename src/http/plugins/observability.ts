// One log line per request (CONTRACT 10: request id, key id but never the key, method, path without
// the query, route, status, duration, client address, user agent) and the request metrics.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { withoutKeys } from '../../keys/format.js'
import { tracing } from '../../tracing/tracing.js'

/** What is kept of a path or a user agent in a log line. */
const MAX_PATH = 1024
const MAX_USER_AGENT = 256

/** A path or header for a log line: cut to `max` characters, with anything like a key redacted. */
function loggable(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined
  return withoutKeys(text.length > max ? `${text.slice(0, max)}…` : text)
}

/** What each request's connection had written when the request arrived (keep-alive: earlier answers). */
const sentBefore = new WeakMap<FastifyRequest, number>()

export const observability = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      sentBefore.set(request, request.raw.socket?.bytesWritten ?? 0)
      done()
    })
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const status = reply.statusCode
      const seconds = reply.elapsedTime / 1000
      const labels = { method: request.method, route, status: String(status) }
      app.api.metrics.requests.inc(labels)
      app.api.metrics.duration.observe(labels, seconds)
      if (request.key) {
        // What the answer wrote to its connection, headers included, compressed or not.
        const written = (request.raw.socket?.bytesWritten ?? 0) - (sentBefore.get(request) ?? 0)
        app.api.usage.record(request.key.id, route, status, written, request.ip)
      }
      const query = request.url.indexOf('?')
      request.log.info(
        {
          key_id: request.key?.id,
          method: request.method,
          path: loggable(query === -1 ? request.url : request.url.slice(0, query), MAX_PATH),
          route,
          status,
          duration_ms: Math.round(reply.elapsedTime * 100) / 100,
          // The socket's address, or the client a proxy named when TRUST_PROXY trusts that proxy.
          client: request.ip,
          user_agent: loggable(request.headers['user-agent'], MAX_USER_AGENT),
          // With tracing on: the request's trace, to find its spans from its log line.
          trace_id: tracing().traceIdOf(request),
        },
        'request',
      )
      done()
    })
  },
  { name: 'observability' },
)
