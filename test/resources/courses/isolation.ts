// The courses' routes in the isolation property (test/helpers/isolation.ts).

import { unknownId } from '../../helpers/dataset.js'
import { type IsolationCase, recordOf } from '../../helpers/isolation.js'
import * as oracle from '../../helpers/oracle.js'
import { enrolled } from './oracle.js'

const unknown = unknownId()

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/courses',
    url: (_, t) => `/v1/courses?workspace_id=${t.workspace}`,
    data: (d, t) => oracle.courses(d.all, t.workspace),
  },
  {
    kind: 'workspace',
    path: '/v1/courses/employees_progress',
    url: (_, t) => `/v1/courses/employees_progress?workspace_id=${t.workspace}`,
    data: (d, t) => oracle.progress(d.all, t.workspace),
  },
  {
    kind: 'workspace',
    path: '/v1/courses/statistics',
    url: (_, t) => `/v1/courses/statistics?workspace_id=${t.workspace}`,
    data: (d, t) => oracle.statistics(d.all, t.workspace, Date.now()),
  },
  {
    kind: 'workspace',
    path: '/v1/courses/{course_id}',
    url: (d, t) => `/v1/courses/${recordOf(d, 'course', t.pick, unknown)}?workspace_id=${t.workspace}`,
    parent: { id: (d, t) => recordOf(d, 'course', t.pick, unknown), notFound: 'course_not_found' },
    data: (d, t) => enrolled(d.all, t.workspace, recordOf(d, 'course', t.pick, unknown)).slice(0, 50),
  },
]
