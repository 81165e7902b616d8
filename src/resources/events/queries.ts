import { type Kysely, sql } from 'kysely'
import type { WorkspaceGrant } from '../../access.js'
import type { Database } from '../../db/tables.js'
import { type ListDefinition, readPage } from '../../paging/keyset.js'
import type { Page, Position } from '../../paging/paging.js'

const EVENTS: ListDefinition<{ workspaceId: string; types: string[] | undefined }> = {
  name: 'events',
  rows: (db, v) =>
    db
      .selectFrom('events as v')
      .select([sql<string>`v.json`.as('json'), 'v.created_at as sort_at', 'v.id as sort_id'])
      .where('v.workspace_id', '=', v.workspaceId)
      .$if(v.types !== undefined, (q) => q.where('v.type', 'in', v.types as string[])),
  at: 'v.created_at',
  id: 'v.id',
  ascending: true,
}

/** A page of a workspace's events, oldest first (created_at, then id: the order ids were given). */
export async function listEvents(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  types: string[] | undefined,
  position: Position | null,
  limit: number,
): Promise<Page> {
  return readPage(db, EVENTS, { workspaceId: grant.workspaceId, types }, position, limit)
}

/** The feed position of an event of the workspace, or null when it has none with this id. */
export async function eventPosition(
  db: Kysely<Database>,
  grant: WorkspaceGrant,
  eventId: string,
): Promise<Position | null> {
  const row = await db
    .selectFrom('events')
    .select(['created_at', 'id'])
    .where('id', '=', eventId)
    .where('workspace_id', '=', grant.workspaceId)
    .executeTakeFirst()
  return row === undefined ? null : [row.created_at, row.id]
}

/** The oldest event kept, of any workspace: positions before it have been pruned. */
export async function oldestEvent(db: Kysely<Database>): Promise<{ id: string; created_at: string } | null> {
  // Ids are UUIDv7: their order is their time's.
  const row = await db
    .selectFrom('events')
    .select(['id', 'created_at'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row ?? null
}
