// Authentication, limits and scopes (CONTRACT 5 and 9), in this order: an address past its failed
// authentications is refused without its key being looked at; the key travels only in x-api-key and
// every failure is the same 401; a valid key used from outside its allow-list is 403; a valid key is
// counted against its budget (RateLimit fields on every authenticated response, 429 past it); a key
// without the operation's scope is 403, and so is an aggregate-only key on an operation that does
// not declare what such a key may see (CONTRACT 19): a new operation is closed to it by default.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { TSchema } from 'typebox'
import { apiError, UNAUTHORIZED } from '../../errors.js'
import { assertClassified } from '../../privacy/disclosure-check.js'
import '../../routing/context.js'
import { tracing } from '../../tracing/tracing.js'
import { failureBucket } from '../client-address.js'

const TOO_MANY = (retryAfter: number, detail: string) =>
  apiError('too_many_requests', detail, {}, { 'retry-after': String(retryAfter) })

async function authenticate(request: FastifyRequest): Promise<void> {
  request.rateLimitHeaders = {}
  const scope = request.routeOptions.config.scope
  if (scope === undefined) return
  const { limits, keys, metrics } = request.server.api
  // An IPv6 client is counted by its /64, which is all its own to rotate through.
  const failures = failureBucket(request.client) ?? 'unknown'
  const blockedFor = await limits.addressBlockedFor(failures)
  if (blockedFor > 0) {
    metrics.rateLimitRejections.inc({ limit: 'authentication_failures' })
    throw TOO_MANY(blockedFor, 'Too many failed authentications from this address; try again later.')
  }
  const header = request.headers['x-api-key']
  const identity = await keys.verify(typeof header === 'string' ? header : undefined)
  if (!identity) {
    request.server.api.usage.failed(failures)
    await limits.authenticationFailed(failures)
    throw UNAUTHORIZED()
  }
  request.key = identity
  tracing().annotateRequest(request, {
    'awareness.key.id': identity.id,
    'awareness.organization.id': identity.organizationId,
  })
  // Before the key's budget is charged: a leaked key used from elsewhere spends none of it. The
  // address is the one the request log line names (the socket's, or a trusted proxy's client).
  if (identity.allowedFrom !== null && !identity.allowedFrom(request.client)) {
    metrics.addressRefusals.inc()
    throw apiError('forbidden', 'This key may not be used from this address.', { header: 'x-api-key' })
  }
  keys.touch(identity.id)
  const verdict = await limits.admitKey(identity.id, identity.rateLimit)
  request.rateCharge = verdict.charge
  for (const [name, value] of Object.entries(verdict.headers)) {
    if (name !== 'retry-after') request.rateLimitHeaders[name] = value
  }
  if (!verdict.allowed) {
    metrics.rateLimitRejections.inc({ limit: 'key' })
    throw TOO_MANY(verdict.retryAfterSeconds, 'This key has used its request budget for the current window.')
  }
  // An aggregate-only key carries no scope of what it may never read: the reason it gets is its privacy.
  if (identity.privacy === 'aggregate' && request.routeOptions.config.aggregate !== true) {
    throw apiError('forbidden', AGGREGATE_ONLY, { header: 'x-api-key' })
  }
  if (!identity.scopes.has(scope)) {
    throw apiError('forbidden', `This key lacks the ${scope} scope this operation needs.`, {
      header: 'x-api-key',
    })
  }
}

const AGGREGATE_ONLY =
  'This key is aggregate-only: it reads the organization, the statistics and their history, the groups’ karma ' +
  'history and the report breakdowns, never a list of individuals.'

export const authentication = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('key', null as never)
    app.decorateRequest('rateLimitHeaders', null as never)
    app.decorateRequest('rateCharge', null)
    app.addHook('onRequest', authenticate)
    // A route that answers a key says what a pseudonymous key sees of a person in its answer: a new
    // one that forgets to stops the app from starting, rather than show anyone.
    app.addHook('onRoute', (route) => {
      const config = route.config as { scope?: unknown; people?: unknown } | undefined
      if (config?.scope !== undefined && config.people === undefined)
        throw new Error(
          `${route.url} answers a key without saying what a pseudonymous key sees (config.people)`,
        )
      // Its answer's own fields (those beyond the published schemas it refers to) are classified too.
      const answer = (route.schema?.response as Record<string, TSchema> | undefined)?.[200]
      if (config?.scope !== undefined && answer !== undefined)
        assertClassified([{ ...answer, $id: `the answer of ${route.url}` }])
    })
    app.addHook('onSend', (request, reply, payload, done) => {
      // (Still null, which for-in skips, for a request refused before authentication.)
      for (const name in request.rateLimitHeaders) reply.header(name, request.rateLimitHeaders[name])
      // What the key may see of a person (CONTRACT 19): a client can tell an answer's privacy from it.
      if (request.key !== null) reply.header('x-key-privacy', request.key.privacy)
      done(null, payload)
    })
  },
  { name: 'authentication' },
)
