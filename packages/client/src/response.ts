// What an answer says besides its body: the request id (quote it to support), the key's rate-limit
// state, the ETag, the key's privacy.

/** The key's budget as the answer announced it (RateLimit-Policy and RateLimit fields). */
export interface RateLimitState {
  /** Requests allowed per window. */
  limit: number
  /** Requests left in the current window. */
  remaining: number
  /** Seconds until the window ends. */
  resetSeconds: number
  /** The window's length in seconds. */
  windowSeconds: number
}

export interface ResponseInfo {
  /** 200, or 304 when the client's ETag cache answered. */
  status: number
  /** The request id the server logged (x-request-id). */
  requestId: string | null
  rateLimit: RateLimitState | null
  etag: string | null
  /** What the key may see of a person (x-key-privacy): identified, pseudonymous or aggregate. */
  keyPrivacy: 'identified' | 'pseudonymous' | 'aggregate' | null
}

function field(value: string | null, name: string): number | null {
  const match = value === null ? null : new RegExp(`(?:^|;)\\s*${name}=(\\d+)`).exec(value)
  return match ? Number(match[1]) : null
}

/** The RateLimit state of an answer, or null when it carries none (no key, or a proxy's answer). */
export function rateLimitOf(headers: Headers): RateLimitState | null {
  const policy = headers.get('ratelimit-policy')
  const current = headers.get('ratelimit')
  const limit = field(policy, 'q')
  const windowSeconds = field(policy, 'w')
  const remaining = field(current, 'r')
  const resetSeconds = field(current, 't')
  if (limit === null || windowSeconds === null || remaining === null || resetSeconds === null) return null
  return { limit, remaining, resetSeconds, windowSeconds }
}

export function responseInfo(status: number, headers: Headers): ResponseInfo {
  return {
    status,
    requestId: headers.get('x-request-id'),
    rateLimit: rateLimitOf(headers),
    etag: headers.get('etag'),
    keyPrivacy: headers.get('x-key-privacy') as ResponseInfo['keyPrivacy'],
  }
}
