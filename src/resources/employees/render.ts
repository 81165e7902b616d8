// The employee's JSON. An employee embeds its manager's reference, which follows the manager's own
// record: the import renders the employee around that slot (`head + reference + tail`), and the
// reference is put in when the employee is merged (manager-slot.ts). A name change then costs the
// manager's row and its reports' slots, never a re-render of every field.

import { splitAround } from '../../records/fragments.js'
import type { Employee, EmployeeReference } from './schema.js'

/** The reference other items embed (a manager, a progress item, a compromised employee). */
export function referenceJson(employee: EmployeeReference): string {
  const reference: EmployeeReference = {
    id: employee.id,
    name: employee.name,
    primary_email_address: employee.primary_email_address,
    username: employee.username,
  }
  return JSON.stringify(reference)
}

/** The employee's JSON around its manager: `head + (manager reference or null) + tail`. */
export function employeeParts(employee: Omit<Employee, 'manager'>): { head: string; tail: string } {
  // Keys in the published order; the manager's slot is rendered as null and cut out.
  const whole: Employee = {
    id: employee.id,
    name: employee.name,
    username: employee.username,
    primary_email_address: employee.primary_email_address,
    email_addresses: employee.email_addresses,
    country_code: employee.country_code,
    department: employee.department,
    job_title: employee.job_title,
    language: employee.language,
    timezone: employee.timezone,
    status: employee.status,
    karma: employee.karma,
    manager: null,
    workspace: employee.workspace,
    created_at: employee.created_at,
    updated_at: employee.updated_at,
  }
  return splitAround(JSON.stringify(whole), ',"manager":null')
}
