// The inbox statistics (CONTRACT 16) from their counts, in one place: the counts are kept at import
// for the whole workspace (import.ts) or counted within a window (sql.ts); either way this makes
// the response, with every rate from exact counts (domain/rates.ts).

import { percent } from '../../domain/rates.js'
import type { InboxStatistics } from './schema.js'
import { FRAUD_TYPES, type Review } from './values.js'

/** The operation whose answers each import keeps per period (its window twin reads them). */
export const INBOX_STATISTICS_ID = 'getInboxStatistics'

/** Tickets per review and fraud type: `[review, fraud_type, count]`. */
export type ReviewHistogram = readonly (readonly [string, string | null, number])[]

export interface InboxCounts {
  reports: number
  reporters: number
  activeReporters: number
  activeEmployees: number
  tickets: ReviewHistogram
}

export function statisticsOf(c: InboxCounts): InboxStatistics {
  const tickets = (review: Review, fraudType?: string) =>
    c.tickets.reduce(
      (sum, [r, f, n]) => (r === review && (fraudType === undefined || f === fraudType) ? sum + n : sum),
      0,
    )
  const total = c.tickets.reduce((sum, [, , n]) => sum + n, 0)
  const fraudulent = tickets('fraudulent')
  return {
    reports: {
      total_count: c.reports,
      reporters_count: c.reporters,
      employee_reporting_rate: percent(c.activeReporters, c.activeEmployees, 1),
    },
    tickets: {
      total_count: total,
      unreviewed_count: tickets('unreviewed'),
      safe_rate: percent(tickets('safe'), total, 1),
      spam_rate: percent(tickets('spam'), total, 1),
      fraudulent_rate: percent(fraudulent, total, 1),
      fraudulent_distribution: Object.fromEntries(
        FRAUD_TYPES.map((type) => [`${type}_rate`, percent(tickets('fraudulent', type), fraudulent, 1)]),
      ) as InboxStatistics['tickets']['fraudulent_distribution'],
    },
  }
}
