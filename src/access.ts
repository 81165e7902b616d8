// What a key may reach. Every repository function takes a KeyScope or a WorkspaceGrant; a grant can
// only be obtained from grantWorkspace, which checks the workspace against the key's organization
// (and its workspace, for a workspace-scoped key). There is no way to query without a scope.

import type { Kysely } from 'kysely'
import { isWorkspaceOf } from './db/organizations.js'
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

// Workspaces seen to belong to an organization, per database. That fact never changes: an import
// refuses to move a workspace to another organization, and nothing deletes workspaces (--replace
// empties them). Only the answer "yes" is kept: a workspace unknown now may be imported later.
// Bounded: past KNOWN_MEMBERSHIPS entries the set starts again. Saves a statement per request
// (docs/design.md).
const KNOWN_MEMBERSHIPS = 10_000
const memberships = new WeakMap<Kysely<Database>, Set<string>>()

async function belongsTo(
  db: Kysely<Database>,
  workspaceId: string,
  organizationId: string,
): Promise<boolean> {
  let known = memberships.get(db)
  if (!known) {
    known = new Set()
    memberships.set(db, known)
  }
  const membership = `${organizationId} ${workspaceId}`
  if (known.has(membership)) return true
  if (!(await isWorkspaceOf(db, workspaceId, organizationId))) return false
  if (known.size >= KNOWN_MEMBERSHIPS) known.clear()
  known.add(membership)
  return true
}
