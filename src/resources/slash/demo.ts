// Alerts and impersonation: alerts are common and mostly ignored, some reported or marked safe;
// impersonation is rare and aimed at managers, whose names open payment fraud.

import { DAY, type ResourceDemo } from '../demo.js'
import { demoEmployees } from '../employees/demo.js'

export const SLASH_DEMO: ResourceDemo = {
  *workspace(w) {
    const { r, now } = w
    for (const employee of demoEmployees(w)) {
      if (r.chance(0.35)) {
        for (let k = r.int(1, 3); k > 0; k--) {
          const created = Math.max(employee.created, now - r.next() * 365 * DAY)
          const roll = r.next()
          const action = roll < 0.7 ? null : roll < 0.88 ? 'marked_safe' : 'reported'
          yield {
            type: 'email_alert',
            id: r.uuid(),
            workspace_id: w.workspace.id,
            employee_id: employee.id,
            action,
            created_at: r.at(created),
            updated_at: r.at(action === null ? created : Math.min(now, created + r.int(1, 600) * 60_000)),
          }
        }
      }
      if (employee.manager ? r.chance(0.4) : r.chance(0.002)) {
        for (let k = r.int(1, 4); k > 0; k--) {
          const created = Math.max(employee.created, now - r.next() * 365 * DAY)
          const roll = r.next()
          const verdict = roll < 0.5 ? 'fraudulent' : roll < 0.7 ? 'pending_review' : 'safe'
          yield {
            type: 'impersonation',
            id: r.uuid(),
            workspace_id: w.workspace.id,
            employee_id: employee.id,
            verdict,
            created_at: r.at(created),
            updated_at: r.at(
              verdict === 'pending_review' ? created : Math.min(now, created + r.int(1, 72) * 3_600_000),
            ),
          }
        }
      }
    }
  },
}
