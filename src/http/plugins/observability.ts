// One log line per request (CONTRACT 10: request id, key id but never the key, method, path without
// the query, route, status, duration, client address, user agent) and the request metrics.

import type { FastifyInstance } from 'fastify'
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

/** A request's path as logs and traces carry it: no query, cut, nothing like a key. */
export function loggablePath(url: string): string | undefined {
  const query = url.indexOf('?')
  return loggable(query === -1 ? url : url.slice(0, query), MAX_PATH)
}

/** On a connection: what it had written by the end of its previous answer. */
const SENT_BEFORE = Symbol('bytes written before this answer')
type Counted = { bytesWritten: number; [SENT_BEFORE]?: number }

export const observability = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const status = reply.statusCode
      const seconds = reply.elapsedTime / 1000
      const labels = { method: request.method, route, status: String(status) }
      app.api.metrics.requests.inc(labels)
      app.api.metrics.duration.observe(labels, seconds)
      // What the answer wrote to its connection, headers included, compressed or not: the
      // connection's count since its previous answer (keep-alive answers one request at a time).
      const socket = request.raw.socket as Counted | undefined
      let written = 0
      // (An injected request's socket counts nothing.)
      if (typeof socket?.bytesWritten === 'number') {
        written = socket.bytesWritten - (socket[SENT_BEFORE] ?? 0)
        socket[SENT_BEFORE] = socket.bytesWritten
      }
      if (request.key) app.api.usage.record(request.key.id, route, status, written, request.client)
      request.log.info(
        {
          key_id: request.key?.id,
          method: request.method,
          path: loggablePath(request.url),
          route,
          status,
          duration_ms: Math.round(reply.elapsedTime * 100) / 100,
          // The socket's address, or the client a proxy named when TRUST_PROXY trusts that proxy.
          client: request.client,
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
