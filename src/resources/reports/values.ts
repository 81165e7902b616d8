// The dimensions a breakdown groups the members by (CONTRACT 18).

import type { ReportMembersTable } from './tables.js'

export const DIMENSIONS = ['department', 'manager', 'group', 'country'] as const
export type Dimension = (typeof DIMENSIONS)[number]

/** The most min_tricked may ask (the repeat offenders' thresholds go this far). */
export const MAX_TRICKED = 100

/**
 * The member's column each dimension but `group` (a membership of its own) takes its key from; each
 * has an index of report_members, through which a window counts a cell's members.
 */
export const MEMBER_COLUMN_OF = {
  department: 'department',
  manager: 'manager_id',
  country: 'country_code',
} as const satisfies Record<Exclude<Dimension, 'group'>, keyof ReportMembersTable>
