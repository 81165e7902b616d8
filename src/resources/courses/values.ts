// The allowed values of the courses' enumerated fields (CONTRACT 1), in one place so that the import
// validation, the API schemas and the demo generator can never disagree.

export const PROGRESS_STATUSES = ['completed', 'missed', 'upcoming'] as const
export const DELIVERIES = [
  'a_week_after_event',
  'directly_after_event',
  'first_day',
  'first_month',
  'none',
  'sent_after_the_first_year',
  'yearly',
  'yearly_at_end_of_program',
] as const
export const THEMES = [
  'digital_footprint',
  'gdpr',
  'general',
  'irl',
  'it',
  'legal',
  'passwords',
  'social_engineering',
  'technical',
] as const
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const

export type ProgressStatus = (typeof PROGRESS_STATUSES)[number]
