// The allowed values of the employees' enumerated fields (CONTRACT 1), in one place so that the import
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

export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number]
export type SecurityLevel = (typeof SECURITY_LEVELS)[number]
