// The allowed values of the phishing simulations' enumerated fields (CONTRACT 15), in one place so
// that the import validation, the API schemas, the statistics and the demo generator agree.

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'paused', 'completed'] as const
export const DELIVERIES = ['one_off', 'recurring'] as const
export const FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const

/** What can happen to an attack, in the order the statistics publish them. */
export const ATTACK_EVENT_TYPES = [
  'attack_sent',
  'attack_voided',
  'email_opened',
  'email_answered',
  'email_reported',
  'manually_reported',
  'manually_retried',
  'page_opened',
  'download_link_clicked',
  'attachment_opened',
  'file_opened',
  'credentials_submitted',
  'mfa_code_submitted',
  'social_login_clicked',
  'scope_granted',
  'qr_code_scanned',
  'sms_answered',
  'phone_number_called',
  'phone_number_code_entered',
  'employee_tricked',
  'remedial_started',
  'remedial_completed',
  'phishing_remedial_course_completed',
] as const

export type AttackEventType = (typeof ATTACK_EVENT_TYPES)[number]

/** The events that make an attack tricked, and reported (CONTRACT 15). */
export const TRICKED_BY: readonly AttackEventType[] = ['employee_tricked']
export const REPORTED_BY: readonly AttackEventType[] = ['email_reported', 'manually_reported']

/** An attack's event types as one integer, a bit per type (its index above): the statistics read it. */
export function eventMask(types: Iterable<AttackEventType>): number {
  let mask = 0
  for (const type of types) mask |= 1 << ATTACK_EVENT_TYPES.indexOf(type)
  return mask
}
