// The two limits of CONTRACT 9: a request budget per key (fixed windows, with the IETF RateLimit
// fields on every authenticated response), and a cap on failed authentications per client address,
// past which the address is refused without its key being looked at.

import type { RateLimit } from '../config/config.js'
import type { WindowCount, WindowCounters } from './counters.js'

export interface Verdict {
  allowed: boolean
  /** Response headers: RateLimit-Policy and RateLimit, plus Retry-After when refused. */
  headers: Record<string, string>
  retryAfterSeconds: number
  /** What was counted, for `refund`. */
  charge: Charge
}

/** One request counted against a key's budget. */
export interface Charge {
  bucket: string
  budget: RateLimit
  counted: WindowCount
}

function budgetHeaders(budget: RateLimit, count: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-policy': `"default";q=${budget.limit};w=${budget.windowSeconds}`,
    ratelimit: `"default";r=${Math.max(0, budget.limit - count)};t=${resetSeconds}`,
  }
}

export class RateLimits {
  constructor(
    private readonly counters: WindowCounters,
    private readonly defaults: { perKey: RateLimit; authFailures: RateLimit },
  ) {}

  /** Counts a request of a key against its budget (its own, or the server default). */
  async admitKey(keyId: string, own: RateLimit | null): Promise<Verdict> {
    const budget = own ?? this.defaults.perKey
    const bucket = `key:${keyId}`
    const counted = await this.counters.increment(bucket, budget.windowSeconds)
    const headers = budgetHeaders(budget, counted.count, counted.resetSeconds)
    const allowed = counted.count <= budget.limit
    if (!allowed) headers['retry-after'] = String(counted.resetSeconds)
    return { allowed, headers, retryAfterSeconds: counted.resetSeconds, charge: { bucket, budget, counted } }
  }

  /**
   * Takes a request back from its key's budget (a 304 does not consume it); returns the RateLimit
   * fields as they stand after.
   */
  async refund(charge: Charge): Promise<Record<string, string>> {
    const { bucket, budget, counted } = charge
    await this.counters.decrement(bucket, budget.windowSeconds, counted)
    return budgetHeaders(budget, counted.count - 1, counted.resetSeconds)
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
