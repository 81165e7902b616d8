// A transaction on one connection with the bulk operations the importer needs. Statements are
// written once with Kysely's `sql` tag; only the bulk loops differ: SQLite runs a prepared
// statement per row (cheapest there), PostgreSQL sends multi-row statements (fewest round trips).

import type SQLite from 'better-sqlite3'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { DatabaseHandle } from './connection.js'
import type { DialectName } from './dialect.js'
import type { Database } from './tables.js'

export type Value = string | number | null

export interface WriteSession {
  dialect: DialectName
  /** Runs a statement; returns the number of rows it changed. */
  exec(query: RawBuilder<unknown>): Promise<number>
  /** Runs a query and returns its rows. */
  rows<T>(query: RawBuilder<T>): Promise<T[]>
  /** Inserts rows (arrays in `columns` order). */
  insertMany(table: string, columns: readonly string[], rows: readonly Value[][]): Promise<void>
  /** Sets `setColumns` on the rows matched by `keyColumns`; each row lists key values then set values. */
  updateMany(
    table: string,
    keyColumns: readonly string[],
    setColumns: readonly string[],
    rows: readonly Value[][],
  ): Promise<number>
}

/**
 * Runs `work` in one write transaction (BEGIN IMMEDIATE on SQLite, so that two importing
 * processes queue instead of failing), committing when it returns and rolling back when it throws.
 */
export async function withWriteSession<T>(
  handle: DatabaseHandle,
  work: (session: WriteSession) => Promise<T>,
): Promise<T> {
  return handle.db.connection().execute(async (conn) => {
    const session =
      handle.dialect === 'sqlite'
        ? sqliteSession(conn, handle.sqlite as SQLite.Database)
        : postgresSession(conn)
    await sql.raw(handle.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(conn)
    try {
      const result = await work(session)
      await sql.raw('commit').execute(conn)
      return result
    } catch (error) {
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => {})
      throw error
    }
  })
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

function common(conn: Kysely<Database>): Pick<WriteSession, 'exec' | 'rows'> {
  return {
    async exec(query) {
      const result = await query.execute(conn)
      return Number(result.numAffectedRows ?? 0n)
    },
    async rows<T>(query: RawBuilder<T>) {
      return (await query.execute(conn)).rows
    },
  }
}

const SQLITE_ROWS_PER_INSERT = 50

function sqliteSession(conn: Kysely<Database>, raw: SQLite.Database): WriteSession {
  const statements = new Map<string, SQLite.Statement>()
  const prepared = (text: string) => {
    let statement = statements.get(text)
    if (!statement) {
      statement = raw.prepare(text)
      statements.set(text, statement)
    }
    return statement
  }
  return {
    dialect: 'sqlite',
    ...common(conn),
    async insertMany(table, columns, rows) {
      // Several rows per statement: fewer calls across the native boundary.
      const insert = (count: number) =>
        prepared(
          `insert into ${ident(table)} (${columns.map(ident).join(', ')}) values ${Array.from(
            { length: count },
            () => `(${columns.map(() => '?').join(', ')})`,
          ).join(', ')}`,
        )
      let i = 0
      if (rows.length >= SQLITE_ROWS_PER_INSERT) {
        const statement = insert(SQLITE_ROWS_PER_INSERT)
        for (; i + SQLITE_ROWS_PER_INSERT <= rows.length; i += SQLITE_ROWS_PER_INSERT) {
          statement.run(rows.slice(i, i + SQLITE_ROWS_PER_INSERT).flat())
        }
      }
      if (i < rows.length) {
        const statement = insert(1)
        for (; i < rows.length; i++) statement.run(rows[i] as Value[])
      }
    },
    async updateMany(table, keyColumns, setColumns, rows) {
      const statement = prepared(
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

// PostgreSQL accepts at most 65535 parameters per statement.
const MAX_PARAMETERS = 60000

function postgresSession(conn: Kysely<Database>): WriteSession {
  const base = common(conn)
  const chunks = (rows: readonly Value[][], width: number) => {
    const size = Math.max(1, Math.floor(MAX_PARAMETERS / width))
    const out: Value[][][] = []
    for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
    return out
  }
  const values = (rows: readonly Value[][]) =>
    sql.join(rows.map((row) => sql`(${sql.join(row.map((v) => sql.val(v)))})`))
  return {
    dialect: 'postgres',
    ...base,
    async insertMany(table, columns, rows) {
      for (const chunk of chunks(rows, columns.length)) {
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${values(chunk)}`.execute(
          conn,
        )
      }
    },
    async updateMany(table, keyColumns, setColumns, rows) {
      let changed = 0
      const all = [...keyColumns, ...setColumns]
      for (const chunk of chunks(rows, all.length)) {
        changed += await base.exec(sql`update ${sql.table(table)} as t set ${sql.join(
          setColumns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`),
        )} from (values ${values(chunk)}) as v (${sql.join(all.map((c) => sql.ref(c)))})
          where ${sql.join(
            keyColumns.map((c) => sql`t.${sql.ref(c)} = v.${sql.ref(c)}`),
            sql` and `,
          )}`)
      }
      return changed
    },
  }
}
