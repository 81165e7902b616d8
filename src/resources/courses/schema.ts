// Courses, each employee's progress through them, and the program's statistics, as the API
// publishes them (SPEC.md, CONTRACT 1, 2 and 6).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { statePoint } from '../../history/points.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { figure, hiddenWhenSmall, plain } from '../../schemas/disclosure.js'
import { EmployeeReference } from '../employees/schema.js'
import { DELIVERIES, PROGRESS_STATUSES, THEMES } from './values.js'

export const Course = Closed(
  {
    id: plain(Uuid),
    name: plain(Type.String()),
    slug: plain(Type.String()),
    description: plain(Type.String()),
    duration: plain(Type.Integer({ minimum: 0, description: 'average length in minutes' })),
    theme: plain(StringEnum(THEMES)),
    settings: Type.Array(
      Closed({
        delivery: plain(StringEnum(DELIVERIES)),
        year: plain(Type.Integer({ minimum: 1, description: 'program year (1 = first year)' })),
      }),
    ),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
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
  year: plain(Type.Integer({ minimum: 1 })),
  status: plain(StringEnum(PROGRESS_STATUSES)),
  due_at: plain(Timestamp),
  completed_at: plain(Nullable(Timestamp)),
  quiz_score: plain(QuizScore),
})

export const CourseProgress = Closed({
  course: Closed({
    id: plain(Uuid),
    name: plain(Type.String()),
    slug: plain(Type.String()),
    description: plain(Type.String()),
  }),
  status: plain(Nullable(StringEnum(PROGRESS_STATUSES))),
  years: Type.Array(ProgressYear),
  // Last: the CSV columns integrators built against keep their places.
  quiz_score: plain(QuizScore),
})

export const CourseEnrollment = Closed(
  {
    employee: EmployeeReference,
    status: plain(Nullable(StringEnum(PROGRESS_STATUSES))),
    years: Type.Array(ProgressYear),
    quiz_score: plain(QuizScore),
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

/** The employees the feedback counts describe (CONTRACT 19). */
export const FEEDBACK_GIVERS = {
  counted: 'feedback_givers',
  description: "the workspace's employees (any status) with a feedback in the 90 days",
} as const

export const Statistics = hiddenWhenSmall(
  Closed(
    {
      active_employees: figure(Type.Integer({ minimum: 0 })),
      covered_employees: figure(Type.Integer({ minimum: 0 })),
      average_courses_completed: figure(Type.Integer({ minimum: 0 })),
      positive_feedbacks: figure(Type.Integer({ minimum: 0 }), FEEDBACK_GIVERS),
      neutral_feedbacks: figure(Type.Integer({ minimum: 0 }), FEEDBACK_GIVERS),
      negative_feedbacks: figure(Type.Integer({ minimum: 0 }), FEEDBACK_GIVERS),
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
