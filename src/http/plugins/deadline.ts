// The request deadline (REQUEST_TIMEOUT, CONTRACT 8): a request not answered in time gets 503 at
// once (a hung database, say), and whatever its handler produces later is dropped.
//
// Every request has the same time, so requests fall due in the order they came: one timer serves
// them all, armed for the oldest. A request leaves the queue when its answer is handed over. Fastify's
// own handlerTimeout gives each request a timer, an abort signal and a listener on its connection,
// which cost more than most of a page's other steps (docs/performance.md).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** The code of the error a request past its deadline is answered with (plugins/responses.ts). */
export const DEADLINE_PASSED_CODE = 'AWARENESS_DEADLINE_PASSED'

export class DeadlinePassed extends Error {
  readonly code = DEADLINE_PASSED_CODE
  constructor(ms: number) {
    super(`the request was not answered within ${ms} ms`)
  }
}

interface Waiting {
  request: FastifyRequest
  reply: FastifyReply
  due: number
  previous: Waiting | undefined
  next: Waiting | undefined
}

const WAITING = Symbol('deadline queue entry')
type Queued = FastifyRequest & { [WAITING]?: Waiting | undefined }

export const deadline = fp(
  async (app: FastifyInstance, { ms }: { ms: number }) => {
    app.decorateRequest('deadlinePassed', false)
    let oldest: Waiting | undefined
    let newest: Waiting | undefined
    let timer: NodeJS.Timeout | undefined

    const unlink = (waiting: Waiting) => {
      if (waiting.previous) waiting.previous.next = waiting.next
      else oldest = waiting.next
      if (waiting.next) waiting.next.previous = waiting.previous
      else newest = waiting.previous
      waiting.previous = undefined
      waiting.next = undefined
    }

    const expire = () => {
      timer = undefined
      const now = performance.now()
      while (oldest !== undefined && oldest.due <= now) {
        const { request, reply } = oldest
        unlink(oldest)
        ;(request as Queued)[WAITING] = undefined
        request.deadlinePassed = true
        // A client gone, or an answer already begun (a long body streaming): nothing to answer.
        if (reply.sent || request.raw.socket?.destroyed === true) continue
        if (reply.raw.headersSent) reply.raw.destroy()
        else reply.send(new DeadlinePassed(ms))
      }
      arm()
    }

    const arm = () => {
      if (timer !== undefined || oldest === undefined) return
      timer = setTimeout(expire, Math.max(0, oldest.due - performance.now()))
      timer.unref()
    }

    app.addHook('onRequest', (request, reply, done) => {
      const waiting: Waiting = {
        request,
        reply,
        due: performance.now() + ms,
        previous: newest,
        next: undefined,
      }
      if (newest) newest.next = waiting
      else oldest = waiting
      newest = waiting
      ;(request as Queued)[WAITING] = waiting
      arm()
      done()
    })
    const leave = (request: FastifyRequest) => {
      const waiting = (request as Queued)[WAITING]
      if (waiting !== undefined) {
        unlink(waiting)
        ;(request as Queued)[WAITING] = undefined
      }
    }
    // An answer handed over is past its deadline's reach: leaving the queue then, rather than once
    // written out, lets the memory of an answer a client never reads go with its connection.
    app.addHook('onSend', (request, _reply, payload, done) => {
      leave(request)
      done(null, payload)
    })
    app.addHook('onResponse', (request, _reply, done) => {
      leave(request)
      done()
    })
    app.addHook('onClose', async () => clearTimeout(timer))
  },
  { name: 'deadline' },
)
