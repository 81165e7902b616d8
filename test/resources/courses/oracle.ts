// What GET /v1/courses/{course_id} must answer, computed from the imported records (CONTRACT 15):
// each employee's entry of the course, in the progress list's order.

import * as oracle from '../../helpers/oracle.js'
import type { Rec } from '../../helpers/records.js'

export function enrolled(all: readonly Rec[], workspace: string, courseId: string, status?: string[]) {
  return oracle
    .progress(all, workspace)
    .flatMap(({ employee, courses_progress }) =>
      courses_progress
        .filter((entry) => entry.course.id === courseId)
        .map(({ course: _course, ...entry }) => ({ employee, ...entry })),
    )
    .filter((item) => status === undefined || status.includes(item.status as string))
}
