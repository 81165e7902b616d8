// Answers a client stopped reading (CONTRACT 10): their bytes wait in this process for as long as
// the connection lasts. Two bounds:
// - per answer: one whose socket has taken none of its waiting bytes for the limit is abandoned and
//   its connection destroyed;
// - for the process: the answers not yet written out, on all connections together, hold at most a
//   budget of bytes (an answer holds its whole body until its last byte is written). Past it, the
//   connections whose bytes have moved least recently are closed until the rest fit, and a
//   connection whose answers wait starts no new request (plugins/pipelining.ts asks `holds`).
// One timer looks at every answer under way, once a second (or a quarter of the limit), so that an
// answer costs a map entry, not a timer of its own.

import type { Socket } from 'node:net'
import { collectGarbage } from './collect-garbage.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers waiting for their readers (api-context.ts makes it). */
    stalledAnswers: StalledAnswers
  }
}

interface Watched {
  /** Bytes waiting in the socket when last looked at. */
  waiting: number
  /** Since when they have not moved. */
  since: number
  /** Answers under way on the connection (pipelined requests: more than one). */
  answers: number
  /** The bodies of those answers, in bytes (0 for a body streamed: its waiting bytes count then). */
  bodies: number
}

/**
 * Bytes an answer has not yet handed to the kernel: the stream's queue, and libuv's (one large write
 * stays whole in the stream's count until the kernel has taken its last byte; libuv's count
 * falls as it takes each part).
 */
function waitingBytes(socket: Socket): number {
  const handle = (socket as { _handle?: { writeQueueSize?: unknown } })._handle
  const queued = typeof handle?.writeQueueSize === 'number' ? handle.writeQueueSize : 0
  return socket.writableLength + queued
}

/** What a connection's answers hold: their bodies, or what waits in its socket if that is more. */
const held = (entry: Watched) => Math.max(entry.bodies, entry.waiting)

/** Bytes of closed connections' answers after which a collection returns them at once. */
const RECLAIM_BYTES = 32 * 1024 * 1024

/** Bytes of closed connections' answers worth a collection once no answer is under way. */
const RECLAIM_DRAINED_BYTES = 1024 * 1024

export class StalledAnswers {
  private readonly watched = new Map<Socket, Watched>()
  private timer: NodeJS.Timeout | undefined
  /** What every watched connection's answers hold, kept as they change: asked on every answer. */
  private heldTotal = 0
  /** Bytes that closed connections held, not yet collected. */
  private released = 0
  private reclaiming = false

  /**
   * @param limitMs how long an answer's bytes may stand still
   * @param budgetBytes the bytes all answers under way may hold together
   * @param onClosed told of each connection closed to keep within the budget
   */
  constructor(
    private readonly limitMs: number,
    private readonly budgetBytes = Number.POSITIVE_INFINITY,
    private readonly onClosed: () => void = () => {},
  ) {}

  /**
   * Watches an answer of `bodyBytes` about to be written to `socket` until `done`. Another answer on
   * the same connection does not start the watch again: its bytes queue behind those that do not
   * move. Past the budget, the connections stalled longest are closed first.
   */
  watch(socket: Socket, bodyBytes: number): void {
    // An answer made after its client left goes nowhere (its connection's close has passed).
    if (socket.destroyed) return
    const entry = this.watched.get(socket)
    if (entry !== undefined) {
      entry.answers++
      this.change(entry, () => {
        entry.bodies += bodyBytes
      })
    } else {
      this.watched.set(socket, { waiting: -1, since: Date.now(), answers: 1, bodies: bodyBytes })
      this.heldTotal += bodyBytes
      if (this.timer === undefined) {
        this.timer = setInterval(() => this.sweep(), Math.min(1000, Math.max(10, this.limitMs / 4)))
        this.timer.unref()
      }
    }
    if (bodyBytes > 0) this.keepWithinBudget(socket)
  }

  /** An answer of `bodyBytes` was written out (or its connection closed). */
  done(socket: Socket, bodyBytes: number): void {
    const entry = this.watched.get(socket)
    if (entry === undefined) return
    this.change(entry, () => {
      entry.bodies -= bodyBytes
    })
    if (--entry.answers > 0) return
    this.forget(socket, entry)
    if (socket.destroyed) this.release(bodyBytes)
    else if (this.watched.size === 0) this.release(0)
  }

  /**
   * Whether a new request of this connection must wait: the answers under way hold the whole
   * budget, and this connection's are among them.
   */
  holds(socket: Socket): boolean {
    const entry = this.watched.get(socket)
    return entry !== undefined && held(entry) > 0 && this.heldTotal >= this.budgetBytes
  }

  /** Answers under way, for tests. */
  get size(): number {
    return this.watched.size
  }

  /** What the answers under way hold, in bytes. */
  get heldBytes(): number {
    return this.heldTotal
  }

  /** Changes what an entry holds, and the total with it. */
  private change(entry: Watched, update: () => void): void {
    this.heldTotal -= held(entry)
    update()
    this.heldTotal += held(entry)
  }

  private forget(socket: Socket, entry: Watched): void {
    this.watched.delete(socket)
    this.heldTotal -= held(entry)
  }

  /** Closes the connections whose bytes moved least recently until the rest fit (never `keep`'s). */
  private keepWithinBudget(keep: Socket): void {
    if (this.heldTotal <= this.budgetBytes) return
    const oldest = [...this.watched]
      .filter(([socket]) => socket !== keep)
      .sort((a, b) => a[1].since - b[1].since)
    for (const [socket, entry] of oldest) {
      if (this.heldTotal <= this.budgetBytes) break
      if (held(entry) === 0) continue
      this.abandon(socket, entry)
      this.onClosed()
    }
  }

  /** Closes a connection: what its answers hold is free once it has closed. */
  private abandon(socket: Socket, entry: Watched): void {
    const bytes = held(entry)
    this.forget(socket, entry)
    socket.once('close', () => this.release(bytes))
    socket.destroy()
  }

  /**
   * A closed connection's answers held `bytes`: once closed connections held enough, a collection
   * returns them (they would otherwise stay until V8 collects for its own reasons).
   */
  private release(bytes: number): void {
    if (this.budgetBytes === Number.POSITIVE_INFINITY) return
    this.released += bytes
    const drained = this.watched.size === 0 && this.released >= RECLAIM_DRAINED_BYTES
    if ((this.released < RECLAIM_BYTES && !drained) || this.reclaiming) return
    this.reclaiming = true
    setImmediate(() => {
      this.reclaiming = false
      this.released = 0
      collectGarbage()
    })
  }

  private sweep(): void {
    const now = Date.now()
    for (const [socket, entry] of this.watched) {
      if (socket.destroyed) {
        // Closed without its answers' close (none comes for an answer begun after it).
        this.forget(socket, entry)
        this.release(held(entry))
        continue
      }
      const waiting = waitingBytes(socket)
      if (waiting === 0 || waiting !== entry.waiting) {
        this.change(entry, () => {
          entry.waiting = waiting
        })
        entry.since = now
      } else if (now - entry.since >= this.limitMs) {
        this.abandon(socket, entry)
      }
    }
    if (this.watched.size === 0) {
      clearInterval(this.timer)
      this.timer = undefined
    }
  }

  close(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.watched.clear()
    this.heldTotal = 0
  }
}
