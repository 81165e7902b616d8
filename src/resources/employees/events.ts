// employee.created, .updated, .deleted: the employee as GET /v1/employees/{id} renders it. A
// changed employee's reports are candidates too: their rendering embeds the manager's reference.

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_EMPLOYEE } from './examples.js'
import { employeeOcsf } from './ocsf.js'

export const EMPLOYEE_EVENTS: EventSource = {
  name: 'employee',
  object: { schema: 'Employee', description: 'an Employee', example: EXAMPLE_EMPLOYEE },
  key: ['workspace_id', 'id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, id from stg_employee where ${changed.where('employee')}`,
    `select workspace_id, id from employees
      where (workspace_id, manager_id) in (select workspace_id, id from stg_employee where ${changed.whereStored('employee')})`,
    deleted('employee', 'workspace_id, id'),
  ],
  table: 'employees',
  rendering: (keys) =>
    `select e.workspace_id, e.id, e.json from employees e ${keysJoin(keys, 'k.id = e.id')}`,
  ocsf: employeeOcsf,
}
