// The breaches' routes in the isolation property (test/helpers/isolation.ts).

import type { IsolationCase } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'
import { breachStatistics } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/breaches',
    url: (_, t) => `/v1/breaches?workspace_id=${t.workspace}`,
    data: (d, t) => oracle.breaches(d.all, t.workspace),
  },
  {
    kind: 'workspace',
    path: '/v1/breaches/statistics',
    url: (_, t) => `/v1/breaches/statistics?workspace_id=${t.workspace}`,
    data: (d, t) => breachStatistics(d.all, t.workspace),
  },
  {
    kind: 'workspace',
    path: '/v1/breaches/{breach_id}/compromised-employees',
    url: (d, t) => `/v1/breaches/${d.sharedBreachId}/compromised-employees?workspace_id=${t.workspace}`,
    data: (d, t) => oracle.compromised(d.all, t.workspace, d.sharedBreachId),
  },
]
