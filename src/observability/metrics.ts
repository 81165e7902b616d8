// Prometheus metrics (CONTRACT 11): requests and latency by route and status, rate-limit
// rejections, requests shed under overload or past their deadline, database and Redis errors, the
// data generation, the PostgreSQL pool, the process.

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export class Metrics {
  readonly registry = new Registry()
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  })
  readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  })
  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by limit (key budget or failed authentications per address)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  })
  readonly addressRefusals = new Counter({
    name: 'key_address_refusals_total',
    help: "Requests refused with 403 because the client address is outside the key's allow-list",
    registers: [this.registry],
  })
  readonly shedRequests = new Counter({
    name: 'overload_rejections_total',
    help: 'Requests answered 503 at once because the process was overloaded (event loop running late)',
    registers: [this.registry],
  })
  readonly slowReadersClosed = new Counter({
    name: 'slow_reader_closures_total',
    help: 'Connections closed because the answers waiting for their readers held more than SLOW_READERS_MAX_BYTES',
    registers: [this.registry],
  })
  readonly timedOutRequests = new Counter({
    name: 'request_timeouts_total',
    help: 'Requests answered 503 because they were not done within REQUEST_TIMEOUT',
    registers: [this.registry],
  })
  readonly databaseErrors = new Counter({
    name: 'database_errors_total',
    help: 'Requests that failed because the database could not be reached',
    registers: [this.registry],
  })
  readonly redisErrors = new Counter({
    name: 'redis_errors_total',
    help: 'Rate-limit counter operations that Redis did not answer (the local counter answered instead)',
    registers: [this.registry],
  })

  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts, by endpoint id (at most 100 per process, then "other") and outcome: delivered, retry (failed, tried again later), failed (gave up)',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [this.registry],
  })
  readonly eventsPruned = new Counter({
    name: 'events_pruned_total',
    help: 'Events and finished webhook deliveries deleted past EVENTS_RETENTION',
    registers: [this.registry],
  })

  /** What the answers under way hold, in bytes (set once they are watched: http/stalled-answers.ts). */
  answersHeld: () => number = () => 0

  constructor(options: {
    generation: () => Promise<string>
    pool?: () => { total: number; idle: number; waiting: number }
    /** Seconds the oldest pending webhook delivery has waited (0 when none). */
    oldestPendingDelivery?: () => Promise<number>
  }) {
    collectDefaultMetrics({ register: this.registry })
    const metrics = this
    new Gauge({
      name: 'answers_held_bytes',
      help: 'Bytes the answers not yet written out hold, all connections together (at most SLOW_READERS_MAX_BYTES)',
      registers: [this.registry],
      collect() {
        this.set(metrics.answersHeld())
      },
    })
    new Gauge({
      name: 'data_generation',
      help: 'The data generation: advanced by every import that changes data',
      registers: [this.registry],
      async collect() {
        this.set(Number(await options.generation().catch(() => Number.NaN)))
      },
    })
    const oldest = options.oldestPendingDelivery
    if (oldest) {
      new Gauge({
        name: 'webhook_oldest_pending_delivery_seconds',
        help: 'Age of the oldest webhook delivery not yet delivered nor given up (0 when none)',
        registers: [this.registry],
        async collect() {
          this.set(await oldest().catch(() => Number.NaN))
        },
      })
    }
    const pool = options.pool
    if (pool) {
      new Gauge({
        name: 'database_pool_connections',
        help: 'PostgreSQL pool connections, by state',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const p = pool()
          this.set({ state: 'total' }, p.total)
          this.set({ state: 'idle' }, p.idle)
          this.set({ state: 'waiting' }, p.waiting)
        },
      })
    }
  }
}
