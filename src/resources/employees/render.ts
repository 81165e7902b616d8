// The employee's JSON. An employee embeds its manager's reference, which follows the manager's own
// record: the import renders the employee around that slot (`head + reference + tail`), and the
// reference is put in when the employee is merged (manager-slot.ts). A name change then costs the
// manager's row and its reports' slots, never a re-render of every field.

import { jsonAround } from '../../records/fragments.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { Employee, EmployeeReference } from './schema.js'

/** The reference other items embed (a manager, a progress item, a compromised employee). */
export const referenceJson = jsonOf(EmployeeReference)

/** The employee's JSON around its manager: `head + (manager reference or null) + tail`. */
export const employeeParts = jsonAround(Employee, 'manager')
