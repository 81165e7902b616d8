// Statements run outside Kysely, for the few a request runs on every call whose shape never changes:
// SQLite's through the connection's statement store, PostgreSQL's by name on a tapped connection
// (postgres-rows.ts), each with its span when tracing is on. Kysely still compiles them, once.

import { CompiledQuery, type Kysely } from 'kysely'
import { forEachRow, postgresRowsOf } from './postgres-rows.js'
import { statementStoreOf } from './sqlite-statements.js'
import { tracedAll } from './statement-spans.js'
import type { Database } from './tables.js'

/** Every row of the statement, each as its columns' values in order (PostgreSQL's as text). */
export async function allRows(
  db: Kysely<Database>,
  text: string,
  parameters: readonly unknown[],
): Promise<unknown[][]> {
  const statements = statementStoreOf(db)
  if (statements !== undefined) return tracedAll(statements, text, parameters) as unknown[][]
  const source = postgresRowsOf(db)
  if (source !== undefined) {
    const rows: unknown[][] = []
    await forEachRow(source, text, parameters, (row) => {
      rows.push(Array.from({ length: row.count }, (_, i) => row.text(i)))
    })
    return rows
  }
  // A Kysely instance of no pool of ours (the statement recorder of the SQL snapshots).
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...parameters]))
  return rows.map((row) => Object.values(row))
}
