// employee.* in OCSF (docs/ocsf.md): an account created, disabled, enabled or deleted is an Account
// Change; any other update is a User Inventory Info carrying the user with its risk (from karma).
// The employee is an OCSF user here and in every other resource's findings.

import { ACCOUNT_CHANGE, SEVERITY, USER_INVENTORY } from '../../ocsf/classes.js'
import { changeOf, compact, except, type FeedEvent, millis, type OcsfParts } from '../../ocsf/render.js'
import type { Employee, EmployeeReference } from './schema.js'
import type { SecurityLevel } from './values.js'

/** OCSF's `email_t` (its dictionary's pattern): an address it refuses stays in `unmapped`. */
export const OCSF_EMAIL = /^[a-zA-Z0-9!#$%&'*+-/=?^_`{|}~.]+@[a-zA-Z0-9-]+\.[a-zA-Z0-9-.]+$/

const email = (address: string | null) => (address !== null && OCSF_EMAIL.test(address) ? address : undefined)

/**
 * Karma is a safety score (higher is safer); OCSF's risk runs the other way, so karma is never a
 * `risk_score` (a SIEM rule `risk_score > 700` would flag the safest): the level is mapped, and
 * the karma itself stays in `unmapped`.
 */
const RISK_LEVELS: Record<SecurityLevel, readonly [number, string]> = {
  dangerous: [4, 'Critical'],
  bad: [3, 'High'],
  ok: [2, 'Medium'],
  good: [1, 'Low'],
  great: [0, 'Info'],
  excellent: [0, 'Info'],
  exceptional: [0, 'Info'],
}

/** An employee reference (the four fields other items embed) as an OCSF user. */
export function ocsfUserRef(reference: EmployeeReference): Record<string, unknown> {
  return compact({
    uid: reference.id,
    name: reference.username,
    full_name: reference.name,
    email_addr: email(reference.primary_email_address),
    type_id: 1,
    type: 'User',
  })
}

/** A whole employee as an OCSF user: its reference, risk, department and directory fields. */
export function ocsfUser(employee: Employee): Record<string, unknown> {
  const risk = employee.karma === null ? null : RISK_LEVELS[employee.karma.security_level]
  const addresses = employee.email_addresses.map((e) => email(e.address)).filter((a) => a !== undefined)
  return compact({
    ...ocsfUserRef(employee),
    risk_level_id: risk?.[0],
    risk_level: risk?.[1],
    org: compact({ uid: employee.workspace.id, ou_name: employee.department?.name }),
    ldap_person: compact({
      job_title: employee.job_title,
      email_addrs: addresses.length > 0 ? addresses : undefined,
      manager: employee.manager === null ? undefined : ocsfUserRef(employee.manager),
      location: employee.country_code === null ? undefined : { country: employee.country_code },
      created_time: millis(employee.created_at),
      modified_time: millis(employee.updated_at),
    }),
  })
}

/** The employee's fields no OCSF user attribute carries (or carries only in part). */
const unmappedOf = (employee: Employee) => ({
  ...except(employee, [
    'id',
    'name',
    'username',
    'primary_email_address',
    'country_code',
    'department',
    'job_title',
    'manager',
    'workspace',
    'created_at',
    'updated_at',
  ]),
  created_at: employee.created_at,
  updated_at: employee.updated_at,
})

/** The account activity of an update that changes whether the employee is deactivated, if any. */
function accountActivity(employee: Employee, previous: Record<string, unknown> | undefined): 2 | 5 | null {
  if (previous === undefined || !('status' in previous)) return null
  if (employee.status === 'deactivated') return 5
  return previous.status === 'deactivated' ? 2 : null
}

/** employee.erased: an Account Change, Delete, of a user known by its id alone. */
export function erasedEmployeeOcsf(event: FeedEvent): OcsfParts {
  const { id } = event.data.object as { id: string }
  return {
    class: ACCOUNT_CHANGE,
    activity: 6,
    severity: SEVERITY.informational,
    message: `Employee ${id} erased: delete every copy of them`,
    attributes: { user: compact({ uid: id, type_id: 1, type: 'User' }) },
    unmapped: { erased: true },
  }
}

export function employeeOcsf(event: FeedEvent): OcsfParts {
  const employee = event.data.object as Employee
  const change = changeOf(event)
  const who = employee.name ?? employee.username ?? employee.id
  const user = ocsfUser(employee)
  const unmapped = unmappedOf(employee)
  if (change === 'updated') {
    const activity = accountActivity(employee, event.data.previous_attributes)
    if (activity === null)
      return {
        class: USER_INVENTORY,
        activity: 1,
        severity: SEVERITY.informational,
        message: `Employee ${who} updated`,
        attributes: { user },
        unmapped,
      }
    return {
      class: ACCOUNT_CHANGE,
      activity,
      severity: SEVERITY.informational,
      message: `Employee ${who} ${activity === 5 ? 'deactivated' : 'reactivated'}`,
      attributes: { user },
      unmapped,
    }
  }
  return {
    class: ACCOUNT_CHANGE,
    activity: change === 'created' ? 1 : 6,
    severity: SEVERITY.informational,
    message: `Employee ${who} ${change}`,
    attributes: { user },
    unmapped,
  }
}
