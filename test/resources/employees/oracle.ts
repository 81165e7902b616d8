// What the employees' statistics must answer, from the records.

import { EMPLOYEE_STATUSES } from '../../../src/resources/employees/values.js'
import type { Rec } from '../../helpers/records.js'

/** A count per status and the total, from the records. */
export function employeeStatistics(all: readonly Rec[], workspace: string) {
  const employees = all.filter(
    (r) => r.type === 'employee' && (r.workspace as { id: string }).id === workspace,
  )
  return {
    ...Object.fromEntries(EMPLOYEE_STATUSES.map((s) => [s, employees.filter((e) => e.status === s).length])),
    total: employees.length,
  }
}
