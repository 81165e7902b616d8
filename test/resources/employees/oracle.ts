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
    average_karma_score: averageKarma(employees),
  }
}

/**
 * The mean karma score of the active employees among `employees` that have one, half up, in BigInt
 * (not the server's arithmetic); null when none has one.
 */
export function averageKarma(employees: readonly Rec[]): number | null {
  const scores = employees
    .filter((e) => e.status === 'active' && e.karma !== null)
    .map((e) => BigInt((e.karma as { score: number }).score))
  const n = BigInt(scores.length)
  const sum = scores.reduce((a, b) => a + b, 0n)
  return n === 0n ? null : Number((2n * sum + n) / (2n * n))
}
