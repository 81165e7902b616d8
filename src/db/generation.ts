// Data generations: counters the importer advances whenever it changes stored data, one for the
// whole database (a metric) and one per organization. ETags are derived from an organization's
// generation instead of hashing response bodies, so an import into one organization never changes
// another's ETags.

import type { DatabaseHandle } from './connection.js'
import { forEachRow, postgresRowsOf } from './postgres-rows.js'

export interface GenerationSource {
  /** The whole database's generation. */
  current(): Promise<string>
  /** An organization's generation ('0' before its first import). */
  ofOrganization(organizationId: string): Promise<string>
}

const GLOBAL = "select value from service_state where name = 'data_generation'"
/** The statement reading an organization's generation, its id bound as `parameter` (`?`, `$1`). */
export const organizationGenerationSql = (parameter: string): string =>
  `select generation from organization_generations where organization_id = ${parameter}`
const ORGANIZATION = organizationGenerationSql('?')
const ORGANIZATION_POSTGRES = organizationGenerationSql('$1')

/** Reads a generation on each call: one indexed single-row read. */
export function generationSource(handle: DatabaseHandle): GenerationSource {
  if (handle.sqlite) {
    // Prepared statements on the connection, without Kysely: a few microseconds. (Statements are
    // shared by SQL text, so their mode is left as it is: rows, not plucked values.)
    const global = handle.sqlite.prepare(GLOBAL)
    const organization = handle.sqlite.prepare(ORGANIZATION)
    return {
      current: async () => String((global.get() as { value: string } | undefined)?.value ?? '0'),
      ofOrganization: async (id) =>
        String((organization.get(id) as { generation: number } | undefined)?.generation ?? 0),
    }
  }
  const { db } = handle
  const rows = postgresRowsOf(db)
  return {
    async current() {
      const row = await db
        .selectFrom('service_state')
        .select('value')
        .where('name', '=', 'data_generation')
        .executeTakeFirst()
      return row?.value ?? '0'
    },
    async ofOrganization(id) {
      if (rows !== undefined) {
        let generation = '0'
        await forEachRow(rows, ORGANIZATION_POSTGRES, [id], (row) => {
          generation = row.text(0) ?? '0'
        })
        return generation
      }
      const row = await db
        .selectFrom('organization_generations')
        .select('generation')
        .where('organization_id', '=', id)
        .executeTakeFirst()
      return String(row?.generation ?? 0)
    },
  }
}
