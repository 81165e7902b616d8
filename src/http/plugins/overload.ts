// Overload (CONTRACT 9): when the process cannot keep up, requests wait their turn in a bounded
// queue, and one that cannot be served soon is answered 503 with Retry-After at once, instead of
// queueing without end.
//
// While the event loop is on time, a request goes straight through. Once it runs late (a batch of
// requests is being worked through), new requests queue, and the queue is worked off one request
// per turn of the event loop. Two reasons:
// - Node accepts one new connection per turn of the loop: a turn that works through hundreds of
//   requests leaves new connections waiting in the kernel for seconds. Short turns keep accepting.
// - The queue is first in, first out: every connection gets its turn, none starves.
// A request that has waited MAX_WAIT_MS is refused (503) rather than served late, and so is every
// new one while the oldest in the queue has waited that long.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { apiError } from '../../errors.js'

const TICK_MS = 10
/** The loop counts as late, and requests queue, past this. */
const MAX_LAG_MS = 50
/** A request waits at most this long in the queue; then it is refused. */
export const MAX_WAIT_MS = 500
const RETRY_AFTER_SECONDS = '1'
/** The queue's array drops its taken slots once this many have piled up at its front. */
const COMPACT_AT = 1024

/** Routes that answer whatever the load: liveness and metrics must not look dead under load. */
const NEVER_QUEUED = new Set(['/healthz', '/metrics'])

export const OVERLOADED = () =>
  apiError(
    'service_unavailable',
    'The server is overloaded; retry after the given delay.',
    {},
    { 'retry-after': RETRY_AFTER_SECONDS },
  )

interface Waiting {
  since: number
  release: (error?: Error) => void
}

export interface OverloadOptions {
  maxLagMs?: number
  maxWaitMs?: number
}

export const overload = fp(
  async (app: FastifyInstance, options: OverloadOptions) => {
    const maxLagMs = options.maxLagMs ?? MAX_LAG_MS
    const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS
    let lastTick = performance.now()
    const ticker = setInterval(() => {
      lastTick = performance.now()
    }, TICK_MS)
    ticker.unref()
    app.addHook('onClose', async () => clearInterval(ticker))

    // First in, first out: `head` is the next to go. Taken entries are cleared at once (a queue
    // that never empties must not hold the requests it let through), and the array is compacted
    // now and then.
    const queue: (Waiting | undefined)[] = []
    let head = 0
    let pumping = false

    const refuse = (waiting: Waiting) => {
      app.api.metrics.shedRequests.inc()
      waiting.release(OVERLOADED())
    }
    const take = (): Waiting => {
      const waiting = queue[head] as Waiting
      queue[head++] = undefined
      return waiting
    }
    // Each call releases one request; the next call comes on the next turn of the loop (an
    // immediate scheduled from an immediate runs on the next turn).
    const pump = () => {
      pumping = false
      const now = performance.now()
      while (head < queue.length) {
        const waiting = take()
        if (now - waiting.since > maxWaitMs) {
          refuse(waiting)
          continue
        }
        waiting.release()
        break
      }
      if (head === queue.length) {
        queue.length = 0
        head = 0
        return
      }
      if (head >= COMPACT_AT) {
        queue.splice(0, head)
        head = 0
      }
      pumping = true
      setImmediate(pump)
    }

    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const now = performance.now()
      if (head === queue.length && now - lastTick - TICK_MS <= maxLagMs) return done()
      if (NEVER_QUEUED.has(request.routeOptions.url ?? '')) return done()
      const waiting: Waiting = { since: now, release: done }
      const oldest = queue[head]
      if (oldest && now - oldest.since > maxWaitMs) return refuse(waiting)
      queue.push(waiting)
      if (!pumping) {
        pumping = true
        setImmediate(pump)
      }
    })
  },
  { name: 'overload' },
)
