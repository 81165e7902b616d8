// An organization gives one row per workspace.

import Type from 'typebox'
import { flatColumns, flatRow, jsonColumns } from '../../schemas/flatten.js'
import type { ResourceExport } from '../export.js'
import { Organization } from './schema.js'

// The organization's own fields, and one workspace's.
const OrganizationFields = Type.Omit(Organization, ['workspaces'])
const WorkspaceFields = Organization.properties.workspaces.items

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
  },
]
