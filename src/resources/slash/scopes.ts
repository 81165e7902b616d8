// Apart from index.ts: routes.ts, which index.ts loads, takes its scope from here.

import { INBOX_READ } from '../inbox/scopes.js'
import type { ScopeUse } from '../resource.js'

/** The inbox's scope, which also reads these. */
export const SLASH_READ: ScopeUse = {
  scope: INBOX_READ.scope,
  reads: 'alerts on dangerous mail, impersonation',
}
