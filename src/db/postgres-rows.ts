// Reads a statement's rows from PostgreSQL one at a time, as they arrive, instead of as one result.
// A list page's rows can be large: handed over one by one, as the bytes PostgreSQL sent, each is
// copied into the page and nothing of it is left for the collector (docs/design.md).

import { EventEmitter } from 'node:events'
import { type OnReadOpts, Socket, type SocketConstructorOpts } from 'node:net'
import type { Kysely } from 'kysely'
import type pg from 'pg'
import { tracing } from '../tracing/tracing.js'
import { destroySocket, interceptAttach, QUERY_TIMEOUT_MESSAGE, takeCallback } from './pg-internals.js'
import { DataRow, RowTap } from './postgres-data-rows.js'
import { statementSpan } from './statement-spans.js'
import type { Database } from './tables.js'

/** What a PostgreSQL database handle needs to stream rows. */
export interface PostgresRowSource {
  pool: pg.Pool
  Query: typeof pg.Query
  /** No statement may run past this (set for a serving handle), as `query_timeout` does for others. */
  deadlineMs: number | undefined
}

const sources = new WeakMap<Kysely<Database>, PostgresRowSource>()

export function registerPostgresRows(db: Kysely<Database>, source: PostgresRowSource): void {
  sources.set(db, source)
}

/** The row source of a PostgreSQL handle's Kysely instance; undefined for SQLite. */
export function postgresRowsOf(db: Kysely<Database>): PostgresRowSource | undefined {
  return sources.get(db)
}

/** A client of pg's whose incoming rows can be taken as bytes (`forEachRow`). */
interface TappedClient {
  rowTap?: RowTap
}

/**
 * pg's Client with a RowTap between its socket and pg's parser. The tap is set up again when the
 * connection switches to TLS, on the encrypted stream's plain bytes.
 */
export function tappedClient(Client: typeof pg.Client): typeof pg.Client {
  return class extends Client implements TappedClient {
    rowTap?: RowTap

    constructor(config?: pg.ClientConfig) {
      // A plain connection reads into one buffer of its own (ReadingSocket); TLS reads as pg does.
      const stream = (c: { ssl?: unknown }) => (c.ssl ? new Socket() : new ReadingSocket())
      // (pg calls it with the connection's settings; its types say it takes none.)
      super({ ...config, stream: stream as unknown as () => Socket })
      interceptAttach(this, (stream, attach) => {
        // pg's parser listens to this relay for the messages the tap lets through.
        const relay = new EventEmitter()
        const tap = new RowTap((bytes) => relay.emit('data', bytes))
        this.rowTap = tap
        if (stream instanceof ReadingSocket) stream.onChunk = (chunk) => tap.push(chunk)
        else stream.on('data', (chunk: Buffer) => tap.push(chunk))
        stream.on('end', () => relay.emit('end'))
        attach(relay)
      })
    }
  }
}

const READ_BUFFER_BYTES = 64 * 1024

/**
 * A socket that reads into one buffer of its own, again and again, instead of a fresh buffer per
 * read: a page's rows are about as many bytes read as the page holds, and fresh buffers that live
 * through a collection pile up outside V8's heap until full collections free them, back to back
 * under load (docs/performance.md). Each read is handed to `onChunk` and is valid only during the
 * call: the tap copies what it keeps (a message in part), and pg's parser is handed whole
 * messages, which it decodes before it returns.
 */
class ReadingSocket extends Socket {
  onChunk: ((chunk: Buffer) => void) | undefined

  constructor() {
    const into = Buffer.allocUnsafeSlow(READ_BUFFER_BYTES)
    const reader: { socket?: ReadingSocket } = {}
    const onread: OnReadOpts = {
      buffer: into,
      callback: (bytes) => {
        reader.socket?.onChunk?.(into.subarray(0, bytes))
        return true
      },
    }
    // Node reads `onread` from the constructor's options (its types list it for connect only).
    super({ onread } as SocketConstructorOpts)
    reader.socket = this
  }
}

// Statements prepared by name on each connection: parsed and planned once per connection instead
// of on every request. Bounded: past NAMED_STATEMENTS texts, further ones run unnamed, so no
// connection holds more than that many.
const NAMED_STATEMENTS = 200
const statementNames = new Map<string, string>()

function nameOf(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    name = `awareness_${statementNames.size}`
    statementNames.set(text, name)
  }
  return name
}

function ignoreRow(): void {}

/**
 * Runs `text` with `values` and calls `onRow` with each row, in order, as the text PostgreSQL sent
 * for each column (no type parsing): the row is readable only during the call. Resolves once every
 * row was handed over. A connection whose statement failed or ran past the deadline is dropped, not
 * returned to the pool.
 */
export async function forEachRow(
  source: PostgresRowSource,
  text: string,
  values: readonly unknown[],
  onRow: (row: DataRow) => void,
): Promise<void> {
  const client = await source.pool.connect()
  const found = (client as TappedClient).rowTap
  if (found === undefined) {
    client.release()
    throw new Error('a PostgreSQL row source needs a pool of tapped clients (tappedClient)')
  }
  const tap = found
  let failure: unknown
  const started = performance.now()
  try {
    await new Promise<void>((resolve, reject) => {
      const name = nameOf(text)
      const config: pg.QueryArrayConfig = {
        text,
        values: values as unknown[],
        rowMode: 'array',
        ...(name === undefined ? {} : { name }),
      }
      const query = new source.Query(config)
      let driverCallback: ((error?: unknown) => void) | undefined
      const timer =
        source.deadlineMs === undefined
          ? undefined
          : setTimeout(() => {
              destroySocket(client)
              settle(new Error(QUERY_TIMEOUT_MESSAGE))
            }, source.deadlineMs)
      let settled = false
      function settle(error?: unknown) {
        if (settled) return
        settled = true
        clearTimeout(timer)
        // After a failure the connection is dropped: rows still arriving are not pg's to keep.
        tap.sink = error === undefined ? undefined : ignoreRow
        // Lets pg clear the timer it keeps for the pool's query_timeout.
        driverCallback?.(error)
        if (error === undefined) resolve()
        else reject(error)
      }
      const row = new DataRow()
      tap.sink = (bytes, start, end) => {
        if (settled) return
        try {
          onRow(row.load(bytes, start, end))
        } catch (error) {
          settle(error)
        }
      }
      query.on('end', () => settle())
      query.on('error', (error: unknown) => settle(error))
      client.query(query)
      // pg gives the query a callback of its own, with a timer for the pool's query_timeout, and a
      // query with a callback keeps the rows it sees. Taken back here and called when the read
      // settles (which clears pg's timer), the deadline is the timer above, which also drops the
      // connection.
      driverCallback = takeCallback(query)
    })
  } catch (error) {
    failure = error
    throw error
  } finally {
    // An error drops the connection: it may still be running the statement, or be broken.
    client.release(failure === undefined ? undefined : (failure as Error))
    if (tracing().enabled) statementSpan('postgres', text, performance.now() - started, failure)
  }
}
