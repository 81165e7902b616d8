// The dimensions a breakdown groups the members by (CONTRACT 18).

export const DIMENSIONS = ['department', 'manager', 'group', 'country'] as const
export type Dimension = (typeof DIMENSIONS)[number]

/** The most min_tricked may ask (the repeat offenders' thresholds go this far). */
export const MAX_TRICKED = 100
