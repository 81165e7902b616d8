// Graceful shutdown without losing requests:
// 1. Readiness fails at once (a load balancer stops sending), but the server keeps accepting while
//    connections still arrive: closing the listener would reset connections the kernel already
//    accepted for us and the clients already wrote their request to.
// 2. Then it stops listening, but keeps every open connection until no request has been in flight
//    for a quiet moment: Node's close() would also drop "idle" connections, and a connection whose
//    request is still on its way (sent, not yet read) counts as idle.
// 3. Then it closes what is left. The whole is bounded.

import type { FastifyInstance } from 'fastify'

const QUIET_MS = 300

async function until(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
}

export async function drainAndClose(app: FastifyInstance, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs
  const server = app.server
  app.shuttingDown = true
  let lastArrival = Date.now()
  const arrived = () => {
    lastArrival = Date.now()
  }
  server.on('connection', arrived)
  server.on('request', arrived)
  const quiet = () => app.inFlight === 0 && Date.now() - lastArrival >= QUIET_MS
  await until(quiet, deadline)

  const closeIdle = server.closeIdleConnections.bind(server)
  server.closeIdleConnections = () => {}
  const closed = app.close()
  await until(quiet, deadline)
  closeIdle()
  if (Date.now() >= deadline) server.closeAllConnections()
  await closed
}
