// Breach JSON, and the compromised employee's. A breach carries counts derived from its workspace's
// compromised employees, so it is rendered after they are derived (import.ts). A compromised
// employee embeds its employee's reference, which follows the employee's record: it is stored as the
// part after that reference, and the reference is joined in when a page is read (sql.ts).

import { splitAround } from '../../records/fragments.js'
import type { Breach, CompromisedEmployee } from './schema.js'

export function breachJson(breach: Breach): string {
  const ordered: Breach = {
    id: breach.id,
    name: breach.name,
    domain: breach.domain,
    status: breach.status,
    criticality: breach.criticality,
    impacted: breach.impacted,
    warned: breach.warned,
    acknowledged: breach.acknowledged,
    last_breached_at: breach.last_breached_at,
    created_at: breach.created_at,
    updated_at: breach.updated_at,
  }
  return JSON.stringify(ordered)
}

/** A compromised employee after its employee: `{"employee":` + employee reference + this. */
export function compromisedEmployeeTail(item: Omit<CompromisedEmployee, 'employee'>): string {
  const whole: CompromisedEmployee = {
    employee: null as unknown as CompromisedEmployee['employee'],
    compromised_at: item.compromised_at,
    warned_at: item.warned_at,
    acknowledged_at: item.acknowledged_at,
    breached_accounts: item.breached_accounts,
  }
  return splitAround(JSON.stringify(whole), '{"employee":null').tail
}

/** SQL: a compromised employee's JSON, from its row `c` and its employee's row `e`. */
export const COMPROMISED_JSON = `'{"employee":' || e.ref_json || c.json_tail`
