// One log line per request (request id, key id, never the key, route, status, duration) and the
// request metrics.

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const observability = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const status = reply.statusCode
      const seconds = reply.elapsedTime / 1000
      const labels = { method: request.method, route, status: String(status) }
      app.api.metrics.requests.inc(labels)
      app.api.metrics.duration.observe(labels, seconds)
      request.log.info(
        {
          key_id: request.key?.id,
          method: request.method,
          route,
          status,
          duration_ms: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request',
      )
      done()
    })
  },
  { name: 'observability' },
)
