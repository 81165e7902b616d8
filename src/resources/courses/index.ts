// Courses: the awareness courses of a workspace, each employee's progress through them, and the
// program's statistics.

import type { Resource } from '../resource.js'
import { COURSE_DEMO } from './demo.js'
import { COURSE_EVENTS, COURSE_PROGRESS_EVENTS } from './events.js'
import { COURSE_CLIENT_SAMPLES, COURSE_EXAMPLES } from './examples.js'
import { COURSE_EXPORTS, COURSE_STAYING_BEHIND } from './export.js'
import { COURSE_IMPORT } from './import.js'
import { courseFeedbackRecord, courseProgressRecord, courseRecord } from './records.js'
import {
  COURSE_NOT_FOUND,
  Course,
  CourseEnrollment,
  EmployeeCourseProgress,
  Statistics,
  StatisticsPoint,
} from './schema.js'
import { AWARENESS_READ } from './scopes.js'
import { COURSE_SQL } from './sql.js'

export const courses = {
  name: 'courses',
  about: "awareness courses and each employee's progress, program statistics",
  scopes: [AWARENESS_READ],
  tag: {
    name: 'Courses',
    description: "Awareness courses, employees' progress, and program statistics.",
  },
  notFound: [COURSE_NOT_FOUND],
  schemas: [Course, EmployeeCourseProgress, Statistics, StatisticsPoint, CourseEnrollment],
  routes: async (app) => (await import('./routes.js')).courseRoutes(app),
  examples: COURSE_EXAMPLES,
  clientSamples: COURSE_CLIENT_SAMPLES,
  client: {
    namespace: 'courses',
    operations: {
      listCourses: { method: 'list', page: 'page' },
      listEmployeesProgress: {
        method: 'progress',
        page: 'progressPage',
        doc: ["Each employee's progress in every course of the workspace."],
      },
      listCourseEmployees: {
        method: 'employees',
        page: 'employeesPage',
        filters: 'CourseEmployeeFilters',
        doc: ['The employees enrolled in a course, each with their progress in it.'],
      },
      getProgramStatistics: {
        method: 'statistics',
        doc: ['@example const { active_employees } = await client.courses.statistics({ workspaceId })'],
      },
      getProgramStatisticsHistory: {
        method: 'statistics.history',
        doc: ['@example const months = await client.courses.statistics.history({ workspaceId })'],
      },
    },
  },
  records: [courseRecord, courseProgressRecord, courseFeedbackRecord],
  import: COURSE_IMPORT,
  exports: COURSE_EXPORTS,
  staysBehind: COURSE_STAYING_BEHIND,
  sql: COURSE_SQL,
  demo: COURSE_DEMO,
  events: [COURSE_EVENTS, COURSE_PROGRESS_EVENTS],
} satisfies Resource<'course' | 'course_progress' | 'course_feedback'>
