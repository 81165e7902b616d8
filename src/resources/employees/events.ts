// employee.created, .updated, .deleted: the employee as GET /v1/employees/{id} renders it. A
// changed employee's reports are candidates too: their rendering embeds the manager's reference.

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_EMPLOYEE } from './examples.js'
import { employeeOcsf, erasedEmployeeOcsf } from './ocsf.js'

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
  others: [
    {
      type: 'employee.erased',
      object: {
        schema: 'ErasedEmployee',
        description: 'an erased employee (their id alone)',
        example: { id: EXAMPLE_EMPLOYEE.id },
      },
      sentFor:
        'each employee erased (`awareness employees erase`): every earlier event naming them is gone from the feed and from pending deliveries; delete every copy of them',
      ocsf: erasedEmployeeOcsf,
    },
  ],
}
