// An organization gives one row per workspace.

import Type from 'typebox'
import { flatColumns, flatRow, jsonColumns } from '../../schemas/flatten.js'
import type { ImportRecord, ResourceExport } from '../export.js'
import { Organization } from './schema.js'

// The organization's own fields, and one workspace's.
const OrganizationFields = Type.Omit(Organization, ['workspaces'])
const WorkspaceFields = Organization.properties.workspaces.items

/** The organization's record, and its workspaces' (those the key reads; only `workspaceId` if given). */
function organizationRecords(o: Organization, workspaceId: string): ImportRecord[] {
  const { workspaces, ...organization } = o
  return [
    { type: 'organization', ...organization },
    ...workspaces
      .filter((w) => workspaceId === '' || w.id === workspaceId)
      .map(({ id, ...workspace }) => ({
        type: 'workspace',
        id,
        organization_id: o.id,
        ...workspace,
      })),
  ]
}

export const ORGANIZATION_EXPORTS: ResourceExport[] = [
  {
    name: 'organization',
    nouns: ['organization', 'organizations'],
    path: '/v1/organization',
    workspace: false,
    note: 'one row per workspace',
    json: [
      ...jsonColumns(OrganizationFields, 'organization.'),
      ...jsonColumns(WorkspaceFields, 'workspace.'),
    ],
    columns: [
      ...flatColumns(OrganizationFields, 'organization.'),
      ...flatColumns(WorkspaceFields, 'workspace.'),
    ],
    toRows: (o: Organization) => {
      const organization = flatRow(OrganizationFields, o, 'organization.')
      return o.workspaces.map((w) => ({ ...organization, ...flatRow(WorkspaceFields, w, 'workspace.') }))
    },
    records: {
      types: ['organization', 'workspace'],
      of: organizationRecords,
      workspaces: (o: Organization) => o.workspaces.map((w) => w.id),
    },
  },
]
