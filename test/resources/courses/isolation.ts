// The courses' routes in the isolation property (test/helpers/isolation.ts).

import { firstOf, type IsolationCase } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'
import { stateSeriesNow } from '../../helpers/series.js'
import { enrolled } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  { kind: 'workspace', path: '/v1/courses', data: (d, ws) => oracle.courses(d.all, ws) },
  { kind: 'workspace', path: '/v1/courses/employees_progress', data: (d, ws) => oracle.progress(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/courses/statistics',
    data: (d, ws) => oracle.statistics(d.all, ws, Date.now()),
  },
  {
    kind: 'workspace',
    path: '/v1/courses/statistics/history',
    data: (d, ws) => stateSeriesNow(oracle.statistics(d.all, ws, Date.now())),
  },
  {
    kind: 'workspace',
    path: '/v1/courses/{course_id}',
    id: firstOf('course'),
    notFound: 'course_not_found',
    data: (d, ws, course) => enrolled(d.all, ws, course).slice(0, 50),
  },
]
