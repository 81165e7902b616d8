// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { monthlyExample } from '../../history/points.js'
import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type {
  Course,
  CourseEnrollment,
  CourseProgress,
  EmployeeCourseProgress,
  Statistics,
} from './schema.js'

const course: Course = {
  id: 'fa870638-0858-4324-94a9-162c8370259f',
  name: 'Spotting phishing emails',
  slug: 'spotting-phishing-emails',
  description: 'How to recognise a phishing email and what to do with it.',
  duration: 12,
  theme: 'social_engineering',
  settings: [
    { delivery: 'first_month', year: 1 },
    { delivery: 'yearly', year: 2 },
  ],
  created_at: '2023-09-14T20:50:54.483611Z',
  updated_at: '2023-09-14T20:50:54.483611Z',
}

const YEARS: CourseProgress['years'] = [
  {
    year: 1,
    status: 'completed',
    due_at: '2024-02-13T10:00:00.000000Z',
    completed_at: '2024-02-01T09:12:44.120000Z',
    quiz_score: 85,
  },
  {
    year: 2,
    status: 'upcoming',
    due_at: '2025-02-13T10:00:00.000000Z',
    completed_at: null,
    quiz_score: null,
  },
]

const enrollment: CourseEnrollment = {
  employee: EXAMPLE_REFERENCE,
  status: 'completed',
  quiz_score: 85,
  years: YEARS,
}

const progress: EmployeeCourseProgress = {
  employee: EXAMPLE_REFERENCE,
  courses_progress: [
    {
      course: { id: course.id, name: course.name, slug: course.slug, description: course.description },
      status: 'completed',
      quiz_score: 85,
      years: YEARS,
    },
    {
      course: {
        id: '56a2aca7-16e7-4ef9-8a99-e5e073087c4c',
        name: 'Multi-factor authentication',
        slug: 'multi-factor-authentication',
        description: 'Why a second factor matters.',
      },
      status: null,
      quiz_score: null,
      years: [],
    },
  ],
}

const statistics: Statistics = {
  active_employees: 967,
  covered_employees: 965,
  average_courses_completed: 4,
  positive_feedbacks: 219,
  neutral_feedbacks: 43,
  negative_feedbacks: 41,
}

export const COURSE_EXAMPLES = {
  listCourses: { data: [course] },
  listEmployeesProgress: { data: [progress] },
  getProgramStatistics: { data: statistics },
  getProgramStatisticsHistory: monthlyExample([
    { ...statistics, covered_employees: 940, average_courses_completed: 3, positive_feedbacks: 201 },
    statistics,
  ]),
  listCourseEmployees: { data: [enrollment] },
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const COURSE_CLIENT_SAMPLES = {
  listCourses: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const course of client.courses.list({ workspaceId })) console.log(course.id, course.name)`,
  listEmployeesProgress: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const progress of client.courses.progress({ workspaceId })) {
  console.log(progress.employee.id, progress.courses_progress.length)
}`,
  getProgramStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const statistics = await client.courses.statistics({ workspaceId })
console.log(statistics)`,
  getProgramStatisticsHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const months = await client.courses.statistics.history({ workspaceId, from: '2026-01-01' })
for (const { start, average_courses_completed } of months) console.log(start, average_courses_completed)`,
  listCourseEmployees: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const courseId = 'fa870638-0858-4324-94a9-162c8370259f'
for await (const enrolled of client.courses.employees({ courseId, workspaceId, status: ['missed'] })) {
  console.log(enrolled.employee.id, enrolled.quiz_score)
}`,
}

/** The objects of course.* and course_progress.updated events (their webhooks' examples). */
export { course as EXAMPLE_COURSE, progress as EXAMPLE_PROGRESS }
