// The employee as the API publishes it (SPEC.md, CONTRACT 1 and 2): validates responses in tests,
// types the renderer, and is published in the OpenAPI document.

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { statePoint } from '../../history/points.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { figure, hiddenWhenSmall, personal, personalList, personId, plain } from '../../schemas/disclosure.js'
import { EMAIL_SOURCES, EMPLOYEE_STATUSES, LANGUAGES, SECURITY_LEVELS } from './values.js'

export const EmailAddress = Closed({
  address: plain(Type.String()),
  is_primary: plain(Type.Boolean()),
  source: plain(StringEnum(EMAIL_SOURCES, { description: 'where the address comes from' })),
})

// Embedded in other resources, so it has no $id of its own.
export const EmployeeReference = Closed({
  id: personId(Uuid),
  name: personal(Nullable(Type.String())),
  primary_email_address: personal(Nullable(Type.String())),
  username: personal(Nullable(Type.String())),
})

export const Karma = Closed({
  score: plain(Type.Integer({ minimum: 0, description: 'higher is safer' })),
  security_level: plain(StringEnum(SECURITY_LEVELS, { description: 'worst to best' })),
})

export const Employee = Closed(
  {
    id: personId(Uuid),
    name: personal(Nullable(Type.String())),
    username: personal(Nullable(Type.String())),
    primary_email_address: personal(Nullable(Type.String())),
    email_addresses: personalList(Type.Array(EmailAddress)),
    country_code: plain(Nullable(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }))),
    department: Nullable(Closed({ name: plain(Type.String()) })),
    job_title: personal(Nullable(Type.String())),
    language: plain(Nullable(StringEnum(LANGUAGES))),
    timezone: personal(Nullable(Type.String({ description: 'IANA time-zone name' }))),
    status: plain(StringEnum(EMPLOYEE_STATUSES)),
    karma: Nullable(Karma),
    manager: Nullable(EmployeeReference),
    workspace: Closed({ id: plain(Uuid) }),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
  },
  { $id: 'Employee' },
)

/**
 * The object of an `employee.erased` event (CONTRACT 20): the erased employee's id alone, to delete
 * every copy held of them.
 */
export const ErasedEmployee = Closed(
  { id: personId(Uuid) },
  {
    $id: 'ErasedEmployee',
    description:
      'An employee erased (`awareness employees erase`): every record naming them is gone from the API, and every past event naming them from the feed; a receiver deletes its copies.',
  },
)

/** The employees a mean karma describes: those of its population with a karma score (CONTRACT 19). */
export const KARMA_SCORED = {
  counted: 'karma_scored',
  description: 'the employees it averages (those with a karma score)',
} as const

const employeesByStatus = Object.fromEntries(
  EMPLOYEE_STATUSES.map((status) => [
    status,
    figure(Type.Integer({ minimum: 0, description: `Employees whose status is ${status}.` })),
  ]),
) as Record<(typeof EMPLOYEE_STATUSES)[number], Type.TInteger>

export const EmployeeStatistics = hiddenWhenSmall(
  Closed(
    {
      ...employeesByStatus,
      total: figure(Type.Integer({ minimum: 0, description: 'Every employee of the workspace.' })),
      average_karma_score: figure(
        Nullable(
          Type.Integer({
            minimum: 0,
            description:
              'The mean karma score of the active employees that have a karma, rounded half up; null when there is none.',
          }),
        ),
        KARMA_SCORED,
      ),
    },
    { $id: 'EmployeeStatistics' },
  ),
)

export const EmployeeStatisticsPoint = statePoint(
  EmployeeStatistics.properties,
  'EmployeeStatisticsPoint',
  'The employees statistics as the last import before the end of the period kept them; every field but start and end null when none had.',
)

export const KarmaPoint = statePoint(
  Karma.properties,
  'KarmaPoint',
  "The employee's karma as the last import before the end of the period kept it; score and security_level null when none had, or when the employee had no karma.",
)

export type EmployeeStatistics = Type.Static<typeof EmployeeStatistics>
export type EmployeeReference = Type.Static<typeof EmployeeReference>
export type Employee = Type.Static<typeof Employee>

export const EMPLOYEE_NOT_FOUND: NotFound = {
  parameter: 'employee_id',
  code: 'employee_not_found',
  title: 'Employee not found',
  detail: 'No employee with this id is available to this key.',
}
