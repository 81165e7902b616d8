// Conditional requests (CONTRACT 10): an ETag on every success, and 304 without a body when
// If-None-Match holds it. A conditional request is judged only after it has passed every check an
// unconditional one must pass, so routes ask `notModified` once their checks are done, before the
// answer's query runs. Data changes only at import, so those ETags come from the organization's data
// generation and what identifies the request (path, query, page headers, the key's reach): an import
// into one organization never changes another's. Answers that depend on the time (statistics) hash
// their body instead. A 304 does not consume the key's budget.

import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import './context.js'

export function tag(parts: string | Buffer): string {
  return `W/"${createHash('sha256').update(parts).digest('base64url').slice(0, 32)}"`
}

/** Weak comparison against an If-None-Match list (CONTRACT 10, RFC 9110 13.1.2). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  const opaque = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((candidate) => {
    const c = candidate.trim()
    return c === '*' || c.replace(/^W\//, '') === opaque
  })
}

/** Gives the request's budget charge back, and returns the RateLimit fields as they stand after. */
export async function refund(request: FastifyRequest): Promise<Record<string, string>> {
  const charge = request.rateCharge
  if (charge === null) return {}
  request.rateCharge = null
  request.rateLimitHeaders = await request.server.api.limits.refund(charge)
  return request.rateLimitHeaders
}

/** Sets the ETag of an answer read at `generation` of the key's organization; returns it. */
/** What else an answer of a key other than identified depends on (identified answers' tags stay as they were). */
const privacyOf = (key: FastifyRequest['key']): string =>
  key.privacy === 'identified' ? '' : `\n${key.privacy}\n${key.minGroupSize ?? ''}`

export function tagAnswer(request: FastifyRequest, reply: FastifyReply, generation: string): string {
  const { key } = request
  const etag = tag(
    `${generation}\n${request.url}\n${request.headers['x-item-limit'] ?? ''}\n${request.headers['x-next-cursor'] ?? ''}\n${key.organizationId}\n${key.workspaceId ?? ''}${privacyOf(key)}`,
  )
  reply.header('etag', etag)
  return etag
}

/**
 * Sets the answer's ETag; when If-None-Match holds it, answers 304 and returns true. Call it once
 * the request has passed every check (key, scope, workspace, path ids, parameters, cursor).
 */
export async function notModified(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const generation = await request.server.api.generation.ofOrganization(request.key.organizationId)
  const etag = tagAnswer(request, reply, generation)
  if (!matches(request.headers['if-none-match'], etag)) return false
  await refund(request)
  reply.code(304).send()
  return true
}
