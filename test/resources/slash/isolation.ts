// The slash routes in the isolation property (test/helpers/isolation.ts).

import type { IsolationCase } from '../../helpers/isolation.js'
import { alertStatistics, impersonationStatistics } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/slash/employees/alert_statistics',
    data: (d, ws) => alertStatistics(d.all, ws).slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/slash/employees/impersonation_statistics',
    data: (d, ws) => impersonationStatistics(d.all, ws).slice(0, 50),
  },
]
