// Courses, each employee's progress through them, and the program's statistics, as the API
// publishes them (SPEC.md, CONTRACT 1, 2 and 6).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { statePoint } from '../../history/points.js'
import { hiddenWhenSmall } from '../../privacy/schemas.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { EmployeeReference } from '../employees/schema.js'
import { DELIVERIES, PROGRESS_STATUSES, THEMES } from './values.js'

export const Course = Closed(
  {
    id: Uuid,
    name: Type.String(),
    slug: Type.String(),
    description: Type.String(),
    duration: Type.Integer({ minimum: 0, description: 'average length in minutes' }),
    theme: StringEnum(THEMES),
    settings: Type.Array(
      Closed({
        delivery: StringEnum(DELIVERIES),
        year: Type.Integer({ minimum: 1, description: 'program year (1 = first year)' }),
      }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Course' },
)

const QuizScore = Nullable(
  Type.Integer({
    minimum: 0,
    maximum: 100,
    description: "The employee's quiz score in percent; null when none.",
  }),
)

export const ProgressYear = Closed({
  year: Type.Integer({ minimum: 1 }),
  status: StringEnum(PROGRESS_STATUSES),
  due_at: Timestamp,
  completed_at: Nullable(Timestamp),
  quiz_score: QuizScore,
})

export const CourseProgress = Closed({
  course: Closed({ id: Uuid, name: Type.String(), slug: Type.String(), description: Type.String() }),
  status: Nullable(StringEnum(PROGRESS_STATUSES)),
  years: Type.Array(ProgressYear),
  // Last: the CSV columns integrators built against keep their places.
  quiz_score: QuizScore,
})

export const CourseEnrollment = Closed(
  {
    employee: EmployeeReference,
    status: Nullable(StringEnum(PROGRESS_STATUSES)),
    years: Type.Array(ProgressYear),
    quiz_score: QuizScore,
  },
  { $id: 'CourseEnrollment', description: 'An employee enrolled in the course, and their progress in it.' },
)

export const EmployeeCourseProgress = Closed(
  {
    employee: EmployeeReference,
    courses_progress: Type.Array(CourseProgress),
  },
  { $id: 'EmployeeCourseProgress' },
)

export const Statistics = hiddenWhenSmall(
  Closed(
    {
      active_employees: Type.Integer({ minimum: 0 }),
      covered_employees: Type.Integer({ minimum: 0 }),
      average_courses_completed: Type.Integer({ minimum: 0 }),
      positive_feedbacks: Type.Integer({ minimum: 0 }),
      neutral_feedbacks: Type.Integer({ minimum: 0 }),
      negative_feedbacks: Type.Integer({ minimum: 0 }),
    },
    { $id: 'Statistics' },
  ),
)

export const StatisticsPoint = statePoint(
  Statistics.properties,
  'StatisticsPoint',
  'The program statistics as the last import before the end of the period kept them (the feedback window ending at its as_of); every field but start and end null when none had.',
)

export type Course = Type.Static<typeof Course>
export type CourseProgress = Type.Static<typeof CourseProgress>
export type EmployeeCourseProgress = Type.Static<typeof EmployeeCourseProgress>
export type Statistics = Type.Static<typeof Statistics>
export type CourseEnrollment = Type.Static<typeof CourseEnrollment>

export const COURSE_NOT_FOUND: NotFound = {
  parameter: 'course_id',
  code: 'course_not_found',
  title: 'Course not found',
  detail: 'No course with this id in this workspace for this key.',
}
