// Courses with settings over program years; progress (program year 1 starts when the employee
// joined; some manually assigned, with `years: []`) and feedback over the last year.

import { bucketOf, DAY, type ResourceDemo, slugify } from '../demo.js'
import { demoEmployees } from '../employees/demo.js'
import type { THEMES } from './values.js'
import { DELIVERIES, PROGRESS_STATUSES, SENTIMENTS } from './values.js'

const COURSE_TITLES: [string, (typeof THEMES)[number]][] = [
  ['Spotting phishing emails', 'social_engineering'],
  ['Strong passwords and managers', 'passwords'],
  ['Your digital footprint', 'digital_footprint'],
  ['GDPR essentials', 'gdpr'],
  ['Working securely in public places', 'irl'],
  ['Securing your devices', 'it'],
  ['Confidential documents and the law', 'legal'],
  ['Multi-factor authentication', 'technical'],
  ['CEO fraud and urgent requests', 'social_engineering'],
  ['Safe browsing', 'general'],
  ['Ransomware: what to do', 'technical'],
  ['Social media at work', 'digital_footprint'],
  ['Reporting an incident', 'general'],
  ['Physical security and tailgating', 'irl'],
]
export const COURSE_DEMO: ResourceDemo = {
  monthly: true,
  *workspace(w) {
    const { r, faker, now } = w
    const workspaceId = w.workspace.id
    const created = w.workspace.created
    const courses = COURSE_TITLES.map(([title, theme], i) => {
      const createdAt = r.at(created + (i + 1) * 25 * DAY + r.int(0, DAY))
      const course = {
        type: 'course',
        workspace_id: workspaceId,
        id: r.uuid(),
        name: title,
        slug: slugify(title),
        description: `${title}: ${faker.lorem.sentence({ min: 8, max: 16 })}`,
        duration: r.int(3, 25),
        theme,
        settings: Array.from({ length: r.int(1, 3) }, (_, y) => ({
          delivery:
            y === 0
              ? r.pick(['first_day', 'first_month', 'directly_after_event', 'a_week_after_event'] as const)
              : r.pick(DELIVERIES),
          year: y + 1,
        })),
        created_at: createdAt,
        updated_at: createdAt,
      }
      return course
    })
    yield* courses

    const employees = demoEmployees(w)
    // Progress and feedback: program year 1 starts when the employee joined.
    for (const employee of employees) {
      if (employee.status === 'pending' || (employee.status !== 'active' && r.chance(0.5))) continue
      const programYears = Math.max(1, Math.ceil((now - employee.created) / (365 * DAY)))
      const taken = courses.filter(() => r.chance(0.35))
      for (const course of taken) {
        const manual = r.chance(0.05)
        const years = manual
          ? []
          : Array.from({ length: r.int(1, programYears) }, (_, y) => {
              const due = employee.created + (y * 365 + r.int(7, 60)) * DAY
              const status =
                due > now ? 'upcoming' : r.chance(employee.behind ? 0.55 : 0.8) ? 'completed' : 'missed'
              return {
                year: y + 1,
                status,
                due_at: r.at(due),
                completed_at: status === 'completed' ? r.at(due - r.int(0, 6) * DAY) : null,
                // Most completions come with a quiz; scores lean high.
                quiz_score: status === 'completed' && r.chance(0.8) ? Math.min(100, r.int(45, 105)) : null,
              }
            })
        const overall = manual
          ? r.pick([null, 'completed'] as const)
          : years.some((y) => y.status === 'upcoming')
            ? 'upcoming'
            : years.every((y) => y.status === 'completed')
              ? 'completed'
              : r.pick(PROGRESS_STATUSES)
        // Months back, some of today's completions were still ahead: completion rises to the present.
        const notYet = overall === 'completed' && bucketOf(`${employee.id}${course.id}`) < w.monthsBack * 4
        yield {
          type: 'course_progress',
          employee_id: employee.id,
          course_id: course.id,
          status: notYet ? 'upcoming' : overall,
          // The latest year's score stands for the course.
          quiz_score: years.findLast((y) => y.quiz_score !== null)?.quiz_score ?? null,
          years,
        }
        if (overall === 'completed' && r.chance(0.3)) {
          yield {
            type: 'course_feedback',
            id: r.uuid(),
            employee_id: employee.id,
            course_id: course.id,
            sentiment: r.chance(0.6) ? 'positive' : r.pick(SENTIMENTS),
            created_at: r.at(now - r.next() * 365 * DAY),
          }
        }
      }
    }
  },
}
