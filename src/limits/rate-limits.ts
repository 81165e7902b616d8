// The two limits of CONTRACT 9: a request budget per key (fixed windows, with the IETF RateLimit
// fields on every authenticated response), and a cap on failed authentications per client address,
// past which the address is refused without its key being looked at.

import type { RateLimit } from '../config/config.js'
import type { WindowCounters } from './counters.js'

export interface Verdict {
  allowed: boolean
  /** Response headers: RateLimit-Policy and RateLimit, plus Retry-After when refused. */
  headers: Record<string, string>
  retryAfterSeconds: number
}

export class RateLimits {
  constructor(
    private readonly counters: WindowCounters,
    private readonly defaults: { perKey: RateLimit; authFailures: RateLimit },
  ) {}

  /** Counts a request of a key against its budget (its own, or the server default). */
  async admitKey(keyId: string, own: RateLimit | null): Promise<Verdict> {
    const budget = own ?? this.defaults.perKey
    const { count, resetSeconds } = await this.counters.increment(`key:${keyId}`, budget.windowSeconds)
    const left = Math.max(0, budget.limit - count)
    const headers: Record<string, string> = {
      'ratelimit-policy': `"default";q=${budget.limit};w=${budget.windowSeconds}`,
      ratelimit: `"default";r=${left};t=${resetSeconds}`,
    }
    const allowed = count <= budget.limit
    if (!allowed) headers['retry-after'] = String(resetSeconds)
    return { allowed, headers, retryAfterSeconds: resetSeconds }
  }

  /** Seconds until an address may try again, or 0 when it is not blocked. */
  async addressBlockedFor(address: string): Promise<number> {
    const { limit, windowSeconds } = this.defaults.authFailures
    const { count, resetSeconds } = await this.counters.read(`auth:${address}`, windowSeconds)
    return count >= limit ? resetSeconds : 0
  }

  async authenticationFailed(address: string): Promise<void> {
    await this.counters.increment(`auth:${address}`, this.defaults.authFailures.windowSeconds)
  }
}
