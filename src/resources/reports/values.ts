// The dimensions a breakdown groups the members by (CONTRACT 18).

export const DIMENSIONS = ['department', 'manager', 'group', 'country'] as const
export type Dimension = (typeof DIMENSIONS)[number]
