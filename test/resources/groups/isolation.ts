// The groups' routes in the isolation property (test/helpers/isolation.ts).

import { unknownId } from '../../helpers/dataset.js'
import { type IsolationCase, recordOf } from '../../helpers/isolation.js'
import { groups, members } from './oracle.js'

const unknown = unknownId()

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/groups',
    url: (_, t) => `/v1/groups?workspace_id=${t.workspace}`,
    data: (d, t) => groups(d.all, t.workspace),
  },
  {
    kind: 'workspace',
    path: '/v1/groups/{group_id}/employees',
    url: (d, t) =>
      `/v1/groups/${recordOf(d, 'group', t.pick, unknown)}/employees?workspace_id=${t.workspace}`,
    parent: { id: (d, t) => recordOf(d, 'group', t.pick, unknown), notFound: 'group_not_found' },
    data: (d, t) => members(d.all, recordOf(d, 'group', t.pick, unknown)),
  },
]
