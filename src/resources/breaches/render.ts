// Breach JSON, and the compromised employee's. A breach carries counts derived from its workspace's
// compromised employees, so it is rendered after they are derived (import.ts). A compromised
// employee embeds its employee's reference, which follows the employee's record: it is stored as the
// part after that reference, and the reference is joined in when a page is read (sql.ts).

import { jsonAround } from '../../records/fragments.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { Breach, CompromisedEmployee } from './schema.js'

/** A breach's JSON, from its row (its counts derived). */
export const breachJson = jsonOf(Breach)

const aroundEmployee = jsonAround(CompromisedEmployee, 'employee')

/** A compromised employee after its employee: `{"employee":` + employee reference + this. */
export function compromisedEmployeeTail(item: Omit<CompromisedEmployee, 'employee'>): string {
  return aroundEmployee(item).tail
}

/** SQL: a compromised employee's JSON, from its row `c` and its employee's row `e`. */
export const COMPROMISED_JSON = `'{"employee":' || e.ref_json || c.json_tail`
