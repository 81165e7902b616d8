// Fixed-window counters (CONTRACT 9). In process memory by default; in Redis when configured, so
// that several server processes share one budget per key. Redis trouble never fails a request:
// the counter falls back to this process's memory (fail open for the shared budget), logs, counts
// the failure, and uses Redis again as soon as it answers.

import { Redis } from 'ioredis'

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number
  /** Seconds until the window ends. */
  resetSeconds: number
}

export interface WindowCounters {
  /** Counts one more request in the bucket's current window. */
  increment(bucket: string, windowSeconds: number): Promise<WindowCount>
  /** The bucket's current window, without counting. */
  read(bucket: string, windowSeconds: number): Promise<WindowCount>
  close(): Promise<void>
}

function windowOf(windowSeconds: number, nowMs: number) {
  const index = Math.floor(nowMs / 1000 / windowSeconds)
  const resetSeconds = Math.max(1, Math.ceil((index + 1) * windowSeconds - nowMs / 1000))
  return { index, resetSeconds }
}

const MAX_BUCKETS = 100_000

export class MemoryCounters implements WindowCounters {
  private readonly buckets = new Map<string, { index: number; count: number }>()
  constructor(private readonly now: () => number = Date.now) {}

  async increment(bucket: string, windowSeconds: number): Promise<WindowCount> {
    return this.incrementSync(bucket, windowSeconds)
  }

  incrementSync(bucket: string, windowSeconds: number): WindowCount {
    const { index, resetSeconds } = windowOf(windowSeconds, this.now())
    const key = `${bucket}/${windowSeconds}`
    const entry = this.buckets.get(key)
    if (entry && entry.index === index) {
      entry.count++
      return { count: entry.count, resetSeconds }
    }
    if (this.buckets.size >= MAX_BUCKETS) this.sweep()
    this.buckets.set(key, { index, count: 1 })
    return { count: 1, resetSeconds }
  }

  async read(bucket: string, windowSeconds: number): Promise<WindowCount> {
    const { index, resetSeconds } = windowOf(windowSeconds, this.now())
    const entry = this.buckets.get(`${bucket}/${windowSeconds}`)
    return { count: entry && entry.index === index ? entry.count : 0, resetSeconds }
  }

  /** Drops windows that have ended; if every window is current, the oldest half goes. */
  private sweep(): void {
    const now = this.now()
    for (const [key, entry] of this.buckets) {
      const windowSeconds = Number(key.slice(key.lastIndexOf('/') + 1))
      if (entry.index !== windowOf(windowSeconds, now).index) this.buckets.delete(key)
    }
    if (this.buckets.size >= MAX_BUCKETS) {
      let drop = this.buckets.size / 2
      for (const key of this.buckets.keys()) {
        if (drop-- <= 0) break
        this.buckets.delete(key)
      }
    }
  }

  async close(): Promise<void> {}
}

const INCREMENT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return c`

export interface RedisEvents {
  /** A Redis command failed; the local counter answered instead. */
  onError(error: unknown): void
}

export class RedisCounters implements WindowCounters {
  private readonly redis: Redis
  private readonly fallback: MemoryCounters

  constructor(
    url: string,
    private readonly events: RedisEvents,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = new MemoryCounters(now)
    this.redis = new Redis(url, {
      // Fail fast while disconnected instead of queueing: a request must not wait for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 250,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    })
    this.redis.on('error', () => {
      // Connection errors are reported per failed command (onError); reconnecting is automatic.
    })
  }

  private key(bucket: string, windowSeconds: number): { key: string; resetSeconds: number } {
    const { index, resetSeconds } = windowOf(windowSeconds, this.now())
    return { key: `awareness:rl:${bucket}:${windowSeconds}:${index}`, resetSeconds }
  }

  async increment(bucket: string, windowSeconds: number): Promise<WindowCount> {
    const { key, resetSeconds } = this.key(bucket, windowSeconds)
    try {
      const count = (await this.redis.eval(INCREMENT, 1, key, String(windowSeconds + 1))) as number
      return { count, resetSeconds }
    } catch (error) {
      this.events.onError(error)
      return this.fallback.incrementSync(bucket, windowSeconds)
    }
  }

  async read(bucket: string, windowSeconds: number): Promise<WindowCount> {
    const { key, resetSeconds } = this.key(bucket, windowSeconds)
    try {
      const value = await this.redis.get(key)
      return { count: value === null ? 0 : Number(value), resetSeconds }
    } catch (error) {
      this.events.onError(error)
      return this.fallback.read(bucket, windowSeconds)
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
