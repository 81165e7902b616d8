// Apart from index.ts: routes.ts, which index.ts loads, takes its scope from here.

import type { ScopeUse } from '../resource.js'

/** The scope its routes require (CONTRACT 16), and what of it the scope reads. */
export const INBOX_READ: ScopeUse = { scope: 'inbox:read', reads: 'reported emails and their tickets' }
