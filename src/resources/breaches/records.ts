// The breach and compromised_employee import records (CONTRACT 12) and how they are staged. A
// breach's counts and status are derived at import from its compromised employees (import.ts).

import Type from 'typebox'
import { AnyTimestamp, AnyUuid, id, Name, nullableTimestamp, timestamp } from '../../records/fields.js'
import { publishedRecord } from '../../records/published.js'
import { defineRecord } from '../../records/spec.js'
import { Closed, Nullable } from '../../schemas/common.js'
import { compromisedEmployeeTail } from './render.js'
import { Breach } from './schema.js'

export const breachRecord = defineRecord({
  type: 'breach',
  ...publishedRecord('breach', Breach, { carries: ['workspace_id'] }),
  target: 'breaches',
  key: ['workspace_id', 'id'],
  workspaceColumn: 'workspace_id',
  // Rendered once its counts are derived.
  rendered: ['json'],
})

export const compromisedEmployeeRecord = defineRecord({
  type: 'compromised_employee',
  schema: Closed({
    type: Type.Literal('compromised_employee'),
    workspace_id: AnyUuid,
    breach_id: AnyUuid,
    employee_id: AnyUuid,
    compromised_at: AnyTimestamp,
    warned_at: Nullable(AnyTimestamp),
    acknowledged_at: Nullable(AnyTimestamp),
    breached_accounts: Type.Array(Closed({ email: Name(), compromised_at: AnyTimestamp }), {
      maxItems: 1000,
    }),
  }),
  columns: [
    'workspace_id',
    'breach_id',
    'employee_id',
    'compromised_at',
    'warned_at',
    'acknowledged_at',
    'json_tail',
  ],
  toRow(r, e) {
    const item = {
      compromised_at: timestamp(r.compromised_at, 'compromised_employee.compromised_at', e),
      warned_at: nullableTimestamp(r.warned_at, 'compromised_employee.warned_at', e),
      acknowledged_at: nullableTimestamp(r.acknowledged_at, 'compromised_employee.acknowledged_at', e),
      breached_accounts: r.breached_accounts.map((a, i) => ({
        email: a.email,
        compromised_at: timestamp(
          a.compromised_at,
          `compromised_employee.breached_accounts.${i}.compromised_at`,
          e,
        ),
      })),
    }
    return {
      workspace_id: id(r.workspace_id),
      breach_id: id(r.breach_id),
      employee_id: id(r.employee_id),
      compromised_at: item.compromised_at,
      warned_at: item.warned_at,
      acknowledged_at: item.acknowledged_at,
      json_tail: compromisedEmployeeTail(item),
    }
  },
  target: 'compromised_employees',
  key: ['workspace_id', 'breach_id', 'employee_id'],
  workspaceColumn: 'workspace_id',
})
