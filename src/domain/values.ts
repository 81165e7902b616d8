// The allowed values of every enumerated field (CONTRACT 1), in one place so that the import
// validation, the API schemas and the demo generator can never disagree.

export const EMPLOYEE_STATUSES = ['active', 'deactivated', 'pending', 'unlicensed'] as const
export const SECURITY_LEVELS = [
  'dangerous',
  'bad',
  'ok',
  'good',
  'great',
  'excellent',
  'exceptional',
] as const
export const LANGUAGES = [
  'arabic',
  'bulgarian',
  'catalan',
  'chinese',
  'chinese_traditional_taiwan',
  'czech',
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'french_quebec',
  'german',
  'greek',
  'hindi',
  'hungarian',
  'indonesian',
  'italian',
  'japanese',
  'korean',
  'norwegian_bokmal',
  'polish',
  'portuguese',
  'portuguese_brazilian',
  'romanian',
  'russian',
  'slovak',
  'slovenian',
  'spanish',
  'thai',
  'turkish',
  'ukrainian',
  'vietnamese',
] as const
export const EMAIL_SOURCES = ['custom', 'employee', 'google', 'microsoft', 'okta', 'slack'] as const
export const BREACH_STATUSES = ['active', 'resolved'] as const
export const CRITICALITIES = ['low', 'medium', 'high'] as const
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
export const SCOPES = ['workspace:read', 'awareness:read', 'breaches:read', 'events:read'] as const

export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number]
export type SecurityLevel = (typeof SECURITY_LEVELS)[number]
export type BreachStatus = (typeof BREACH_STATUSES)[number]
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number]
export type Sentiment = (typeof SENTIMENTS)[number]
export type Scope = (typeof SCOPES)[number]
