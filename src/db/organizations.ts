// The tenancy: whether an organization and its workspaces exist (what a key's reach and the
// operators' commands check), and the list the operators' `organizations` command prints.

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

/** An organization with its workspaces' ids and names. */
export interface OrganizationListing {
  id: string
  created_at: string
  updated_at: string
  workspaces: { id: string; name: string }[]
}

/** Every organization, oldest first, with its workspaces' ids and names (for operators: the CLI). */
export async function listOrganizations(db: Kysely<Database>): Promise<OrganizationListing[]> {
  const organizations = await db
    .selectFrom('organizations')
    .select(['id', 'created_at', 'updated_at'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  const workspaces = await db
    .selectFrom('workspaces')
    .select(['id', 'name', 'organization_id'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  const byOrganization = new Map<string, { id: string; name: string }[]>()
  for (const { id, name, organization_id } of workspaces) {
    const list = byOrganization.get(organization_id) ?? []
    list.push({ id, name })
    byOrganization.set(organization_id, list)
  }
  return organizations.map((o) => ({ ...o, workspaces: byOrganization.get(o.id) ?? [] }))
}
