// The data generation: a counter the importer advances whenever it changes stored data. ETags are
// derived from it instead of hashing response bodies.

import { sql } from 'kysely'
import type { DatabaseHandle } from './connection.js'

export interface GenerationSource {
  current(): Promise<string>
}

/** Reads the generation on each call: one indexed single-row read. */
export function generationSource(handle: DatabaseHandle): GenerationSource {
  if (handle.sqlite) {
    // A prepared statement on the connection, without Kysely: a few microseconds. (Statements are
    // shared by SQL text, so its mode is left as it is: rows, not plucked values.)
    const statement = handle.sqlite.prepare("select value from service_state where name = 'data_generation'")
    return { current: async () => String((statement.get() as { value: string } | undefined)?.value ?? '0') }
  }
  return {
    async current() {
      const { rows } = await sql<{
        value: string
      }>`select value from service_state where name = 'data_generation'`.execute(handle.db)
      return rows[0]?.value ?? '0'
    },
  }
}
