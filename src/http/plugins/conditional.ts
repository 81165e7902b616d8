// The conditional-request hook: answers that hash their body (statistics) are judged here, once
// the body is known; routes judge theirs with notModified (routing/conditional.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { matches, refund, tag } from '../../routing/conditional.js'

// Callback form: the work is synchronous but for a refund, and an async hook costs a promise per request.
function onSend(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
): void {
  if (reply.statusCode !== 200) {
    if (reply.statusCode !== 304) reply.removeHeader('etag')
    done(null, payload)
    return
  }
  if (
    request.routeOptions.config.etag !== 'body' ||
    !(typeof payload === 'string' || Buffer.isBuffer(payload))
  ) {
    done(null, payload)
    return
  }
  const etag = tag(request.bodyIdentity ?? payload)
  reply.header('etag', etag)
  if (!matches(request.headers['if-none-match'], etag)) {
    done(null, payload)
    return
  }
  refund(request).then(
    (headers) => {
      reply.headers(headers)
      reply.code(304)
      done(null, '')
    },
    (error) => done(error, payload),
  )
}

export const conditional = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('bodyIdentity', null)
    app.addHook('onSend', onSend)
  },
  { name: 'conditional', dependencies: ['authentication'] },
)
