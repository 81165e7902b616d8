// Generated from openapi.json and the resources' client names by `npm run openapi`; do not edit.
// A name for every object of the document (components.schemas).

import type { components } from './openapi.js'

type Schemas = components['schemas']

export type Organization = Schemas['Organization']
export type Employee = Schemas['Employee']
export type EmployeeStatistics = Schemas['EmployeeStatistics']
export type Course = Schemas['Course']
export type EmployeeCourseProgress = Schemas['EmployeeCourseProgress']
export type Statistics = Schemas['Statistics']
export type CourseEnrollment = Schemas['CourseEnrollment']
export type Breach = Schemas['Breach']
export type CompromisedEmployee = Schemas['CompromisedEmployee']
export type CompromisedEmployeeChange = Schemas['CompromisedEmployeeChange']
export type BreachStatistics = Schemas['BreachStatistics']
export type Group = Schemas['Group']
export type GroupMember = Schemas['GroupMember']
export type Campaign = Schemas['Campaign']
export type Attack = Schemas['Attack']
export type CampaignStatistics = Schemas['CampaignStatistics']
export type InboxTicket = Schemas['InboxTicket']
export type EmailReport = Schemas['EmailReport']
export type EmployeeEmailReports = Schemas['EmployeeEmailReports']
export type InboxStatistics = Schemas['InboxStatistics']
export type EmployeeAlertStatistics = Schemas['EmployeeAlertStatistics']
export type EmployeeImpersonationStatistics = Schemas['EmployeeImpersonationStatistics']
export type Event = Schemas['Event']
export type OcsfEvent = Schemas['OcsfEvent']
export type ErrorResponse = Schemas['ErrorResponse']
