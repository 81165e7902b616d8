// Apart from index.ts: routes.ts, which index.ts loads, takes its scope from here.

import type { ScopeUse } from '../resource.js'

/** The scope its routes require (CONTRACT 18), and what of it the scope reads. */
export const REPORTS_READ: ScopeUse = {
  scope: 'reports:read',
  reads: 'reports: roll-ups by department, manager, group and country, and who needs help',
}
