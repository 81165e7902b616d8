// Generated from the resources' scopes (src/resources/*/index.ts: scopes) by `npm run openapi`; do not edit.
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
