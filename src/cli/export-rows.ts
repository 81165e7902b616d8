// How each resource becomes CSV rows (documented in the README), derived from its published schema
// (schemas/flatten.ts): nested objects flatten to dotted column names, arrays become JSON text in one
// column, null becomes an empty field. Progress gives one row per employee and course (an employee
// without progress gives one row with empty course columns); an organization gives one row per
// workspace.

import type { Organization as OrganizationItem } from '@awareness-api/client'
import Type from 'typebox'
import { Breach, CompromisedEmployee } from '../resources/breaches/schema.js'
import {
  Course,
  CourseProgress,
  type EmployeeCourseProgress,
  Statistics,
} from '../resources/courses/schema.js'
import { Employee, EmployeeReference } from '../resources/employees/schema.js'
import { Event } from '../resources/events/schema.js'
import { Organization } from '../resources/organization/schema.js'
import { type FlatRow, flatColumns, flatRow } from '../schemas/flatten.js'

export type Row = FlatRow

// The organization's own fields, and one workspace's.
const OrganizationFields = Type.Omit(Organization, ['workspaces'])
const WorkspaceFields = Organization.properties.workspaces.items

export const CSV_COLUMNS = {
  employees: flatColumns(Employee),
  courses: flatColumns(Course),
  progress: [...flatColumns(EmployeeReference, 'employee.'), ...flatColumns(CourseProgress)],
  statistics: flatColumns(Statistics),
  breaches: flatColumns(Breach),
  compromised: flatColumns(CompromisedEmployee),
  organization: [
    ...flatColumns(OrganizationFields, 'organization.'),
    ...flatColumns(WorkspaceFields, 'workspace.'),
  ],
  events: flatColumns(Event),
} as const

export type Resource = keyof typeof CSV_COLUMNS

const EMPTY_ENTRY = Object.fromEntries(flatColumns(CourseProgress).map((c) => [c, null])) as FlatRow

export const toRows = {
  employees: (e: unknown): Row[] => [flatRow(Employee, e)],
  courses: (c: unknown): Row[] => [flatRow(Course, c)],
  progress: (p: EmployeeCourseProgress): Row[] => {
    const employee = flatRow(EmployeeReference, p.employee, 'employee.')
    if (p.courses_progress.length === 0) return [{ ...employee, ...EMPTY_ENTRY }]
    return p.courses_progress.map((c) => ({ ...employee, ...flatRow(CourseProgress, c) }))
  },
  statistics: (s: unknown): Row[] => [flatRow(Statistics, s)],
  breaches: (b: unknown): Row[] => [flatRow(Breach, b)],
  compromised: (c: unknown): Row[] => [flatRow(CompromisedEmployee, c)],
  organization: (o: OrganizationItem): Row[] => {
    const organization = flatRow(OrganizationFields, o, 'organization.')
    return o.workspaces.map((w) => ({ ...organization, ...flatRow(WorkspaceFields, w, 'workspace.') }))
  },
  events: (e: unknown): Row[] => [flatRow(Event, e)],
} satisfies { [R in Resource]: (item: never) => Row[] }
