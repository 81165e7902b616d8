// The groups' routes in the isolation property (test/helpers/isolation.ts).

import { firstOf, type IsolationCase } from '../../helpers/isolation.js'
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
]
