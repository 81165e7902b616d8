// The scopes a key may carry (CONTRACT 7). Each resource keeps the allowed values of its own
// enumerated fields in its values.ts.

export const SCOPES = [
  'workspace:read',
  'awareness:read',
  'breaches:read',
  'events:read',
  'groups:read',
  'simulation:read',
] as const

export type Scope = (typeof SCOPES)[number]
