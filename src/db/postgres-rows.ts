// Reads a statement's rows from PostgreSQL one at a time, as they arrive, instead of as one result.
// A list page's rows can be large strings: kept until the last row arrived, with many requests in
// flight, they outlive the young generation and cost full garbage collections; handed over one by
// one, each can be turned into bytes and dropped at once (docs/design.md).

import type { Kysely } from 'kysely'
import type pg from 'pg'
import type { Database } from './tables.js'

/** What a PostgreSQL database handle needs to stream rows. */
export interface PostgresRowSource {
  pool: pg.Pool
  Query: typeof pg.Query
  /** No statement may run past this (set for a serving handle), as `query_timeout` does for others. */
  deadlineMs: number | undefined
}

/** pg's message when `query_timeout` gives up on a query; a page past its deadline fails with it too. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout'

/** Closes a connection's socket at once: its statement may still run, or the server be frozen. */
export function dropConnection(client: pg.ClientBase): void {
  ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
}

const sources = new WeakMap<Kysely<Database>, PostgresRowSource>()

export function registerPostgresRows(db: Kysely<Database>, source: PostgresRowSource): void {
  sources.set(db, source)
}

/** The row source of a PostgreSQL handle's Kysely instance; undefined for SQLite. */
export function postgresRowsOf(db: Kysely<Database>): PostgresRowSource | undefined {
  return sources.get(db)
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

/**
 * Runs `text` with `values` and calls `onRow` with each row as an array of its columns, in order.
 * Resolves once every row was handed over. A connection whose statement failed or ran past the
 * deadline is dropped, not returned to the pool.
 */
export async function forEachRow(
  source: PostgresRowSource,
  text: string,
  values: readonly unknown[],
  onRow: (row: unknown[]) => void,
): Promise<void> {
  const client = await source.pool.connect()
  let failure: unknown
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
              dropConnection(client)
              settle(new Error(QUERY_TIMEOUT_MESSAGE))
            }, source.deadlineMs)
      let settled = false
      function settle(error?: unknown) {
        if (settled) return
        settled = true
        clearTimeout(timer)
        // Lets pg clear the timer it keeps for the pool's query_timeout.
        driverCallback?.(error)
        if (error === undefined) resolve()
        else reject(error)
      }
      query.on('row', (row: unknown[]) => {
        if (settled) return
        try {
          onRow(row)
        } catch (error) {
          settle(error)
        }
      })
      query.on('end', () => settle())
      query.on('error', (error: unknown) => settle(error))
      client.query(query)
      // pg gives a query a callback of its own for the pool's query_timeout, and a query with a
      // callback keeps every row until the last: taken back here, the rows go only to onRow, and
      // the deadline is the timer above.
      const q = query as unknown as { callback?: (error?: unknown) => void }
      driverCallback = q.callback
      q.callback = undefined
    })
  } catch (error) {
    failure = error
    throw error
  } finally {
    // An error drops the connection: it may still be running the statement, or be broken.
    client.release(failure === undefined ? undefined : (failure as Error))
  }
}
