// Apart from index.ts: routes.ts, which index.ts loads, takes its scope from here.

import { WORKSPACE_READ } from '../employees/scopes.js'
import type { ScopeUse } from '../resource.js'

/** The scope its route requires (CONTRACT 7): the employees' one, which reads the organization too. */
export const ORGANIZATION_READ: ScopeUse = { scope: WORKSPACE_READ.scope, reads: 'organization' }
