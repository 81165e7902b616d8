// Pipelined requests (HTTP/1.1: many requests sent on a connection before any answer) are let in a
// few at a time per connection. Node reads every request of one write at once and answers them in
// order, so without this a single connection could start every request of one write in one turn of
// the event loop, past the overload queue (plugins/overload.ts), and a client that never reads would
// make this process hold every answer. A request past the first few on its connection waits until
// an earlier answer there is written out; when the connection closes, the waiting ones are dropped.

import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Requests of one connection in progress at once (read and not yet written out). */
export const MAX_IN_FLIGHT_PER_CONNECTION = 2

interface ConnectionGate {
  inFlight: number
  /** Requests read and not let in yet, first in first out. */
  waiting: (() => void)[]
}

const GATE = Symbol('pipelined requests of this connection')
type Gated = Socket & { [GATE]?: ConnectionGate }

function gateOf(socket: Gated): ConnectionGate {
  let gate = socket[GATE]
  if (gate === undefined) {
    const created: ConnectionGate = { inFlight: 0, waiting: [] }
    socket[GATE] = created
    // Those still waiting have no one to answer: they are never let in.
    socket.once('close', () => {
      created.waiting.length = 0
    })
    gate = created
  }
  return gate
}

export const pipelining = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const socket = request.raw.socket as Gated | undefined
      if (socket === undefined) return done()
      const gate = gateOf(socket)
      const enter = () => {
        gate.inFlight++
        reply.raw.once('close', () => {
          gate.inFlight--
          gate.waiting.shift()?.()
        })
        done()
      }
      // Past the budget of answers waiting for their readers, a connection whose answers wait starts
      // nothing more until they are read (stalled-answers.ts).
      const held = gate.inFlight > 0 && app.stalledAnswers.holds(socket)
      if (gate.inFlight < MAX_IN_FLIGHT_PER_CONNECTION && !held) enter()
      else gate.waiting.push(enter)
    })
  },
  { name: 'pipelining' },
)
