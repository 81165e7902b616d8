// The two ways a call fails: the API answered with an error, or it could not be reached.

import type { RateLimitState } from './response.js'
import type { ErrorCode, ErrorEntry } from './types.js'

/** The API answered with an error (CONTRACT 8): status, code, detail and the request id. */
export class AwarenessApiError extends Error {
  constructor(
    readonly status: number,
    /** The first entry's code; `unexpected_response` when the body was not the API's (a proxy's page). */
    readonly code: ErrorCode | 'unexpected_response',
    readonly detail: string,
    /** The request id the server logged: quote it to support. */
    readonly requestId: string | null,
    /** Every error entry of the answer (several for several invalid parameters). */
    readonly errors: readonly ErrorEntry[],
    /** The key's budget as this answer announced it. */
    readonly rateLimit: RateLimitState | null = null,
    /** The Retry-After of a 429 or 503, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status} ${code}: ${detail}${requestId ? ` (request ${requestId})` : ''}`)
    this.name = 'AwarenessApiError'
  }
}

/** The API could not be reached, or did not answer in time, after every retry. */
export class AwarenessNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AwarenessNetworkError'
  }
}
