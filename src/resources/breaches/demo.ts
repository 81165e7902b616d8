// Breaches: each compromises a few employees, in every warned/acknowledged state; some are fully
// acknowledged (resolved), some affect nobody yet.

import { DAY, type ResourceDemo, slugify } from '../demo.js'
import { demoEmployees } from '../employees/demo.js'
import { CRITICALITIES } from './values.js'

export const BREACH_DEMO: ResourceDemo = {
  organization({ faker, state }) {
    state.set(
      'breach names',
      Array.from({ length: 60 }, () => faker.company.name()),
    )
    return []
  },
  *workspace(w) {
    const { r, faker, now, domain } = w
    const workspaceId = w.workspace.id
    const size = w.workspace.size
    const employees = demoEmployees(w)
    const breachNames = w.state.get('breach names') as string[]
    const breachCount = Math.min(12, 3 + Math.floor(Math.log2(size + 1)))
    for (let b = 0; b < breachCount; b++) {
      const breachId = r.uuid()
      const lastBreached = now - r.int(1, 900) * DAY
      const created = lastBreached + r.int(1, 20) * DAY
      const name = r.pick(breachNames)
      yield {
        type: 'breach',
        workspace_id: workspaceId,
        id: breachId,
        name,
        domain: `${slugify(name)}.com`,
        criticality: r.pick(CRITICALITIES),
        last_breached_at: r.at(lastBreached),
        created_at: r.at(Math.min(now, created)),
        updated_at: r.at(Math.min(now, created + r.int(0, 30) * DAY)),
      }
      const resolved = b % 4 === 3
      const share = b === breachCount - 1 ? 0 : r.int(5, 30) / 1000
      for (const [index, employee] of employees.entries()) {
        if (!r.chance(share)) continue
        const compromised = lastBreached - r.int(0, 30) * DAY
        const state = resolved ? r.pick([2, 3] as const) : r.int(0, 3)
        const warned = state === 1 || state === 2 ? r.at(created + r.int(0, 3) * DAY) : null
        const acknowledged = state >= 2 ? r.at(created + r.int(3, 10) * DAY) : null
        yield {
          type: 'compromised_employee',
          workspace_id: workspaceId,
          breach_id: breachId,
          employee_id: employee.id,
          compromised_at: r.at(compromised),
          warned_at: warned,
          acknowledged_at: acknowledged,
          breached_accounts: Array.from({ length: r.int(1, 2) }, (_, k) => ({
            email: k === 0 ? `employee${index}@${domain}` : `${faker.internet.username()}@mail.example`,
            compromised_at: r.at(compromised - k * DAY),
          })),
        }
      }
    }
  },
}
