// How a resource's statements (its sql.ts) show in the SQL snapshots (sql/*/api.sql): each named
// statement carries the calls the snapshot makes of it, with sample values, and is labelled by its
// resource and name (`employees.sql:listPage`). Each begins from a grant or a key (access.ts). And
// the one statement several resources share.

import type { Kysely, SelectQueryBuilder } from 'kysely'
import {
  type KeyRows,
  type KeyScope,
  keyRows,
  SAMPLE_SCOPES,
  type WorkspaceGrant,
  type WorkspaceRows,
  type WorkspaceTable,
  workspaceRows,
} from '../access.js'
import type { Database } from '../db/tables.js'
import type { Position } from '../paging/paging.js'

const WORKSPACE = SAMPLE_SCOPES.workspace.workspaceId as string

/** Sample arguments: ids, positions, scopes. */
export const SAMPLE = {
  id: '00000000-0000-4000-8000-00000000000c',
  workspaceId: WORKSPACE,
  /** A later page's position. */
  after: ['2024-01-13T10:00:00.123456Z', '00000000-0000-4000-8000-00000000000c'] as Position,
  organizationKey: SAMPLE_SCOPES.organization,
  workspaceKey: SAMPLE_SCOPES.workspace,
  /** A later moment than `after`'s, the upper end of sample windows. */
  later: '2026-01-01T00:00:00.000000Z',
  /** The "now" of statements that depend on the time. */
  now: Date.parse('2026-01-01T00:00:00Z'),
}

/**
 * A statement's sample calls, by label: each runs it on a database (the snapshot's recorder), in the
 * sample workspace as granted to the sample organization's key.
 */
export type Samples = Readonly<
  Record<string, (db: Kysely<Database>, grant: WorkspaceGrant) => Promise<unknown>>
>

/**
 * A statement over the granted workspace (it begins from the grant's rows), with the calls the
 * snapshot makes of it: their arguments after the rows, run in the sample workspace.
 */
export function inGrant<A extends unknown[], R>(
  run: (from: WorkspaceRows, ...args: A) => Promise<R>,
  samples: Readonly<Record<string, A>>,
): ((from: WorkspaceRows, ...args: A) => Promise<R>) & { samples: Samples } {
  const calls = Object.fromEntries(
    Object.entries(samples).map(([label, args]) => [
      label,
      (db: Kysely<Database>, grant: WorkspaceGrant) => run(workspaceRows(db, grant), ...args),
    ]),
  )
  return Object.assign(run, { samples: calls })
}

/**
 * A statement over the key's reach (it begins from the key's rows), with the calls the snapshot
 * makes of it: a key, then the arguments after the rows.
 */
export function byKey<A extends unknown[], R>(
  run: (from: KeyRows, ...args: A) => Promise<R>,
  samples: Readonly<Record<string, readonly [KeyScope, ...A]>>,
): ((from: KeyRows, ...args: A) => Promise<R>) & { samples: Samples } {
  const calls = Object.fromEntries(
    Object.entries(samples).map(([label, [key, ...args]]) => [
      label,
      (db: Kysely<Database>) => run(keyRows(db, key), ...(args as unknown as A)),
    ]),
  )
  return Object.assign(run, { samples: calls })
}

/** Workspace tables whose rows are named by `id`. */
type ItemTable = { [T in WorkspaceTable]: Database[T] extends { id: string } ? T : never }[WorkspaceTable]

/**
 * Whether the row `id` of `table` belongs to the granted workspace: the reach check of a path id
 * (another workspace's row is a 404, like an unknown one).
 */
export const inWorkspace = (table: ItemTable) =>
  inGrant(
    async (from: WorkspaceRows, id: string): Promise<boolean> => {
      // Every such table has these two columns: one statement shape for all of them.
      const rows = from as unknown as {
        selectFrom(table: ItemTable): SelectQueryBuilder<Record<string, { id: string }>, string, object>
      }
      const row = await rows.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()
      return row !== undefined
    },
    { '': [SAMPLE.id] },
  )
