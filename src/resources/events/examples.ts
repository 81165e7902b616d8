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

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const EVENT_CLIENT_SAMPLES = {
  listEvents: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
// Resumes after the last event handled (store its id), then waits for new ones.
let after = null
for await (const event of client.events.follow({ workspaceId, after })) {
  console.log(event.type, event.id)
  after = event.id
}`,
}
