// The groups' routes in the isolation property (test/helpers/isolation.ts).

import { firstOf, type IsolationCase } from '../../helpers/isolation.js'
import { stateSeriesNow } from '../../helpers/series.js'
import { averageKarma } from '../employees/oracle.js'
import { groups, members } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  { kind: 'workspace', path: '/v1/groups', data: (d, ws) => groups(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/groups/{group_id}/employees',
    id: firstOf('group'),
    notFound: 'group_not_found',
    data: (d, _, group) => members(d.all, group),
  },
  {
    kind: 'workspace',
    path: '/v1/groups/{group_id}/karma_history',
    id: firstOf('group'),
    notFound: 'group_not_found',
    data(d, _, group) {
      const ids = new Set(
        d.all.filter((r) => r.type === 'group_member' && r.group_id === group).map((r) => r.employee_id),
      )
      return stateSeriesNow({
        employees_count: ids.size,
        average_karma_score: averageKarma(d.all.filter((r) => r.type === 'employee' && ids.has(r.id))),
      })
    },
  },
]
