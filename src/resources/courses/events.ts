// course.created, .updated, .deleted: the course as GET /v1/courses lists it; and
// course_progress.updated: an employee's item of GET /v1/courses/employees_progress, whenever its
// entries change (an entry added, changed or removed, or a course it embeds renamed). An employee's
// first entries are an update from no entries; an employee's own changes are employee events.

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_COURSE, EXAMPLE_PROGRESS } from './examples.js'
import { progressOnStagedCourses } from './import.js'
import { courseOcsf, courseProgressOcsf } from './ocsf.js'

export const COURSE_EVENTS: EventSource = {
  name: 'course',
  object: { schema: 'Course', description: 'a Course', example: EXAMPLE_COURSE },
  key: ['workspace_id', 'id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, id from stg_course where ${changed.where('course')}`,
    deleted('course', 'workspace_id, id'),
  ],
  table: 'courses',
  rendering: (keys) => `select c.workspace_id, c.id, c.json from courses c
    ${keysJoin(keys, 'k.workspace_id = c.workspace_id and k.id = c.id')}`,
  ocsf: courseOcsf,
}

export const COURSE_PROGRESS_EVENTS: EventSource = {
  name: 'course_progress',
  object: {
    schema: 'EmployeeCourseProgress',
    description: 'an item of employees_progress',
    example: EXAMPLE_PROGRESS,
  },
  key: ['workspace_id', 'employee_id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, employee_id from stg_course_progress where ${changed.where('course_progress')}`,
    progressOnStagedCourses(changed),
    deleted('course_progress', 'workspace_id, employee_id'),
  ],
  table: 'employee_progress',
  rendering: (keys) => `select p.workspace_id, p.employee_id, p.json from employee_progress p
    ${keysJoin(keys, 'k.employee_id = p.employee_id')}`,
  updateOnly: { previous: { courses_progress: [] }, empty: `r.json like '%,"courses_progress":[]}'` },
  updatedBy: ['courses_progress'],
  ocsf: courseProgressOcsf,
}
