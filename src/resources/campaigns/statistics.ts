// The simulation statistics (CONTRACT 15) in one place: what makes an employee attacked, tricked,
// reported and active, as flags in one integer; how a histogram of employees' flags becomes the
// counts that are stored (import.ts) or answered (sql.ts); and how counts become the response.

import { type RawBuilder, sql } from 'kysely'
import { percent } from '../../domain/rates.js'
import type { CampaignStatistics } from './schema.js'
import { ATTACK_EVENT_TYPES, type AttackEventType } from './values.js'

/** The operation whose answers each import keeps per period (its window twin reads them). */
export const CAMPAIGN_STATISTICS_ID = 'getCampaignStatistics'

// A bit per attack event type (values.ts eventMask), then these.
const ATTACKED = 1 << ATTACK_EVENT_TYPES.length
const TRICKED = ATTACKED << 1
const REPORTED = ATTACKED << 2
const ACTIVE = ATTACKED << 3

/** SQL: the flag of an active employee, when `active` holds. */
export const activeFlag = (active: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`case when ${active} then ${sql.lit(ACTIVE)} else 0 end`

/**
 * SQL: one employee's flags over their attacks `a` grouped together (bit_or: PostgreSQL's, and
 * SQLite's registered in db/connection.ts). Tricked and reported count on a sent attack only;
 * `active`, when given, says whether the employee's status is active.
 */
export const employeeFlags = (active?: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`bit_or(a.event_mask
    | case when a.sent_at is null then 0 else ${sql.lit(ATTACKED)}
      | case when a.tricked_at is null then 0 else ${sql.lit(TRICKED)} end
      | case when a.reported_at is null then 0 else ${sql.lit(REPORTED)} end end
    ${active === undefined ? sql`` : sql`| ${activeFlag(active)}`})`

/** The employee counts of the statistics, as simulation_statistics stores them. */
export type Counts = Record<'attacked' | 'active' | 'tricked' | 'reported' | AttackEventType, number>

/** Their names, in the order of simulation_statistics' columns. */
export const COUNTS: readonly (keyof Counts)[] = [
  'attacked',
  'active',
  'tricked',
  'reported',
  ...ATTACK_EVENT_TYPES,
]

/** The counts from a histogram of employees' flags: [flags, employees][]. */
export function countsOf(histogram: readonly (readonly [number, number])[]): Counts {
  const count = (bit: number, also = 0) =>
    histogram.reduce((sum, [flags, n]) => ((flags & bit) !== 0 && (flags & also) === also ? sum + n : sum), 0)
  return {
    attacked: count(ATTACKED),
    active: count(ATTACKED, ACTIVE),
    tricked: count(TRICKED),
    reported: count(REPORTED),
    ...(Object.fromEntries(ATTACK_EVENT_TYPES.map((type, bit) => [type, count(1 << bit)])) as Record<
      AttackEventType,
      number
    >),
  }
}

/** The response from the counts (none: nobody attacked). */
export function statisticsOf(counts: Record<keyof Counts, number | string> | undefined): CampaignStatistics {
  const n = (name: keyof Counts) => Number(counts?.[name] ?? 0)
  const attacked = n('attacked')
  return {
    employees_attacked_count: attacked,
    active_employees_attacked_count: n('active'),
    attack_events_per_employee: Object.fromEntries(
      ATTACK_EVENT_TYPES.map((type) => [type, n(type)]),
    ) as CampaignStatistics['attack_events_per_employee'],
    vulnerability_rate: percent(n('tricked'), attacked),
    reporting_rate: percent(n('reported'), attacked),
  }
}
