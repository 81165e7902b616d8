// A transaction on one connection with the bulk operations the importer needs. Statements are
// written once with Kysely's `sql` tag; only the bulk loops differ: SQLite runs prepared multi-row
// statements (cheapest there), PostgreSQL loads rows with COPY (fastest there).

import { type Kysely, type RawBuilder, sql } from 'kysely'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { tracing } from '../tracing/tracing.js'
import type { EncodedRows, Value } from './bulk-rows.js'
import type { DatabaseHandle } from './connection.js'
import type { DialectName } from './dialect.js'
import type { StatementStore } from './sqlite-statements.js'
import { statementSpan } from './statement-spans.js'
import type { Database } from './tables.js'

export interface WriteSession {
  dialect: DialectName
  /** Runs a statement; returns the number of rows it changed. */
  exec(query: RawBuilder<unknown>): Promise<number>
  /** Runs a query and returns its rows. */
  rows<T>(query: RawBuilder<T>): Promise<T[]>
  /**
   * Inserts rows encoded for this database (bulk-rows.ts `encodeRows`), in `columns` order. `created`:
   * the table was created in this transaction, which PostgreSQL then loads with COPY FREEZE (rows
   * visible to all, so that an index-only scan of the table never reads the table itself).
   */
  insertMany(table: string, columns: readonly string[], rows: EncodedRows, created?: boolean): Promise<void>
  /** Sets `setColumns` on the rows matched by `keyColumns`; each row lists key values then set values. */
  updateMany(
    table: string,
    keyColumns: readonly string[],
    setColumns: readonly string[],
    rows: readonly Value[][],
  ): Promise<number>
}

/**
 * Gives the planner the sizes of temporary tables just filled: PostgreSQL never analyzes them by
 * itself, and then guesses them large, reading whole indexes of the tables they are joined to where
 * a few look-ups would do. Nothing on SQLite, whose planner needs no statistics for them.
 */
export async function analyzeTemporary(session: WriteSession, ...tables: string[]): Promise<void> {
  if (session.dialect !== 'postgres') return
  for (const table of tables) await session.exec(sql.raw(`analyze ${table}`))
}

/** Beyond this many workspaces a list is left as a subquery: the constants would cost more to plan. */
const MAX_LISTED_WORKSPACES = 1000

/**
 * The workspaces in a one-column temporary table (`stg_touched`, `stg_replaced`), as the right-hand
 * side of `workspace_id in …`. PostgreSQL prices `in (select workspace_id from stg_touched)` as the
 * average workspace of the database, which one large organization makes large, and reads tables
 * whole for a small one; given the ids as constants, it prices each from its statistics. Use it only
 * where every join is by a whole key: a workspace filled by this import is priced at a row or two.
 * SQLite plans the subquery through the index already.
 */
export async function workspaceList(session: WriteSession, table: string): Promise<string> {
  const subquery = `(select workspace_id from ${table})`
  if (session.dialect !== 'postgres') return subquery
  const constants = await workspaceConstants(session, table)
  return constants === null ? subquery : `(${constants})`
}

/** The workspaces of such a table as SQL constants (`null` when none), or null beyond the maximum. */
export async function workspaceConstants(session: WriteSession, table: string): Promise<string | null> {
  const rows = await session.rows<{ workspace_id: string }>(
    sql.raw(`select workspace_id from ${table} order by workspace_id limit ${MAX_LISTED_WORKSPACES + 1}`),
  )
  if (rows.length > MAX_LISTED_WORKSPACES) return null
  if (rows.length === 0) return 'null'
  return rows.map((r) => `'${r.workspace_id.replaceAll("'", "''")}'`).join(', ')
}

/**
 * Runs `work` in one write transaction, committing when it returns (unless `commit` is false: a dry
 * run) and rolling back when it throws. Write transactions queue, one at a time per database,
 * instead of failing or interleaving: BEGIN IMMEDIATE on SQLite, a transaction-level advisory lock
 * on PostgreSQL. An import can then rely on what it read at its start (such as a table being empty)
 * until it commits.
 */
export async function withWriteSession<T>(
  handle: DatabaseHandle,
  work: (session: WriteSession) => Promise<T>,
  { commit = true }: { commit?: boolean } = {},
): Promise<T> {
  const traced = handle.trace
    ? (session: WriteSession) => work(tracedSession(session, handle.db, handle.trace as Trace))
    : work
  const end = commit ? 'commit' : 'rollback'
  if (handle.dialect === 'postgres') return withPostgresSession(handle, traced, end)
  return handle.db.connection().execute(async (conn) => {
    const session = sqliteSession(conn, handle.sqlite as StatementStore)
    // What an import killed earlier may have left in the write-ahead log goes first.
    await truncateWal(conn)
    await sql.raw('begin immediate').execute(conn)
    try {
      const result = await traced(session)
      await sql.raw(end).execute(conn)
      return result
    } catch (error) {
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => {})
      throw error
    } finally {
      // A large write, committed or not, leaves the log that large on disk until it is truncated:
      // a failed import on a full disk would keep it full.
      await truncateWal(conn)
    }
  })
}

type Trace = (statement: string, parameters?: readonly unknown[]) => void

/**
 * A session that tells `trace` the text of every statement it runs, with its parameters; bulk
 * statements are told in the form of one row, without parameters (test/sql/snapshots.test.ts keeps
 * what an import runs as readable SQL; test/importer/tenant-bounds.test.ts explains each).
 */
function tracedSession(session: WriteSession, db: Kysely<Database>, trace: Trace): WriteSession {
  return {
    dialect: session.dialect,
    exec(query) {
      const compiled = query.compile(db)
      trace(compiled.sql, compiled.parameters)
      return session.exec(query)
    },
    rows(query) {
      const compiled = query.compile(db)
      trace(compiled.sql, compiled.parameters)
      return session.rows(query)
    },
    insertMany(table, columns, rows, created) {
      trace(
        session.dialect === 'postgres'
          ? copyStatement(table, columns, created)
          : `insert into ${ident(table)} (${columns.map(ident).join(', ')}) values (${columns.map(() => '?').join(', ')}), …`,
      )
      return session.insertMany(table, columns, rows, created)
    },
    updateMany(table, keyColumns, setColumns, rows) {
      trace(
        `update ${ident(table)} set ${setColumns.map((c) => `${ident(c)} = ?`).join(', ')} where ${keyColumns
          .map((c) => `${ident(c)} = ?`)
          .join(' and ')}, …`,
      )
      return session.updateMany(table, keyColumns, setColumns, rows)
    },
  }
}

/** Checkpoints the write-ahead log and truncates it to nothing; best effort (busy readers: later). */
async function truncateWal(conn: Kysely<Database>): Promise<void> {
  await sql
    .raw('pragma wal_checkpoint(TRUNCATE)')
    .execute(conn)
    .catch(() => {})
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

const copyStatement = (table: string, columns: readonly string[], created?: boolean) =>
  `copy ${ident(table)} (${columns.map(ident).join(', ')}) from stdin${created ? ' with (freeze)' : ''}`

const SQLITE_ROWS_PER_INSERT = 50

function sqliteSession(conn: Kysely<Database>, statements: StatementStore): WriteSession {
  return {
    dialect: 'sqlite',
    async exec(query) {
      const result = await query.execute(conn)
      return Number(result.numAffectedRows ?? 0n)
    },
    async rows<T>(query: RawBuilder<T>) {
      return (await query.execute(conn)).rows
    },
    async insertMany(table, columns, rows) {
      if (!('values' in rows)) throw new Error('rows encoded for another database')
      // Several rows per statement: fewer calls across the native boundary.
      const insert = (count: number) =>
        statements.prepare(
          `insert into ${ident(table)} (${columns.map(ident).join(', ')}) values ${Array.from(
            { length: count },
            () => `(${columns.map(() => '?').join(', ')})`,
          ).join(', ')}`,
        )
      const { values, count } = rows
      const width = columns.length
      let i = 0
      if (count >= SQLITE_ROWS_PER_INSERT) {
        const statement = insert(SQLITE_ROWS_PER_INSERT)
        const step = SQLITE_ROWS_PER_INSERT * width
        for (; i + SQLITE_ROWS_PER_INSERT <= count; i += SQLITE_ROWS_PER_INSERT) {
          statement.run(values.slice(i * width, i * width + step))
        }
      }
      if (i < count) {
        const statement = insert(1)
        for (; i < count; i++) statement.run(values.slice(i * width, (i + 1) * width))
      }
    },
    async updateMany(table, keyColumns, setColumns, rows) {
      const statement = statements.prepare(
        `update ${ident(table)} set ${setColumns.map((c) => `${ident(c)} = ?`).join(', ')} where ${keyColumns
          .map((c) => `${ident(c)} = ?`)
          .join(' and ')}`,
      )
      let changed = 0
      const keys = keyColumns.length
      for (const row of rows) changed += statement.run([...row.slice(keys), ...row.slice(0, keys)]).changes
      return changed
    },
  }
}

// PostgreSQL: the import runs on one client of its own, in one transaction. Statements are compiled
// by Kysely and sent as they are; rows are loaded with COPY, the fastest way into PostgreSQL.

const MAX_PARAMETERS = 60000
// The first key of the advisory lock that write sessions take (an arbitrary constant of this project).
const WRITE_LOCK = 0x6177_6172

async function withPostgresSession<T>(
  handle: DatabaseHandle,
  work: (session: WriteSession) => Promise<T>,
  end: 'commit' | 'rollback',
): Promise<T> {
  // A connection of its own: an import's statements may run longer than the pool's request deadline.
  const client = (handle.writeClient as () => pg.Client)()
  await client.connect()
  const traced = tracing().enabled
  /** Runs `send` for the statement `text`; a span of it when tracing is on. */
  const timed = async <R>(text: string, send: () => Promise<R>): Promise<R> => {
    if (!traced) return send()
    const started = performance.now()
    let failure: unknown
    try {
      return await send()
    } catch (error) {
      failure = error
      throw error
    } finally {
      statementSpan('postgres', text, performance.now() - started, failure)
    }
  }
  const run = async (query: RawBuilder<unknown>) => {
    const compiled = query.compile(handle.db)
    return timed(compiled.sql, () => client.query(compiled.sql, compiled.parameters as unknown[]))
  }
  const session: WriteSession = {
    dialect: 'postgres',
    async exec(query) {
      return (await run(query)).rowCount ?? 0
    },
    async rows<R>(query: RawBuilder<R>) {
      return (await run(query)).rows as R[]
    },
    async insertMany(table, columns, rows, created) {
      if (!('copy' in rows)) throw new Error('rows encoded for another database')
      if (rows.count === 0) return
      const text = copyStatement(table, columns, created)
      await timed(text, () => {
        const stream = client.query(copyFrom(text))
        const done = new Promise<void>((resolve, reject) => {
          stream.on('finish', resolve)
          stream.on('error', reject)
        })
        stream.end(rows.copy)
        return done
      })
    },
    async updateMany(table, keyColumns, setColumns, rows) {
      let changed = 0
      const all = [...keyColumns, ...setColumns]
      const size = Math.max(1, Math.floor(MAX_PARAMETERS / all.length))
      for (let i = 0; i < rows.length; i += size) {
        const chunk = rows.slice(i, i + size)
        const values = sql.join(chunk.map((row) => sql`(${sql.join(row.map((v) => sql.val(v)))})`))
        changed += await session.exec(sql`update ${sql.table(table)} as t set ${sql.join(
          setColumns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`),
        )} from (values ${values}) as v (${sql.join(all.map((c) => sql.ref(c)))})
          where ${sql.join(
            keyColumns.map((c) => sql`t.${sql.ref(c)} = v.${sql.ref(c)}`),
            sql` and `,
          )}`)
      }
      return changed
    },
  }
  await client.query('begin')
  try {
    // Keyed by schema: databases that share a server in separate schemas do not queue.
    await client.query('select pg_advisory_xact_lock($1, hashtext(current_schema()))', [WRITE_LOCK])
    // Each of an import's statements runs once over many rows: compiling it first (PostgreSQL's JIT)
    // is never paid back.
    await client.query('set local jit = off')
    // Its statements look up a file's rows in tables whose pages are cached or on SSD: at the default
    // price of a random read the planner prefers reading a large table whole, and an import of a
    // small organization would cost what every organization holds.
    await client.query('set local random_page_cost = 1.1')
    // Its grouping of a whole file's keys (the duplicate checks) fits in memory: at the default the
    // planner walks a staging index and visits the table for every row instead.
    await client.query("set local work_mem = '64MB'")
    const result = await work(session)
    await client.query(end)
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}
