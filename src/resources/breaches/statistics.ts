// The breach statistics (CONTRACT 15) from their counts, in one place: kept at import for the whole
// workspace and per period (import.ts), or counted within a window (sql.ts).

import type { BreachStatistics } from './schema.js'

/** The operation whose answers each import keeps per period (its window twin reads them). */
export const BREACH_STATISTICS_ID = 'getBreachStatistics'

export interface BreachCounts {
  breaches: number
  impacted: number
  warned: number
  acknowledged: number
}

export const NO_BREACHES: BreachCounts = { breaches: 0, impacted: 0, warned: 0, acknowledged: 0 }

export function statisticsOf(c: BreachCounts): BreachStatistics {
  return {
    breaches_count: c.breaches,
    impacted_employees_count: c.impacted,
    warned_employees_count: c.warned,
    acknowledged_employees_count: c.acknowledged,
  }
}
