// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { EXAMPLE_EMPLOYEE } from '../employees/examples.js'
import type { Event } from './schema.js'

const updated: Event = {
  id: '01a207a2-3280-7a3e-8b21-000000000001',
  type: 'employee.updated',
  created_at: '2026-11-23T09:00:00.000000Z',
  workspace_id: EXAMPLE_EMPLOYEE.workspace.id,
  data: {
    object: EXAMPLE_EMPLOYEE,
    previous_attributes: { karma: { score: 361, security_level: 'good' } },
  },
}

export const EVENT_EXAMPLES = { listEvents: { data: [updated] } }
