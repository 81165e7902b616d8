// Every statement of the organization resource, named: the SQL snapshots (sql/*/api.sql) label
// each by its name here (`organization.sql:find`).

import type { KeyRows } from '../../access.js'
import { byKey, SAMPLE } from '../sql.js'
import type { Organization } from './schema.js'

export const ORGANIZATION_SQL = {
  /** The key's organization with its workspaces (only the key's one for a workspace-scoped key). */
  find: byKey(
    async (key: KeyRows): Promise<Organization | null> => {
      const organization = await key
        .organization()
        .select(['id', 'created_at', 'updated_at'])
        .executeTakeFirst()
      if (!organization) return null
      const workspaces = await key
        .workspaces()
        .select(['id', 'name', 'created_at', 'updated_at'])
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute()
      return { ...organization, workspaces }
    },
    { 'a workspace key': [SAMPLE.workspaceKey] },
  ),
}
