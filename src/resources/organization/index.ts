// The organization: the key's organization and its workspaces.

import type { Resource } from '../resource.js'
import { ORGANIZATION_DEMO } from './demo.js'
import { ORGANIZATION_CLIENT_SAMPLES, ORGANIZATION_EXAMPLES } from './examples.js'
import { ORGANIZATION_EXPORTS } from './export.js'
import { ORGANIZATION_IMPORT } from './import.js'
import { organizationRecord, workspaceRecord } from './records.js'
import { Organization } from './schema.js'
import { ORGANIZATION_READ } from './scopes.js'
import { ORGANIZATION_SQL } from './sql.js'

export const organization = {
  name: 'organization',
  about: 'the organization with its workspaces',
  scopes: [ORGANIZATION_READ],
  tag: {
    name: 'Organization',
    description: "The key's organization and its workspaces.",
  },
  schemas: [Organization],
  routes: async (app) => (await import('./routes.js')).organizationRoutes(app),
  examples: ORGANIZATION_EXAMPLES,
  clientSamples: ORGANIZATION_CLIENT_SAMPLES,
  client: {
    namespace: 'organization',
    operations: {
      getOrganization: {
        method: 'get',
        doc: ['@example const { workspaces } = await client.organization.get()'],
      },
    },
  },
  records: [organizationRecord, workspaceRecord],
  import: ORGANIZATION_IMPORT,
  exports: ORGANIZATION_EXPORTS,
  sql: ORGANIZATION_SQL,
  demo: ORGANIZATION_DEMO,
} satisfies Resource<'organization' | 'workspace'>
