// The employees are the people an erasure erases (CONTRACT 20): what the erasure engine and later
// imports need to know of them. Kept apart from the resource's other modules: the command line
// names its command without loading them.

import type { Persons } from '../../records/spec.js'

/** `awareness employees erase`. */
export const PERSONS_COMMAND = 'employees'

export const EMPLOYEE_PERSONS: Persons = {
  recordType: 'employee',
  table: 'employees',
  tables: ['employees', 'employees_pseudonymous'],
  stagedReferences: ['select manager_id as id from stg_employee where manager_id is not null'],
  erasedEvent: 'employee.erased',
  noun: ['employee', 'employees'],
}
