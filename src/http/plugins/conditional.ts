// Conditional requests (CONTRACT 10): an ETag on every success, and 304 without a body when
// If-None-Match holds it. Data changes only at import, so most ETags come from the data generation
// and what identifies the request (path, query, page headers, the key's reach) and are checked
// before any query runs; answers that depend on the time (statistics) hash their body instead.

import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

function tag(parts: string): string {
  return `W/"${createHash('sha256').update(parts).digest('base64url').slice(0, 32)}"`
}

/** Weak comparison against an If-None-Match list (CONTRACT 10, RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  const opaque = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((candidate) => {
    const c = candidate.trim()
    return c === '*' || c.replace(/^W\//, '') === opaque
  })
}

async function beforeHandler(request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.etag !== 'request') return
  const generation = await request.server.api.generation.current()
  const etag = tag(
    [
      generation,
      request.url,
      request.headers['x-item-limit'] ?? '',
      request.headers['x-next-cursor'] ?? '',
      request.key?.organizationId ?? '',
      request.key?.workspaceId ?? '',
    ].join('\n'),
  )
  reply.header('etag', etag)
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send()
}

function bodyTag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode !== 200) {
    if (reply.statusCode !== 304) reply.removeHeader('etag')
    return payload
  }
  if (request.routeOptions.config.etag !== 'body' || typeof payload !== 'string') return payload
  const etag = tag(payload)
  reply.header('etag', etag)
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304)
    return ''
  }
  return payload
}

// Callback form: the work is synchronous, and an async hook costs a promise per request.
function onSend(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
) {
  done(null, bodyTag(request, reply, payload))
}

export const conditional = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', beforeHandler)
    app.addHook('onSend', onSend)
  },
  { name: 'conditional', dependencies: ['authentication'] },
)
