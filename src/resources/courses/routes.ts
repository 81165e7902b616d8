import type { FastifyInstance } from 'fastify'
import { notFound } from '../../errors.js'
import { LIST_LIMITS, type Limits } from '../../paging/paging.js'
import { itemRoute } from '../../routing/item.js'
import { defineList, listRoute } from '../../routing/list.js'
import { param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { COURSE_NOT_FOUND } from './schema.js'
import { AWARENESS_READ } from './scopes.js'
import { COURSE_SQL } from './sql.js'
import { PROGRAM_STATISTICS } from './statistics.js'
import { PROGRESS_STATUSES } from './values.js'

const LIST_COURSES = defineList({
  operationId: 'listCourses',
  path: '/v1/courses',
  summary: 'List the awareness courses of a workspace',
  description: 'Newest first: created_at descending, then id descending.',
  scope: AWARENESS_READ.scope,
  parameters: { workspace_id: workspaceId },
  limits: LIST_LIMITS,
  item: 'Course',
  rows: COURSE_SQL.listPage,
})

/** A progress item holds an employee's every entry: pages are larger and fewer. */
const PROGRESS_LIMITS: Limits = { default: 500, max: 500 }

const LIST_PROGRESS = defineList({
  operationId: 'listEmployeesProgress',
  path: '/v1/courses/employees_progress',
  summary: 'List every employee of a workspace with their course progress',
  description:
    'Every employee of the workspace, also those without progress (courses_progress: []). Employees newest first ' +
    '(created_at descending, then id descending); inside, courses newest first (course created_at descending, ' +
    'then id descending); years ascending. A manually assigned course has years: [].',
  scope: AWARENESS_READ.scope,
  parameters: { workspace_id: workspaceId },
  limits: PROGRESS_LIMITS,
  item: 'EmployeeCourseProgress',
  rows: COURSE_SQL.progressPage,
})

const LIST_ENROLLED = defineList({
  operationId: 'listCourseEmployees',
  path: '/v1/courses/:course_id',
  summary: 'List the employees enrolled in a course',
  description:
    'The employees of the workspace with a progress entry for the course, in the order of employees_progress: ' +
    'created_at descending, then id descending. Each item is the employee and their entry (status, quiz_score, ' +
    'years). A course of another workspace is a 404, like an unknown one.',
  scope: AWARENESS_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    course_id: param.uuid('The course.'),
    status: param.enumList(PROGRESS_STATUSES, 'Keeps only employees whose entry has one of these statuses.'),
  },
  limits: LIST_LIMITS,
  item: 'CourseEnrollment',
  rows: COURSE_SQL.enrolledPage,
  async reach(from, { course_id }) {
    if (!(await COURSE_SQL.inWorkspace(from, course_id))) throw notFound(COURSE_NOT_FOUND)
  },
})

/**
 * GET /v1/courses, /v1/courses/employees_progress, /v1/courses/statistics (and its history) and
 * /v1/courses/:course_id.
 */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_COURSES)
  listRoute(app, LIST_PROGRESS)
  itemRoute(app, PROGRAM_STATISTICS.operation)
  itemRoute(app, PROGRAM_STATISTICS.history)
  listRoute(app, LIST_ENROLLED)
}
