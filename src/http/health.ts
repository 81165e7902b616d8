import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { apiError } from '../errors.js'
import { readsOf } from '../routing/reads.js'

/** /healthz: the process answers. /readyz: and its database does. No key needed. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const hidden = { schema: { hide: true } } as object
  app.get('/healthz', hidden, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send('{"status":"ok"}')
  })
  app.get('/readyz', hidden, async (_request, reply) => {
    if (app.shuttingDown)
      throw apiError('service_unavailable', 'The server is shutting down.', {}, { 'retry-after': '1' })
    try {
      await sql`select 1`.execute(readsOf(app))
    } catch {
      throw apiError('service_unavailable', 'The database cannot be reached.', {}, { 'retry-after': '5' })
    }
    return reply.type('application/json; charset=utf-8').send('{"status":"ok"}')
  })
}
