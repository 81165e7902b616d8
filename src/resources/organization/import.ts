// What an import checks about workspaces, beyond each record on its own.

import { sql } from 'kysely'
import type { Check, ImportSteps } from '../../records/spec.js'

const CHECKS: readonly Check[] = [
  {
    query: sql`select s.line, s.organization_id as value, null as other from stg_workspace s
      where not exists (select 1 from stg_organization o where o.id = s.organization_id)
        and not exists (select 1 from organizations o where o.id = s.organization_id)`,
    message: (v) => `workspace.organization_id: organization ${v} does not exist`,
  },
  {
    query: sql`select s.line, w.organization_id as value, null as other from stg_workspace s
      join workspaces w on w.id = s.id where w.organization_id <> s.organization_id`,
    message: (v) =>
      `workspace: belongs to organization ${v}; moving a workspace to another organization is not supported`,
  },
]

export const ORGANIZATION_IMPORT: ImportSteps = { checks: CHECKS }
