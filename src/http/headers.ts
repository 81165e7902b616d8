// What every answer carries (CONTRACT 10), whatever produced it: a Fastify reply, or bytes written
// straight to a socket Fastify never saw (raw-answers.ts).

import { randomUUID } from 'node:crypto'

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/** The client's own request id when it is sane, else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
}

/** The headers every answer carries. */
export function commonHeaders(requestId: string): Record<string, string> {
  return { 'x-request-id': requestId, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }
}
