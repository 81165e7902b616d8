// The allowed values of the inbox's enumerated fields (CONTRACT 16), in one place so that the import
// validation, the API schemas, the filters and the demo generator can never disagree.

export const CLASSIFICATIONS = ['safe', 'spam', 'fraudulent'] as const
export const FRAUD_TYPES = [
  'employee_impersonation',
  'partner_payment_fraud',
  'scam_extortion',
  'service_imitation',
  'other',
] as const
export const REPORT_SOURCES = ['add_in', 'forward', 'mobile'] as const

/** A ticket's classification, or `unreviewed` for none yet: the filter's values, and its stored `review`. */
export const REVIEWS = ['unreviewed', ...CLASSIFICATIONS] as const

export type Classification = (typeof CLASSIFICATIONS)[number]
export type FraudType = (typeof FRAUD_TYPES)[number]
export type Review = (typeof REVIEWS)[number]

/** The review of a classification (null: unreviewed). */
export const reviewOf = (classification: Classification | null): Review => classification ?? 'unreviewed'
