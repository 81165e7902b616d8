// What the breaches' statistics must answer, from the records.

import type { Rec } from '../../helpers/records.js'

export function breachStatistics(
  all: readonly Rec[],
  workspace: string,
  w: { after?: string; before?: string } = {},
) {
  const breaches = all.filter(
    (b) =>
      b.type === 'breach' &&
      b.workspace_id === workspace &&
      (w.after === undefined || (b.last_breached_at as string) >= w.after) &&
      (w.before === undefined || (b.last_breached_at as string) <= w.before),
  )
  const ids = new Set(breaches.map((b) => b.id as string))
  const compromised = all.filter(
    (c) =>
      c.type === 'compromised_employee' && c.workspace_id === workspace && ids.has(c.breach_id as string),
  )
  const distinct = (keep: (c: Rec) => boolean) =>
    new Set(compromised.filter(keep).map((c) => c.employee_id)).size
  return {
    breaches_count: breaches.length,
    impacted_employees_count: distinct(() => true),
    warned_employees_count: distinct((c) => c.warned_at !== null),
    acknowledged_employees_count: distinct((c) => c.acknowledged_at !== null),
  }
}
