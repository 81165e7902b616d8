// Graceful shutdown (CONTRACT 10) without losing a request that reached the server:
// 1. At once, readiness fails, so load balancers stop sending new work.
// 2. For SHUTDOWN_DELAY the server goes on as before, keep-alive included: balancers that have not
//    noticed yet are served. (Closing connections now would make their clients reconnect, and a
//    connection still waiting in the listen queue when the server stops listening is reset.)
// 3. Then it stops listening, once connections have stopped arriving for a moment (bounded): Node
//    accepts one connection per turn of its loop, and a connection still waiting in the kernel's
//    listen queue when the server stops listening is reset, its request lost. Every answer now
//    carries `Connection: close` (app.ts): a connection
//    with a request in progress is answered, then closed; the client reconnects and is refused,
//    its request never having reached us. An idle connection is closed only once it has been idle
//    for a moment: one just accepted has its request on the way (Node's own close would drop every
//    idle connection at once, request on the way or not, so it is kept from doing that).
// 4. When no connection is left, or at the deadline, whatever remains is closed.

import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/** An idle connection is closed once idle this long after the server stopped listening. */
const IDLE_GRACE_MS = 1000
const POLL_MS = 25
/** The listener closes once no connection has arrived for this long, */
const ACCEPT_QUIET_MS = 100
/** or after this long at most. */
const ACCEPT_QUIET_MAX_MS = 1000

interface ConnectionState {
  /** Requests read and not yet answered. */
  active: number
  /** When the connection last became idle (accepted, or its last answer sent). */
  idleSince: number
}

/** The server's open connections and whether each has a request in progress. */
export class ConnectionTracker {
  private readonly connections = new Map<Socket, ConnectionState>()

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { active: 0, idleSince: Date.now() })
      socket.once('close', () => this.connections.delete(socket))
    })
    server.on('request', (request, response) => {
      const state = this.connections.get(request.socket as Socket)
      if (!state) return
      state.active++
      response.once('close', () => {
        state.active--
        state.idleSince = Date.now()
      })
    })
  }

  get size(): number {
    return this.connections.size
  }

  /** Closes the connections idle for at least `graceMs`. */
  closeIdle(graceMs: number): void {
    const now = Date.now()
    for (const [socket, state] of this.connections) {
      if (state.active === 0 && now - state.idleSince >= graceMs) socket.destroy()
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface DrainTimes {
  /** How long new connections are still accepted. */
  delayMs: number
  /** When everything must be closed, counted from the start of the drain. */
  timeoutMs: number
}

export async function drainAndClose(
  app: FastifyInstance,
  connections: ConnectionTracker,
  times: DrainTimes,
): Promise<void> {
  const deadline = Date.now() + times.timeoutMs
  const server = app.server
  app.shuttingDown = true
  await sleep(Math.min(times.delayMs, times.timeoutMs))
  let lastArrival = Date.now()
  const arrived = () => {
    lastArrival = Date.now()
  }
  server.on('connection', arrived)
  const acceptUntil = Math.min(Date.now() + ACCEPT_QUIET_MAX_MS, deadline)
  while (Date.now() - lastArrival < ACCEPT_QUIET_MS && Date.now() < acceptUntil) await sleep(POLL_MS)
  server.off('connection', arrived)

  // Fastify's close stops listening, then waits for the connections; Node's would also drop the
  // idle ones at once.
  server.closeIdleConnections = () => {}
  app.draining = true
  const closed = app.close()
  while (connections.size > 0 && Date.now() < deadline) {
    connections.closeIdle(Math.min(IDLE_GRACE_MS, deadline - Date.now()))
    await sleep(POLL_MS)
  }
  server.closeAllConnections()
  await closed
}
