// The reports in the isolation property (test/helpers/isolation.ts): a breakdown is asked by
// department, the first value of `by` (helpers/routes.ts requiredQuery).

import type { IsolationCase } from '../../helpers/isolation.js'
import { breakdown, repeatOffenders, simulationCoverage, trainingCoverage } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/reports/breakdown',
    data: (d, ws) => breakdown(d.all, ws, 'department').slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/reports/repeat_offenders',
    data: (d, ws) => repeatOffenders(d.all, ws).slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/reports/simulation_coverage',
    data: (d, ws) => simulationCoverage(d.all, ws).slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/reports/training_coverage',
    data: (d, ws) => trainingCoverage(d.all, ws).slice(0, 50),
  },
]
