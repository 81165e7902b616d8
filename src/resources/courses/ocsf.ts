// course.* in OCSF (docs/ocsf.md): a course is managed content (Entity Management); an employee's
// progress is a Compliance Finding about their awareness training, failing while a course is missed.

import { COMPLIANCE_FINDING, SEVERITY } from '../../ocsf/classes.js'
import { entityManagement } from '../../ocsf/entity.js'
import type { FeedEvent, OcsfParts } from '../../ocsf/render.js'
import { ocsfUserRef } from '../employees/ocsf.js'
import type { EmployeeCourseProgress } from './schema.js'

export const courseOcsf = entityManagement('Course')

const PASS = [1, 'Pass'] as const
const FAIL = [3, 'Fail'] as const

export function courseProgressOcsf(event: FeedEvent): OcsfParts {
  const progress = event.data.object as EmployeeCourseProgress
  const employee = progress.employee
  const who = employee.name ?? employee.username ?? employee.id
  const missed = progress.courses_progress.filter((p) => p.status === 'missed').map((p) => p.course.name)
  const completed = progress.courses_progress.filter((p) => p.status === 'completed').length
  const status = missed.length > 0 ? FAIL : PASS
  const previous = event.data.previous_attributes?.courses_progress
  const first = Array.isArray(previous) && previous.length === 0
  return {
    class: COMPLIANCE_FINDING,
    activity: first ? 1 : 2,
    severity: missed.length > 0 ? SEVERITY.low : SEVERITY.informational,
    message:
      missed.length > 0
        ? `${who} missed ${missed.length} awareness course${missed.length === 1 ? '' : 's'}`
        : `${who} has missed no awareness course`,
    attributes: {
      finding_info: {
        uid: `course_progress:${employee.id}`,
        title: `Awareness training of ${who}`,
        types: ['Awareness training'],
      },
      compliance: {
        standards: ['Security awareness training'],
        status_id: status[0],
        status: status[1],
        status_detail:
          missed.length > 0
            ? `missed: ${missed.join(', ')}`
            : `${completed} of ${progress.courses_progress.length} courses completed`,
      },
      evidences: [{ user: ocsfUserRef(employee) }],
    },
    unmapped: { courses_progress: progress.courses_progress },
  }
}
