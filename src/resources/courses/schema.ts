// Courses, each employee's progress through them, and the program's statistics, as the API
// publishes them (SPEC.md, CONTRACT 1, 2 and 6).

import Type from 'typebox'
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

export const ProgressYear = Closed({
  year: Type.Integer({ minimum: 1 }),
  status: StringEnum(PROGRESS_STATUSES),
  due_at: Timestamp,
  completed_at: Nullable(Timestamp),
})

export const CourseProgress = Closed({
  course: Closed({ id: Uuid, name: Type.String(), slug: Type.String(), description: Type.String() }),
  status: Nullable(StringEnum(PROGRESS_STATUSES)),
  years: Type.Array(ProgressYear),
})

export const EmployeeCourseProgress = Closed(
  {
    employee: EmployeeReference,
    courses_progress: Type.Array(CourseProgress),
  },
  { $id: 'EmployeeCourseProgress' },
)

export const Statistics = Closed(
  {
    active_employees: Type.Integer({ minimum: 0 }),
    covered_employees: Type.Integer({ minimum: 0 }),
    average_courses_completed: Type.Integer({ minimum: 0 }),
    positive_feedbacks: Type.Integer({ minimum: 0 }),
    neutral_feedbacks: Type.Integer({ minimum: 0 }),
    negative_feedbacks: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Statistics' },
)

export type Course = Type.Static<typeof Course>
export type CourseProgress = Type.Static<typeof CourseProgress>
export type EmployeeCourseProgress = Type.Static<typeof EmployeeCourseProgress>
export type Statistics = Type.Static<typeof Statistics>
