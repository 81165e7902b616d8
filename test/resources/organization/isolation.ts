// The organization's route in the isolation property (test/helpers/isolation.ts).

import type { IsolationCase } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'reach',
    path: '/v1/organization',
    data: (d, _, reach) => oracle.organization(d.all, reach.organizationId, reach.workspace ?? undefined),
  },
]
