// What a key may reach. Every repository function takes a KeyScope or a WorkspaceGrant; a grant can
// only be obtained from grantWorkspace, which checks the workspace against the key's organization
// (and its workspace, for a workspace-scoped key). There is no way to query without a scope.

import type { Kysely } from 'kysely'
import type { Database } from './db/tables.js'
import { apiError, WORKSPACE_NOT_FOUND } from './errors.js'

export interface KeyScope {
  readonly organizationId: string
  /** Set for a workspace-scoped key. */
  readonly workspaceId: string | null
}

declare const granted: unique symbol

/** A workspace the key may read. Only grantWorkspace makes one. */
export interface WorkspaceGrant extends KeyScope {
  readonly workspaceId: string
  readonly [granted]: true
}

/**
 * Checks that a workspace belongs to the key's organization: unknown and foreign workspaces are the
 * same 404 (existence is never leaked); a workspace of the organization outside a workspace-scoped
 * key is 403 (CONTRACT 5).
 */
export async function grantWorkspace(
  db: Kysely<Database>,
  scope: KeyScope,
  workspaceId: string,
): Promise<WorkspaceGrant> {
  if (!(await belongsTo(db, workspaceId, scope.organizationId))) throw WORKSPACE_NOT_FOUND()
  if (scope.workspaceId !== null && scope.workspaceId !== workspaceId) {
    throw apiError('forbidden', 'This key is limited to another workspace of the organization.', {
      parameter: 'workspace_id',
    })
  }
  return { organizationId: scope.organizationId, workspaceId } as WorkspaceGrant
}

async function belongsTo(
  db: Kysely<Database>,
  workspaceId: string,
  organizationId: string,
): Promise<boolean> {
  const workspace = await db
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', workspaceId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  return workspace !== undefined
}
