// The breaches' routes in the isolation property (test/helpers/isolation.ts).

import type { IsolationCase } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'
import { windowSeriesNow } from '../../helpers/series.js'
import { breachStatistics } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  { kind: 'workspace', path: '/v1/breaches', data: (d, ws) => oracle.breaches(d.all, ws) },
  { kind: 'workspace', path: '/v1/breaches/statistics', data: (d, ws) => breachStatistics(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/breaches/statistics/history',
    data: (d, ws) => windowSeriesNow((w) => breachStatistics(d.all, ws, w)),
  },
  {
    // A breach of every workspace: its compromised employees are the workspace's.
    kind: 'workspace',
    path: '/v1/breaches/{breach_id}/compromised-employees',
    id: (d) => d.sharedBreachId,
    data: (d, ws, breach) => oracle.compromised(d.all, ws, breach),
  },
]
