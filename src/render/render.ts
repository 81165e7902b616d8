// Rows become API JSON here, one function per resource, typed by the published schemas (column
// names never leak). Rendering happens at import, once per change, never per request:
//
// - an item that embeds nothing else is stored whole (course, breach);
// - an item that embeds another row's reference is stored as fragments around that reference, and
//   the reference is joined in when the item is read (employee ← manager, compromised employee ←
//   employee, progress entry ← course). A name change then costs one row, not every dependent.
//
// Fragments are cut from the JSON of the whole object rendered with `null` in the embedded slot.
// The cut is exact: a key in JSON.stringify output is never preceded by an unescaped quote inside a
// string value, so the marker occurs once, at the slot.

import type {
  Breach,
  CompromisedEmployee,
  Course,
  CourseProgress,
  Employee,
  EmployeeReference,
} from '../schemas/resources.js'

export interface EmployeeRow {
  id: string
  workspace_id: string
  name: string | null
  username: string | null
  primary_email_address: string | null
  email_addresses: Employee['email_addresses']
  country_code: string | null
  department_name: string | null
  job_title: string | null
  language: string | null
  timezone: string
  status: string
  karma_score: number | null
  security_level: string | null
  manager_id: string | null
  created_at: string
  updated_at: string
}

function cut(json: string, marker: string): { head: string; tail: string } {
  const at = json.indexOf(marker)
  if (at === -1 || json.indexOf(marker, at + 1) !== -1) throw new Error(`render: cannot place ${marker}`)
  return { head: json.slice(0, at + marker.length - 'null'.length), tail: json.slice(at + marker.length) }
}

export function employeeReferenceJson(
  row: Pick<EmployeeRow, 'id' | 'name' | 'primary_email_address' | 'username'>,
): string {
  const reference: EmployeeReference = {
    id: row.id,
    name: row.name,
    primary_email_address: row.primary_email_address,
    username: row.username,
  }
  return JSON.stringify(reference)
}

/** The employee's JSON around its manager: `head + (manager reference or null) + tail`. */
export function employeeJsonParts(row: EmployeeRow): { head: string; tail: string } {
  const employee: Employee = {
    id: row.id,
    name: row.name,
    username: row.username,
    primary_email_address: row.primary_email_address,
    email_addresses: row.email_addresses,
    country_code: row.country_code,
    department: row.department_name === null ? null : { name: row.department_name },
    job_title: row.job_title,
    language: row.language as Employee['language'],
    timezone: row.timezone,
    status: row.status as Employee['status'],
    karma:
      row.karma_score === null
        ? null
        : {
            score: row.karma_score,
            security_level: row.security_level as NonNullable<Employee['karma']>['security_level'],
          },
    manager: null,
    workspace: { id: row.workspace_id },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
  return cut(JSON.stringify(employee), ',"manager":null')
}

export interface CourseRow {
  id: string
  name: string
  slug: string
  description: string
  duration: number
  theme: string
  settings: Course['settings']
  created_at: string
  updated_at: string
}

export function courseJson(row: CourseRow): string {
  const course: Course = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    duration: row.duration,
    theme: row.theme as Course['theme'],
    settings: row.settings,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
  return JSON.stringify(course)
}

/** The course as a progress entry embeds it. */
export function courseReferenceJson(row: Pick<CourseRow, 'id' | 'name' | 'slug' | 'description'>): string {
  const reference: CourseProgress['course'] = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
  }
  return JSON.stringify(reference)
}

/**
 * A progress entry after its course: `{"course":` + course reference + this. Written out by hand
 * (the import renders one per entry, hundreds of thousands): the same text JSON.stringify makes of
 * a CourseProgress, keys in its order.
 */
export function progressEntryTail(row: { status: string | null; years: CourseProgress['years'] }): string {
  let years = ''
  for (const y of row.years) {
    const completed = y.completed_at === null ? 'null' : JSON.stringify(y.completed_at)
    years += `${years === '' ? '' : ','}{"year":${JSON.stringify(y.year)},"status":${JSON.stringify(y.status)},"due_at":${JSON.stringify(y.due_at)},"completed_at":${completed}}`
  }
  return `,"status":${row.status === null ? 'null' : JSON.stringify(row.status)},"years":[${years}]}`
}

export interface BreachRow {
  id: string
  name: string
  domain: string
  status: string
  criticality: string
  impacted: number
  warned: number
  acknowledged: number
  last_breached_at: string
  created_at: string
  updated_at: string
}

export function breachJson(row: BreachRow): string {
  const breach: Breach = {
    id: row.id,
    name: row.name,
    domain: row.domain,
    status: row.status as Breach['status'],
    criticality: row.criticality as Breach['criticality'],
    impacted: row.impacted,
    warned: row.warned,
    acknowledged: row.acknowledged,
    last_breached_at: row.last_breached_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
  return JSON.stringify(breach)
}

export interface CompromisedRow {
  compromised_at: string
  warned_at: string | null
  acknowledged_at: string | null
  breached_accounts: CompromisedEmployee['breached_accounts']
}

/** A compromised employee after its employee: `{"employee":` + employee reference + this. */
export function compromisedEmployeeTail(row: CompromisedRow): string {
  const item: CompromisedEmployee = {
    employee: null as unknown as EmployeeReference,
    compromised_at: row.compromised_at,
    warned_at: row.warned_at,
    acknowledged_at: row.acknowledged_at,
    breached_accounts: row.breached_accounts,
  }
  return cut(JSON.stringify(item), '{"employee":null').tail
}
