// The course, course_progress and course_feedback import records (CONTRACT 12) and how they are
// staged. Progress and feedback name only their employee: their workspace is the employee's.

import Type from 'typebox'
import {
  AnyTimestamp,
  AnyUuid,
  Count,
  id,
  Name,
  nullableTimestamp,
  Text,
  timestamp,
  Year,
} from '../../records/fields.js'
import { defineRecord } from '../../records/spec.js'
import { Closed, Nullable, StringEnum } from '../../schemas/common.js'
import { employeeWorkspace } from '../employees/import.js'
import { courseJson, courseReferenceJson, progressEntryTail } from './render.js'
import { DELIVERIES, PROGRESS_STATUSES, SENTIMENTS, THEMES } from './values.js'

/** A quiz score in percent; absent means null. */
const QuizScore = Nullable(Type.Integer({ minimum: 0, maximum: 100 }))

export const courseRecord = defineRecord({
  type: 'course',
  schema: Closed({
    type: Type.Literal('course'),
    workspace_id: AnyUuid,
    id: AnyUuid,
    name: Name(),
    slug: Name(),
    description: Text(20000),
    duration: Count,
    theme: StringEnum(THEMES),
    settings: Type.Array(Closed({ delivery: StringEnum(DELIVERIES), year: Year }), { maxItems: 100 }),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  columns: ['workspace_id', 'id', 'created_at', 'json', 'ref_json'],
  toRow(r, e) {
    const course = {
      id: id(r.id),
      name: r.name,
      slug: r.slug,
      description: r.description,
      duration: r.duration,
      theme: r.theme,
      settings: r.settings.map((s) => ({ delivery: s.delivery, year: s.year })),
      created_at: timestamp(r.created_at, 'course.created_at', e),
      updated_at: timestamp(r.updated_at, 'course.updated_at', e),
    }
    return {
      workspace_id: id(r.workspace_id),
      id: course.id,
      created_at: course.created_at,
      json: courseJson(course),
      ref_json: courseReferenceJson(course),
    }
  },
  target: 'courses',
  key: ['workspace_id', 'id'],
  workspaceColumn: 'workspace_id',
})

export const courseProgressRecord = defineRecord({
  type: 'course_progress',
  schema: Closed({
    type: Type.Literal('course_progress'),
    employee_id: AnyUuid,
    course_id: AnyUuid,
    status: Nullable(StringEnum(PROGRESS_STATUSES)),
    quiz_score: Type.Optional(QuizScore),
    years: Type.Array(
      Closed({
        year: Year,
        status: StringEnum(PROGRESS_STATUSES),
        due_at: AnyTimestamp,
        completed_at: Nullable(AnyTimestamp),
        quiz_score: Type.Optional(QuizScore),
      }),
      { maxItems: 100 },
    ),
  }),
  columns: ['employee_id', 'course_id', 'status', 'last_completed_at', 'json_tail'],
  toRow(r, e) {
    const years = [...r.years].sort((a, b) => a.year - b.year)
    for (let i = 1; i < years.length; i++) {
      if (years[i]?.year === years[i - 1]?.year)
        e.push(`course_progress.years: year ${years[i]?.year} appears twice`)
    }
    const canonical = years.map((y, i) => ({
      year: y.year,
      status: y.status,
      due_at: timestamp(y.due_at, `course_progress.years.${i}.due_at`, e),
      completed_at: nullableTimestamp(y.completed_at, `course_progress.years.${i}.completed_at`, e),
      quiz_score: y.quiz_score ?? null,
    }))
    return {
      employee_id: id(r.employee_id),
      course_id: id(r.course_id),
      status: r.status,
      // Canonical timestamps sort as text.
      last_completed_at: canonical.reduce<string | null>(
        (last, y) =>
          y.completed_at !== null && (last === null || y.completed_at > last) ? y.completed_at : last,
        null,
      ),
      json_tail:
        e.length > 0
          ? ''
          : progressEntryTail({ status: r.status, quiz_score: r.quiz_score ?? null, years: canonical }),
    }
  },
  target: 'course_progress',
  key: ['employee_id', 'course_id'],
  // Stored by workspace first: one organization's entries sit together, whatever others hold.
  storedKey: ['workspace_id', 'employee_id', 'course_id'],
  workspaceColumn: null,
  workspaceOf: (row) => employeeWorkspace(`${row}.employee_id`),
})

export const courseFeedbackRecord = defineRecord({
  type: 'course_feedback',
  schema: Closed({
    type: Type.Literal('course_feedback'),
    id: AnyUuid,
    employee_id: AnyUuid,
    course_id: AnyUuid,
    sentiment: StringEnum(SENTIMENTS),
    created_at: AnyTimestamp,
  }),
  columns: ['id', 'employee_id', 'course_id', 'sentiment', 'created_at'],
  toRow: (r, e) => ({
    id: id(r.id),
    employee_id: id(r.employee_id),
    course_id: id(r.course_id),
    sentiment: r.sentiment,
    created_at: timestamp(r.created_at, 'course_feedback.created_at', e),
  }),
  target: 'course_feedback',
  key: ['id'],
  workspaceColumn: null,
  workspaceOf: (row) => employeeWorkspace(`${row}.employee_id`),
})
