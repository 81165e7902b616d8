// Answers a client stopped reading (CONTRACT 10): their bytes wait in this process for as long as
// the connection lasts. An answer whose socket has taken none of its waiting bytes for the limit is
// abandoned and its connection destroyed. One timer looks at every answer under way, once a second
// (or a quarter of the limit), so that an answer costs a map entry, not a timer of its own.

import type { Socket } from 'node:net'

interface Watched {
  /** Bytes waiting in the socket when last looked at. */
  waiting: number
  /** Since when they have not moved. */
  since: number
  /** Answers under way on the connection (pipelined requests: more than one). */
  answers: number
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

export class StalledAnswers {
  private readonly watched = new Map<Socket, Watched>()
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly limitMs: number) {}

  /**
   * Watches the answer being written to `socket` until `done`. Another answer on the same
   * connection does not start the watch again: its bytes queue behind those that do not move.
   */
  watch(socket: Socket): void {
    const entry = this.watched.get(socket)
    if (entry !== undefined) {
      entry.answers++
      return
    }
    this.watched.set(socket, { waiting: -1, since: Date.now(), answers: 1 })
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.sweep(), Math.min(1000, Math.max(10, this.limitMs / 4)))
      this.timer.unref()
    }
  }

  /** An answer was written out (or its connection closed). */
  done(socket: Socket): void {
    const entry = this.watched.get(socket)
    if (entry !== undefined && --entry.answers <= 0) this.watched.delete(socket)
  }

  /** Answers under way, for tests. */
  get size(): number {
    return this.watched.size
  }

  private sweep(): void {
    const now = Date.now()
    for (const [socket, entry] of this.watched) {
      const waiting = socket.destroyed ? 0 : waitingBytes(socket)
      if (waiting === 0 || waiting !== entry.waiting) {
        entry.waiting = waiting
        entry.since = now
      } else if (now - entry.since >= this.limitMs) {
        this.watched.delete(socket)
        socket.destroy()
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
  }
}
