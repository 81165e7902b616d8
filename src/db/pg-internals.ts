// The parts of pg that are not its public API and that the row tap and the request deadline rely
// on, gathered in one place. pg is pinned to the version they were read from (package.json), and
// test/db/pg-internals.test.ts checks each one's shape: an upgrade that moves one fails there.

import type { EventEmitter } from 'node:events'
import type pg from 'pg'

/** The pg version whose internals this file describes. */
export const PG_VERSION = '8.23.1'

/** pg's message when `query_timeout` gives up on a query (lib/client.js). */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout'

/** pg's Connection (lib/connection.js): the socket, and where it is wired to the protocol parser. */
interface ConnectionInternals {
  /** Called with the socket on connect, and again with the TLS stream once TLS is set up. */
  attachListeners(stream: EventEmitter): void
  stream: { destroy(): void }
}

function connectionOf(client: pg.ClientBase): ConnectionInternals {
  return (client as unknown as { connection: ConnectionInternals }).connection
}

/**
 * Has `wire` run each time pg would attach its parser to a stream, with pg's own attaching to call
 * on whatever stream the parser should read instead.
 */
export function interceptAttach(
  client: pg.ClientBase,
  wire: (stream: EventEmitter, attach: (stream: EventEmitter) => void) => void,
): void {
  const connection = connectionOf(client)
  const attach = connection.attachListeners.bind(connection)
  connection.attachListeners = (stream) => wire(stream, attach)
}

/** Closes a client's socket at once: its statement may still run, or the server be frozen. */
export function destroySocket(client: pg.ClientBase): void {
  connectionOf(client).stream.destroy()
}

/**
 * Takes back the callback pg gave a query it was handed (with `query_timeout`, the one that clears
 * its timer), so that pg keeps no rows for it; the caller calls it once the query is over.
 */
export function takeCallback(query: pg.Query): ((error?: unknown) => void) | undefined {
  const internals = query as unknown as { callback?: (error?: unknown) => void }
  const callback = internals.callback
  internals.callback = undefined
  return callback
}
