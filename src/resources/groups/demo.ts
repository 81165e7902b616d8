// Groups: a few per workspace (teams, a pilot, new hires), each holding a share of its employees,
// added over time; one group is still empty.

import { DAY, type ResourceDemo } from '../demo.js'
import { demoEmployees } from '../employees/demo.js'

const GROUPS: readonly [name: string, description: string | null, share: number][] = [
  ['Finance', 'Everyone who approves payments.', 0.08],
  ['Executives', 'Leadership and their assistants: the usual targets of CEO fraud.', 0.03],
  ['IT administrators', 'Accounts with administrative rights.', 0.05],
  ['New hires', 'Employees in their first 90 days.', 0.1],
  ['Phishing pilot', null, 0.2],
  ['Remote workers', 'Employees who mostly work from home.', 0.3],
  ['Contractors', null, 0],
]

export const GROUP_DEMO: ResourceDemo = {
  monthly: true,
  *workspace(w) {
    const { r, now } = w
    const employees = demoEmployees(w)
    for (const [name, description, share] of GROUPS) {
      const groupId = r.uuid()
      const created = Math.max(w.workspace.created, now - r.int(30, 700) * DAY)
      yield {
        type: 'group',
        id: groupId,
        workspace_id: w.workspace.id,
        name,
        description,
        created_at: r.at(created),
        updated_at: r.at(Math.min(now, created + r.int(0, 60) * DAY)),
      }
      for (const employee of employees) {
        if (!r.chance(share)) continue
        yield {
          type: 'group_member',
          group_id: groupId,
          employee_id: employee.id,
          added_at: r.at(Math.min(now, Math.max(created, employee.created) + r.int(0, 120) * DAY)),
        }
      }
    }
  },
}
