// Data breaches and the employees they compromised, as the API publishes them (SPEC.md, CONTRACT 1,
// 2 and 6).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { windowPoint } from '../../history/points.js'
import { derivedAtImport } from '../../records/published.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { figure, figureOf, hiddenWhenSmall, personal, plain } from '../../schemas/disclosure.js'
import { EmployeeReference } from '../employees/schema.js'
import { BREACH_STATUSES, CRITICALITIES } from './values.js'

export const Breach = Closed(
  {
    id: plain(Uuid),
    name: plain(Type.String()),
    domain: plain(Type.String()),
    status: plain(
      derivedAtImport(
        StringEnum(BREACH_STATUSES, {
          description: 'active while a compromised employee of the workspace has not acknowledged',
        }),
      ),
    ),
    criticality: plain(StringEnum(CRITICALITIES)),
    impacted: plain(derivedAtImport(Type.Integer({ minimum: 0 }))),
    warned: plain(derivedAtImport(Type.Integer({ minimum: 0 }))),
    acknowledged: plain(derivedAtImport(Type.Integer({ minimum: 0 }))),
    last_breached_at: plain(Timestamp),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
  },
  { $id: 'Breach' },
)

export const BreachedAccount = Closed({
  email: personal(Nullable(Type.String())),
  compromised_at: plain(Timestamp),
})

export const CompromisedEmployee = Closed(
  {
    employee: EmployeeReference,
    compromised_at: plain(Timestamp),
    warned_at: plain(Nullable(Timestamp)),
    acknowledged_at: plain(Nullable(Timestamp)),
    breached_accounts: Type.Array(BreachedAccount),
  },
  { $id: 'CompromisedEmployee' },
)

/** A compromised employee as a compromised_employee.* event carries it (CONTRACT 14). */
export const CompromisedEmployeeChange = Closed(
  { ...CompromisedEmployee.properties, breach: Closed({ id: plain(Uuid) }) },
  { $id: 'CompromisedEmployeeChange' },
)

const employees = (description: string) => Type.Integer({ minimum: 0, description })

export const BreachStatistics = hiddenWhenSmall(
  Closed(
    {
      breaches_count: figure(employees('Breaches affecting the workspace, last breached within the window.')),
      impacted_employees_count: figure(
        employees('Distinct employees of the workspace those breaches compromised.'),
      ),
      warned_employees_count: figureOf(
        'impacted_employees_count',
        employees('Of those, the employees warned about at least one of the breaches.'),
      ),
      acknowledged_employees_count: figureOf(
        'impacted_employees_count',
        employees('Of those, the employees who acknowledged at least one of the breaches.'),
      ),
    },
    { $id: 'BreachStatistics' },
  ),
)

export type BreachStatistics = Type.Static<typeof BreachStatistics>
export type Breach = Type.Static<typeof Breach>
export type CompromisedEmployee = Type.Static<typeof CompromisedEmployee>

export const BREACH_NOT_FOUND: NotFound = {
  parameter: 'breach_id',
  code: 'breach_not_found',
  title: 'Breach not found',
  detail: 'No breach with this id affects this workspace for this key.',
}

export const BreachStatisticsPoint = windowPoint(
  BreachStatistics,
  'BreachStatisticsPoint',
  'The statistics of the period: their window from start to 1 µs before end, over the data held now.',
)
