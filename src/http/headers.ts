// What every answer carries (CONTRACT 10), whatever produced it: a Fastify reply, or bytes written
// straight to a socket Fastify never saw (raw-answers.ts).

import { randomUUID } from 'node:crypto'
import { holdsKey } from '../keys/format.js'

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/**
 * The client's own request id when it is sane, else a new UUID. One that holds a key (sent there by
 * mistake) is not sane: the id is logged, traced and sent back in error bodies.
 */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) && !holdsKey(given) ? given : randomUUID()
}

/** The headers every answer carries. */
export function commonHeaders(requestId: string): Record<string, string> {
  return { 'x-request-id': requestId, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }
}
