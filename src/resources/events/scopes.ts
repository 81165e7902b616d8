// Apart from index.ts: routes.ts, which index.ts loads, takes its scope from here.

import type { ScopeUse } from '../resource.js'

/** The scope its routes require (CONTRACT 7), and what of it the scope reads. */
export const EVENTS_READ: ScopeUse = { scope: 'events:read', reads: 'the events feed' }
