// How each resource becomes CSV rows (documented in the README): nested objects flatten to dotted
// column names, arrays become JSON text in one column, null becomes an empty field. Progress gives
// one row per employee and course (an employee without progress gives one row with empty course
// columns); an organization gives one row per workspace.

import type {
  Breach,
  CompromisedEmployee,
  Course,
  Employee,
  EmployeeCourseProgress,
  Organization,
  Statistics,
} from '../client/index.js'

type Cell = string | number | boolean | null
export type Row = Record<string, Cell>

const json = (value: unknown) => JSON.stringify(value)

export const CSV_COLUMNS = {
  employees: [
    'id',
    'name',
    'username',
    'primary_email_address',
    'email_addresses',
    'country_code',
    'department.name',
    'job_title',
    'language',
    'timezone',
    'status',
    'karma.score',
    'karma.security_level',
    'manager.id',
    'manager.name',
    'manager.primary_email_address',
    'manager.username',
    'workspace.id',
    'created_at',
    'updated_at',
  ],
  courses: ['id', 'name', 'slug', 'description', 'duration', 'theme', 'settings', 'created_at', 'updated_at'],
  progress: [
    'employee.id',
    'employee.name',
    'employee.primary_email_address',
    'employee.username',
    'course.id',
    'course.name',
    'course.slug',
    'course.description',
    'status',
    'years',
  ],
  statistics: [
    'active_employees',
    'covered_employees',
    'average_courses_completed',
    'positive_feedbacks',
    'neutral_feedbacks',
    'negative_feedbacks',
  ],
  breaches: [
    'id',
    'name',
    'domain',
    'status',
    'criticality',
    'impacted',
    'warned',
    'acknowledged',
    'last_breached_at',
    'created_at',
    'updated_at',
  ],
  compromised: [
    'employee.id',
    'employee.name',
    'employee.primary_email_address',
    'employee.username',
    'compromised_at',
    'warned_at',
    'acknowledged_at',
    'breached_accounts',
  ],
  organization: [
    'organization.id',
    'organization.created_at',
    'organization.updated_at',
    'workspace.id',
    'workspace.name',
    'workspace.created_at',
    'workspace.updated_at',
  ],
} as const

export type Resource = keyof typeof CSV_COLUMNS

export const toRows = {
  employees: (e: Employee): Row[] => [
    {
      id: e.id,
      name: e.name,
      username: e.username,
      primary_email_address: e.primary_email_address,
      email_addresses: json(e.email_addresses),
      country_code: e.country_code,
      'department.name': e.department?.name ?? null,
      job_title: e.job_title,
      language: e.language,
      timezone: e.timezone,
      status: e.status,
      'karma.score': e.karma?.score ?? null,
      'karma.security_level': e.karma?.security_level ?? null,
      'manager.id': e.manager?.id ?? null,
      'manager.name': e.manager?.name ?? null,
      'manager.primary_email_address': e.manager?.primary_email_address ?? null,
      'manager.username': e.manager?.username ?? null,
      'workspace.id': e.workspace.id,
      created_at: e.created_at,
      updated_at: e.updated_at,
    },
  ],
  courses: (c: Course): Row[] => [{ ...c, settings: json(c.settings) }],
  progress: (p: EmployeeCourseProgress): Row[] => {
    const employee = {
      'employee.id': p.employee.id,
      'employee.name': p.employee.name,
      'employee.primary_email_address': p.employee.primary_email_address,
      'employee.username': p.employee.username,
    }
    if (p.courses_progress.length === 0) {
      return [
        {
          ...employee,
          'course.id': null,
          'course.name': null,
          'course.slug': null,
          'course.description': null,
          status: null,
          years: null,
        },
      ]
    }
    return p.courses_progress.map((c) => ({
      ...employee,
      'course.id': c.course.id,
      'course.name': c.course.name,
      'course.slug': c.course.slug,
      'course.description': c.course.description,
      status: c.status,
      years: json(c.years),
    }))
  },
  statistics: (s: Statistics): Row[] => [{ ...s }],
  breaches: (b: Breach): Row[] => [{ ...b }],
  compromised: (c: CompromisedEmployee): Row[] => [
    {
      'employee.id': c.employee.id,
      'employee.name': c.employee.name,
      'employee.primary_email_address': c.employee.primary_email_address,
      'employee.username': c.employee.username,
      compromised_at: c.compromised_at,
      warned_at: c.warned_at,
      acknowledged_at: c.acknowledged_at,
      breached_accounts: json(c.breached_accounts),
    },
  ],
  organization: (o: Organization): Row[] =>
    o.workspaces.map((w) => ({
      'organization.id': o.id,
      'organization.created_at': o.created_at,
      'organization.updated_at': o.updated_at,
      'workspace.id': w.id,
      'workspace.name': w.name,
      'workspace.created_at': w.created_at,
      'workspace.updated_at': w.updated_at,
    })),
} satisfies { [R in Resource]: (item: never) => Row[] }
