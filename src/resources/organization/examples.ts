// Examples shown in the OpenAPI document (validated against the schemas by tests).

import type { Organization } from './schema.js'

const organization: Organization = {
  id: 'a08ff49b-6f77-4263-8716-c43069c43a8c',
  created_at: '2022-11-23T00:00:00.000192Z',
  updated_at: '2026-10-23T00:00:00.000720Z',
  workspaces: [
    {
      id: '7cf3c256-32b9-4240-ad3f-b64afebede10',
      name: 'Headquarters',
      created_at: '2022-11-23T20:50:54.483294Z',
      updated_at: '2023-08-15T20:50:54.483510Z',
    },
  ],
}

export const ORGANIZATION_EXAMPLES = { getOrganization: { data: organization } }

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const ORGANIZATION_CLIENT_SAMPLES = {
  getOrganization: `const organization = await client.organization.get()
for (const workspace of organization.workspaces) console.log(workspace.id, workspace.name)`,
}
