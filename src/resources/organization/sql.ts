// Every statement of the organization resource, named: the SQL snapshots (sql/*/api.sql) label
// each by its name here (`organization.sql:find`).

import type { Kysely } from 'kysely'
import type { KeyScope } from '../../access.js'
import type { Database } from '../../db/tables.js'
import { SAMPLE, sampled } from '../sql.js'
import type { Organization } from './schema.js'

export const ORGANIZATION_SQL = {
  /** The key's organization with its workspaces (only the key's one for a workspace-scoped key). */
  find: sampled(
    async (db: Kysely<Database>, scope: KeyScope): Promise<Organization | null> => {
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
    },
    { 'a workspace key': [SAMPLE.workspaceKey] },
  ),
}
