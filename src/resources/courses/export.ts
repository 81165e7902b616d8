// Progress gives one row per employee and course (an employee without progress gives one row with
// empty course columns).

import { publishedRecordOf } from '../../records/published.js'
import { flatColumns, flatRow, jsonColumns } from '../../schemas/flatten.js'
import { EmployeeReference } from '../employees/schema.js'
import { type ImportRecord, type ResourceExport, rowPerItem, type StayingBehind } from '../export.js'
import { Course, CourseProgress, type EmployeeCourseProgress, Statistics } from './schema.js'

const EMPTY_ENTRY = Object.fromEntries(flatColumns(CourseProgress).map((c) => [c, null]))

const progress: ResourceExport = {
  name: 'progress',
  nouns: ["employee's progress", "employees' progress"],
  path: '/v1/courses/employees_progress',
  pageSize: 500,
  note: 'one row per employee and course; an employee without progress: one row, empty course columns',
  columns: [...flatColumns(EmployeeReference, 'employee.'), ...flatColumns(CourseProgress)],
  json: [...jsonColumns(EmployeeReference, 'employee.'), ...jsonColumns(CourseProgress)],
  toRows: (p: EmployeeCourseProgress) => {
    const employee = flatRow(EmployeeReference, p.employee, 'employee.')
    if (p.courses_progress.length === 0) return [{ ...employee, ...EMPTY_ENTRY }]
    return p.courses_progress.map((c) => ({ ...employee, ...flatRow(CourseProgress, c) }))
  },
  records: {
    types: ['course_progress'],
    of: (p: EmployeeCourseProgress): ImportRecord[] =>
      p.courses_progress.map(({ course, status, quiz_score, years }) => ({
        type: 'course_progress',
        employee_id: p.employee.id,
        course_id: course.id,
        status,
        quiz_score,
        years,
      })),
  },
}

const courseRecord = publishedRecordOf('course', Course)

export const COURSE_EXPORTS = [
  {
    ...rowPerItem(
      { name: 'courses', nouns: ['course', 'courses'], path: '/v1/courses', pageSize: 100 },
      Course,
    ),
    records: {
      types: ['course'],
      of: (c: Course, workspaceId: string) => [courseRecord({ workspace_id: workspaceId }, c)],
    },
  },
  progress,
  rowPerItem(
    {
      name: 'statistics',
      nouns: ['set of statistics', 'sets of statistics'],
      path: '/v1/courses/statistics',
    },
    Statistics,
  ),
]

/** Course feedback does not travel: the API only counts it by sentiment. */
export const COURSE_STAYING_BEHIND: readonly StayingBehind[] = [
  {
    type: 'course_feedback',
    why: 'the API serves only its counts by sentiment, not the feedback',
    answers: [
      {
        path: '/v1/courses/statistics',
        fields: ['positive_feedbacks', 'neutral_feedbacks', 'negative_feedbacks'],
      },
    ],
  },
]
