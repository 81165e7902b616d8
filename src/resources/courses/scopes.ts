// Apart from index.ts: routes.ts, which index.ts loads, takes its scope from here.

import type { ScopeUse } from '../resource.js'

/** The scope its routes require (CONTRACT 7), and what of it the scope reads. */
export const AWARENESS_READ: ScopeUse = { scope: 'awareness:read', reads: 'courses, progress, statistics' }
