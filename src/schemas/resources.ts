// One schema per resource (SPEC.md, CONTRACT 1 and 2): validates responses in tests, types the
// render functions, and is published in the OpenAPI document.

import Type from 'typebox'
import {
  BREACH_STATUSES,
  CRITICALITIES,
  DELIVERIES,
  EMAIL_SOURCES,
  EMPLOYEE_STATUSES,
  LANGUAGES,
  PROGRESS_STATUSES,
  SECURITY_LEVELS,
  THEMES,
} from '../domain/values.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from './common.js'

export const EmailAddress = Closed({
  address: Type.String(),
  is_primary: Type.Boolean(),
  source: StringEnum(EMAIL_SOURCES, { description: 'where the address comes from' }),
})

// Embedded in other resources, so it has no $id of its own.
export const EmployeeReference = Closed({
  id: Uuid,
  name: Nullable(Type.String()),
  primary_email_address: Nullable(Type.String()),
  username: Nullable(Type.String()),
})

export const Employee = Closed(
  {
    id: Uuid,
    name: Nullable(Type.String()),
    username: Nullable(Type.String()),
    primary_email_address: Nullable(Type.String()),
    email_addresses: Type.Array(EmailAddress),
    country_code: Nullable(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' })),
    department: Nullable(Closed({ name: Type.String() })),
    job_title: Nullable(Type.String()),
    language: Nullable(StringEnum(LANGUAGES)),
    timezone: Type.String({ description: 'IANA time-zone name' }),
    status: StringEnum(EMPLOYEE_STATUSES),
    karma: Nullable(
      Closed({
        score: Type.Integer({ minimum: 0, description: 'higher is safer' }),
        security_level: StringEnum(SECURITY_LEVELS, { description: 'worst to best' }),
      }),
    ),
    manager: Nullable(EmployeeReference),
    workspace: Closed({ id: Uuid }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Employee' },
)

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

export const Breach = Closed(
  {
    id: Uuid,
    name: Type.String(),
    domain: Type.String(),
    status: StringEnum(BREACH_STATUSES, {
      description: 'active while a compromised employee of the workspace has not acknowledged',
    }),
    criticality: StringEnum(CRITICALITIES),
    impacted: Type.Integer({ minimum: 0 }),
    warned: Type.Integer({ minimum: 0 }),
    acknowledged: Type.Integer({ minimum: 0 }),
    last_breached_at: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Breach' },
)

export const BreachedAccount = Closed({ email: Type.String(), compromised_at: Timestamp })

export const CompromisedEmployee = Closed(
  {
    employee: EmployeeReference,
    compromised_at: Timestamp,
    warned_at: Nullable(Timestamp),
    acknowledged_at: Nullable(Timestamp),
    breached_accounts: Type.Array(BreachedAccount),
  },
  { $id: 'CompromisedEmployee' },
)

export const Organization = Closed(
  {
    id: Uuid,
    created_at: Timestamp,
    updated_at: Timestamp,
    workspaces: Type.Array(
      Closed({ id: Uuid, name: Type.String(), created_at: Timestamp, updated_at: Timestamp }),
    ),
  },
  { $id: 'Organization' },
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

export type EmployeeReference = Type.Static<typeof EmployeeReference>
export type Employee = Type.Static<typeof Employee>
export type Course = Type.Static<typeof Course>
export type EmployeeCourseProgress = Type.Static<typeof EmployeeCourseProgress>
export type CourseProgress = Type.Static<typeof CourseProgress>
export type Breach = Type.Static<typeof Breach>
export type CompromisedEmployee = Type.Static<typeof CompromisedEmployee>
export type Organization = Type.Static<typeof Organization>
export type Statistics = Type.Static<typeof Statistics>
