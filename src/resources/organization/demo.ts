import type { ResourceDemo } from '../demo.js'
import { DAY } from '../demo.js'

const WORKSPACE_NAMES = [
  'Headquarters',
  'Europe',
  'Americas',
  'Asia Pacific',
  'Subsidiaries',
  'Contractors',
  'Labs',
  'Retail',
]

export const ORGANIZATION_DEMO: ResourceDemo = {
  monthly: true,
  *organization({ r, id, created, now }) {
    yield { type: 'organization', id, created_at: r.at(created), updated_at: r.at(now - 30 * DAY) }
  },
  *workspace({ r, id, workspace: w }) {
    yield {
      type: 'workspace',
      id: w.id,
      organization_id: id,
      name:
        WORKSPACE_NAMES[w.index % WORKSPACE_NAMES.length] +
        (w.index >= WORKSPACE_NAMES.length ? ` ${w.index + 1}` : ''),
      created_at: r.at(w.created),
      updated_at: r.at(w.created + r.int(1, 300) * DAY),
    }
  },
}
