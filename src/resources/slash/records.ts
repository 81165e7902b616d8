// The email_alert and impersonation import records (CONTRACT 16): each names its workspace and the
// employee it is about, and one value of that employee's tally. Only the per-employee tallies read
// them (import.ts).

import Type, { type TSchema } from 'typebox'
import { AnyTimestamp, AnyUuid, id, timestamp } from '../../records/fields.js'
import { defineRecord, type StagingRow } from '../../records/spec.js'
import { Closed, Nullable, StringEnum } from '../../schemas/common.js'
import { ALERT_ACTIONS, VERDICTS } from './values.js'

/** A record of `type` about one employee, with its `field` (an enumerated value or null), into `target`. */
function employeeRecord<const T extends string, const F extends string>(
  type: T,
  target: 'email_alerts' | 'impersonations',
  field: F,
  value: TSchema,
) {
  return defineRecord({
    type,
    schema: Closed({
      type: Type.Literal(type),
      id: AnyUuid,
      workspace_id: AnyUuid,
      employee_id: AnyUuid,
      [field]: value,
      created_at: AnyTimestamp,
      updated_at: AnyTimestamp,
    }),
    columns: ['workspace_id', 'id', 'employee_id', field, 'created_at', 'updated_at'],
    toRow: (r: Record<string, unknown>, e) =>
      ({
        workspace_id: id(r.workspace_id as string),
        id: id(r.id as string),
        employee_id: id(r.employee_id as string),
        [field]: r[field] as string | null,
        created_at: timestamp(r.created_at as string, `${type}.created_at`, e),
        updated_at: timestamp(r.updated_at as string, `${type}.updated_at`, e),
      }) as StagingRow<'workspace_id' | 'id' | 'employee_id' | F | 'created_at' | 'updated_at'>,
    target,
    key: ['id'],
    workspaceColumn: 'workspace_id',
  })
}

export const emailAlertRecord = employeeRecord(
  'email_alert',
  'email_alerts',
  'action',
  Nullable(StringEnum(ALERT_ACTIONS)),
)

export const impersonationRecord = employeeRecord(
  'impersonation',
  'impersonations',
  'verdict',
  StringEnum(VERDICTS),
)
