// The allowed values of the breaches' enumerated fields (CONTRACT 1), in one place so that the import
// validation, the API schemas and the demo generator can never disagree.

export const BREACH_STATUSES = ['active', 'resolved'] as const
export const CRITICALITIES = ['low', 'medium', 'high'] as const

export type BreachStatus = (typeof BREACH_STATUSES)[number]
export type Criticality = (typeof CRITICALITIES)[number]
