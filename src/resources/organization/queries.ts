import type { Kysely } from 'kysely'
import type { KeyScope } from '../../access.js'
import type { Database } from '../../db/tables.js'
import type { Organization } from './schema.js'

/** The key's organization with its workspaces (only the key's one for a workspace-scoped key). */
export async function findOrganization(db: Kysely<Database>, scope: KeyScope): Promise<Organization | null> {
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'created_at', 'updated_at'])
    .where('id', '=', scope.organizationId)
    .executeTakeFirst()
  if (!organization) return null
  const workspaces = await db
    .selectFrom('workspaces')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('organization_id', '=', scope.organizationId)
    .$if(scope.workspaceId !== null, (q) => q.where('id', '=', scope.workspaceId as string))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return { ...organization, workspaces }
}

/** Every organization, oldest first, with its workspaces' ids and names (for operators: the CLI). */
export async function listOrganizations(
  db: Kysely<Database>,
): Promise<(Omit<Organization, 'workspaces'> & { workspaces: { id: string; name: string }[] })[]> {
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
