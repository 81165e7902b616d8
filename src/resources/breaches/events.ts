// breach.created, .updated, .deleted: the breach as GET /v1/breaches lists it in its workspace, with
// its derived counts and status (a change of its compromised employees updates it); and
// compromised_employee.*: the item of its compromised-employees list, plus `"breach": {"id"}`.

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_BREACH, EXAMPLE_COMPROMISED_CHANGE } from './examples.js'
import { breachOcsf, compromisedEmployeeOcsf } from './ocsf.js'

export const BREACH_EVENTS: EventSource = {
  name: 'breach',
  object: { schema: 'Breach', description: 'a Breach in the workspace', example: EXAMPLE_BREACH },
  key: ['workspace_id', 'id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, id from stg_breach where ${changed.where('breach')}`,
    `select workspace_id, breach_id from stg_compromised_employee where ${changed.where('compromised_employee')}`,
    deleted('breach', 'workspace_id, id'),
    deleted('compromised_employee', 'workspace_id, breach_id'),
  ],
  table: 'breaches',
  rendering: (keys) => `select b.workspace_id, b.id, b.json from breaches b
    ${keysJoin(keys, 'k.workspace_id = b.workspace_id and k.id = b.id')}`,
  ocsf: breachOcsf,
}

export const COMPROMISED_EMPLOYEE_EVENTS: EventSource = {
  name: 'compromised_employee',
  object: {
    schema: 'CompromisedEmployeeChange',
    description: 'an item of compromised-employees plus "breach": {"id"}',
    example: EXAMPLE_COMPROMISED_CHANGE,
  },
  key: ['workspace_id', 'breach_id', 'employee_id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, breach_id, employee_id from stg_compromised_employee
      where ${changed.where('compromised_employee')}`,
    // Their item embeds the employee's reference.
    `select workspace_id, breach_id, employee_id from compromised_employees
      where (workspace_id, employee_id) in (select workspace_id, id from stg_employee where ${changed.whereStored('employee')})`,
    deleted('compromised_employee', 'workspace_id, breach_id, employee_id'),
  ],
  table: 'compromised_employees',
  rendering: (keys) => `select c.workspace_id, c.breach_id, c.employee_id,
      '{"employee":' || e.ref_json || substr(c.json_tail, 1, length(c.json_tail) - 1)
        || ',"breach":{"id":"' || c.breach_id || '"}}' as json
    from compromised_employees c
    join employees e on e.id = c.employee_id
    ${keysJoin(keys, 'k.workspace_id = c.workspace_id and k.breach_id = c.breach_id and k.employee_id = c.employee_id')}`,
  ocsf: compromisedEmployeeOcsf,
}
