// How a resource's statements (its sql.ts) show in the SQL snapshots (sql/*/api.sql): each named
// statement carries the calls the snapshot makes of it, with sample values, and is labelled by its
// resource and name (`employees.sql:listPage`). And the one statement several resources share.

import type { Kysely } from 'kysely'
import type { KeyScope, WorkspaceGrant } from '../access.js'
import type { Database } from '../db/tables.js'
import type { Position } from '../paging/paging.js'

const ORGANIZATION = '00000000-0000-4000-8000-00000000000a'
const WORKSPACE = '00000000-0000-4000-8000-00000000000b'

/** Sample arguments: ids, positions, scopes. */
export const SAMPLE = {
  id: '00000000-0000-4000-8000-00000000000c',
  workspaceId: WORKSPACE,
  /** A later page's position. */
  after: ['2024-01-13T10:00:00.123456Z', '00000000-0000-4000-8000-00000000000c'] as Position,
  organizationKey: { organizationId: ORGANIZATION, workspaceId: null } as KeyScope,
  workspaceKey: { organizationId: ORGANIZATION, workspaceId: WORKSPACE } as KeyScope,
  grant: { organizationId: ORGANIZATION, workspaceId: WORKSPACE } as WorkspaceGrant,
  /** The "now" of statements that depend on the time. */
  now: Date.parse('2026-01-01T00:00:00Z'),
}

/** A statement's sample calls, by label: the arguments after the database. */
export type Samples = Readonly<Record<string, readonly unknown[]>>

/** A statement (a function taking the database first) with the calls the snapshot makes of it. */
export function sampled<F extends (...args: never[]) => Promise<unknown>>(
  run: F,
  samples: Samples,
): F & { samples: Samples } {
  return Object.assign(run, { samples })
}

/** Tables whose rows each belong to one workspace and are named by `id`. */
type WorkspaceTable = {
  [T in keyof Database]: Database[T] extends { id: string; workspace_id: string } ? T : never
}[keyof Database]

/**
 * Whether the row `id` of `table` belongs to the granted workspace: the reach check of a path id
 * (another workspace's row is a 404, like an unknown one).
 */
export const inWorkspace = (table: WorkspaceTable) =>
  sampled(
    async (db: Kysely<Database>, grant: WorkspaceGrant, id: string): Promise<boolean> => {
      // Every such table has these two columns: one statement shape for all of them.
      const row = await (db as unknown as Kysely<Record<string, { id: string; workspace_id: string }>>)
        .selectFrom(table)
        .select('id')
        .where('workspace_id', '=', grant.workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return row !== undefined
    },
    { '': [SAMPLE.grant, SAMPLE.id] },
  )
