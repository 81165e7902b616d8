// One log line per request (CONTRACT 10: request id, key id but never the key, method, path without
// the query, route, status, duration, client address, user agent) and the request metrics.

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { pathWithoutKeys, withoutKeys } from '../../keys/format.js'
import { tracing } from '../../tracing/tracing.js'

/** What is kept of a path or a user agent in a log line. */
const MAX_PATH = 1024
const MAX_USER_AGENT = 256

/** Text for a log line: cut to `max` characters. */
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text)

/** A request's path as logs and traces carry it: no query, nothing like a key however encoded, cut. */
export function loggablePath(url: string): string | undefined {
  const query = url.indexOf('?')
  // Cut, then redacted: what is left of a key at the cut still decodes to its prefix.
  return pathWithoutKeys(cut(query === -1 ? url : url.slice(0, query), MAX_PATH))
}

/** A user agent for a log line: cut, with anything like a key redacted. */
const userAgent = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : withoutKeys(cut(text, MAX_USER_AGENT))

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
          user_agent: userAgent(request.headers['user-agent']),
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
