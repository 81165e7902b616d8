// Generated from the resources' scopes (src/resources/*/index.ts: scopes) and the OpenAPI document by
// `npm run openapi`; do not edit.
// The scopes a key may carry (CONTRACT 7), in the order the resources declare them.

export const SCOPES = [
  'workspace:read',
  'awareness:read',
  'breaches:read',
  'groups:read',
  'simulation:read',
  'inbox:read',
  'reports:read',
  'events:read',
] as const

export type Scope = (typeof SCOPES)[number]

/** The scopes of the operations an aggregate-only key may call (CONTRACT 19): all such a key carries. */
export const AGGREGATE_SCOPES: readonly Scope[] = [
  'workspace:read',
  'awareness:read',
  'breaches:read',
  'groups:read',
  'simulation:read',
  'inbox:read',
  'reports:read',
]
