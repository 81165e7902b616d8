// The email_alert and impersonation import records (CONTRACT 16): each names its workspace and the
// employee it is about. Only the per-employee tallies read them (import.ts).

import Type from 'typebox'
import { AnyTimestamp, AnyUuid, id, timestamp } from '../../records/fields.js'
import { defineRecord } from '../../records/spec.js'
import { Closed, Nullable, StringEnum } from '../../schemas/common.js'
import { ALERT_ACTIONS, VERDICTS } from './values.js'

export const emailAlertRecord = defineRecord({
  type: 'email_alert',
  schema: Closed({
    type: Type.Literal('email_alert'),
    id: AnyUuid,
    workspace_id: AnyUuid,
    employee_id: AnyUuid,
    action: Nullable(StringEnum(ALERT_ACTIONS)),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  columns: ['workspace_id', 'id', 'employee_id', 'action', 'created_at', 'updated_at'],
  toRow: (r, e) => ({
    workspace_id: id(r.workspace_id),
    id: id(r.id),
    employee_id: id(r.employee_id),
    action: r.action,
    created_at: timestamp(r.created_at, 'email_alert.created_at', e),
    updated_at: timestamp(r.updated_at, 'email_alert.updated_at', e),
  }),
  target: 'email_alerts',
  key: ['id'],
  workspaceColumn: 'workspace_id',
})

export const impersonationRecord = defineRecord({
  type: 'impersonation',
  schema: Closed({
    type: Type.Literal('impersonation'),
    id: AnyUuid,
    workspace_id: AnyUuid,
    employee_id: AnyUuid,
    verdict: StringEnum(VERDICTS),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  columns: ['workspace_id', 'id', 'employee_id', 'verdict', 'created_at', 'updated_at'],
  toRow: (r, e) => ({
    workspace_id: id(r.workspace_id),
    id: id(r.id),
    employee_id: id(r.employee_id),
    verdict: r.verdict,
    created_at: timestamp(r.created_at, 'impersonation.created_at', e),
    updated_at: timestamp(r.updated_at, 'impersonation.updated_at', e),
  }),
  target: 'impersonations',
  key: ['id'],
  workspaceColumn: 'workspace_id',
})
