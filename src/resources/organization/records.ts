// The organization and workspace import records (CONTRACT 12) and how they are staged. Neither is
// ever deleted: --replace empties a workspace, and a workspace never moves to another organization.

import Type from 'typebox'
import { AnyTimestamp, AnyUuid, id, Name, timestamp } from '../../records/fields.js'
import { defineRecord } from '../../records/spec.js'
import { Closed } from '../../schemas/common.js'

export const organizationRecord = defineRecord({
  type: 'organization',
  schema: Closed({
    type: Type.Literal('organization'),
    id: AnyUuid,
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  columns: ['id', 'created_at', 'updated_at'],
  toRow: (r, e) => ({
    id: id(r.id),
    created_at: timestamp(r.created_at, 'organization.created_at', e),
    updated_at: timestamp(r.updated_at, 'organization.updated_at', e),
  }),
  target: 'organizations',
  key: ['id'],
  workspaceColumn: null,
  replaced: null,
})

export const workspaceRecord = defineRecord({
  type: 'workspace',
  schema: Closed({
    type: Type.Literal('workspace'),
    id: AnyUuid,
    organization_id: AnyUuid,
    name: Name(),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  columns: ['id', 'organization_id', 'name', 'created_at', 'updated_at'],
  toRow: (r, e) => ({
    id: id(r.id),
    organization_id: id(r.organization_id),
    name: r.name,
    created_at: timestamp(r.created_at, 'workspace.created_at', e),
    updated_at: timestamp(r.updated_at, 'workspace.updated_at', e),
  }),
  target: 'workspaces',
  key: ['id'],
  workspaceColumn: 'id',
  replaced: null,
})
