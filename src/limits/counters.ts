// Fixed-window counters (CONTRACT 9). In process memory by default; in Redis when configured, so
// that several server processes share one budget per key. Redis trouble never fails a request:
// the counter falls back to this process's memory (fail open for the shared budget), logs, counts
// the failure, and uses Redis again once it answers. A Redis that answers slowly or not at all is
// left alone for a while, so that a hung Redis costs one slow request per pause, not every request.

import type { Redis } from 'ioredis'
import { redisClient } from './redis-client.js'

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number
  /** Seconds until the window ends. */
  resetSeconds: number
  /** Which window was counted (its index since the epoch), for a later `decrement`. */
  window: number
  /** Counted in this process's memory although the counters are shared (Redis unavailable). */
  local?: true
}

export interface WindowCounters {
  /** Counts one more request in the bucket's current window. */
  increment(bucket: string, windowSeconds: number): Promise<WindowCount>
  /** Takes back one request counted earlier by `increment` (nothing when its window has ended). */
  decrement(bucket: string, windowSeconds: number, counted: WindowCount): Promise<void>
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
      return { count: entry.count, resetSeconds, window: index }
    }
    if (this.buckets.size >= MAX_BUCKETS) this.sweep()
    this.buckets.set(key, { index, count: 1 })
    return { count: 1, resetSeconds, window: index }
  }

  async decrement(bucket: string, windowSeconds: number, counted: WindowCount): Promise<void> {
    const entry = this.buckets.get(`${bucket}/${windowSeconds}`)
    if (entry && entry.index === counted.window && entry.count > 0) entry.count--
  }

  async read(bucket: string, windowSeconds: number): Promise<WindowCount> {
    return this.readSync(bucket, windowSeconds)
  }

  readSync(bucket: string, windowSeconds: number): WindowCount {
    const { index, resetSeconds } = windowOf(windowSeconds, this.now())
    const entry = this.buckets.get(`${bucket}/${windowSeconds}`)
    return { count: entry && entry.index === index ? entry.count : 0, resetSeconds, window: index }
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

const DECREMENT = `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end
return 0`

export interface RedisEvents {
  /** A Redis command failed; the local counter answered instead. */
  onError(error: unknown): void
}

export interface RedisTimings {
  /** A command that takes this long (answered or not) marks Redis as slow. */
  slowMs: number
  /** How long a slow Redis is left alone: the local counters answer meanwhile. */
  pauseMs: number
  /** A command is abandoned after this long. */
  commandTimeoutMs: number
}

const TIMINGS: RedisTimings = { slowMs: 100, pauseMs: 30_000, commandTimeoutMs: 250 }

export class RedisCounters implements WindowCounters {
  private readonly redis: Redis
  private readonly fallback: MemoryCounters
  private readonly timings: RedisTimings
  /** Until when Redis is not asked (epoch ms). */
  private pausedUntil = 0
  /** Start times of the commands waiting for an answer, oldest first. */
  private readonly waiting = new Set<{ started: number }>()

  constructor(
    url: string,
    private readonly events: RedisEvents,
    private readonly now: () => number = Date.now,
    timings: Partial<RedisTimings> = {},
  ) {
    this.timings = { ...TIMINGS, ...timings }
    this.fallback = new MemoryCounters(now)
    this.redis = redisClient(url, {
      // Fail fast while disconnected instead of queueing: a request must not wait for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: this.timings.commandTimeoutMs,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    })
    this.redis.on('error', () => {
      // Connection errors are reported per failed command (onError); reconnecting is automatic.
    })
  }

  private key(bucket: string, windowSeconds: number, index?: number) {
    const current = windowOf(windowSeconds, this.now())
    const window = index ?? current.index
    return {
      key: `awareness:rl:${bucket}:${windowSeconds}:${window}`,
      resetSeconds: current.resetSeconds,
      window,
    }
  }

  /** Whether Redis is worth asking now: not paused, and no command already waiting too long. */
  private available(): boolean {
    const now = this.now()
    if (now < this.pausedUntil) return false
    const oldest = this.waiting.values().next().value
    if (oldest && now - oldest.started >= this.timings.slowMs) {
      this.pausedUntil = now + this.timings.pauseMs
      return false
    }
    return true
  }

  /** Runs a command on Redis, or `local` when Redis is paused or fails. */
  private async ask<T>(command: () => Promise<T>, local: () => T): Promise<T> {
    if (!this.available()) return local()
    const entry = { started: this.now() }
    this.waiting.add(entry)
    try {
      return await command()
    } catch (error) {
      this.events.onError(error)
      return local()
    } finally {
      this.waiting.delete(entry)
      // A slow answer (or a timeout) pauses Redis; a fast refusal (Redis down) costs nothing.
      if (this.now() - entry.started >= this.timings.slowMs) {
        this.pausedUntil = Math.max(this.pausedUntil, this.now() + this.timings.pauseMs)
      }
    }
  }

  async increment(bucket: string, windowSeconds: number): Promise<WindowCount> {
    const { key, resetSeconds, window } = this.key(bucket, windowSeconds)
    return this.ask(
      async () => {
        const count = (await this.redis.eval(INCREMENT, 1, key, String(windowSeconds + 1))) as number
        return { count, resetSeconds, window }
      },
      () => ({ ...this.fallback.incrementSync(bucket, windowSeconds), local: true as const }),
    )
  }

  async decrement(bucket: string, windowSeconds: number, counted: WindowCount): Promise<void> {
    if (counted.local) return this.fallback.decrement(bucket, windowSeconds, counted)
    const { key } = this.key(bucket, windowSeconds, counted.window)
    await this.ask(
      async () => {
        await this.redis.eval(DECREMENT, 1, key)
      },
      () => undefined,
    )
  }

  async read(bucket: string, windowSeconds: number): Promise<WindowCount> {
    const { key, resetSeconds, window } = this.key(bucket, windowSeconds)
    return this.ask(
      async () => {
        const value = await this.redis.get(key)
        return { count: value === null ? 0 : Number(value), resetSeconds, window }
      },
      () => ({ ...this.fallback.readSync(bucket, windowSeconds), local: true as const }),
    )
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
