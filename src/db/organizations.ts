// Whether an organization and its workspaces exist: what a key's reach and the operators' commands
// (keys, webhooks) check.

import type { Kysely } from 'kysely'
import type { Database } from './tables.js'

/**
 * Why an organization (and optionally one of its workspaces) cannot be named, in one sentence; null
 * when both exist and the workspace belongs to the organization.
 */
export async function organizationProblem(
  db: Kysely<Database>,
  organizationId: string,
  workspaceId?: string,
): Promise<string | null> {
  const organization = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .executeTakeFirst()
  if (!organization) return `organization ${organizationId} does not exist`
  if (workspaceId === undefined || (await isWorkspaceOf(db, workspaceId, organizationId))) return null
  return `workspace ${workspaceId} does not exist in organization ${organizationId}`
}

/** Whether a workspace exists and belongs to an organization. */
export async function isWorkspaceOf(
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
