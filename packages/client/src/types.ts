// The API's objects, named: aliases of the types generated from the OpenAPI document (openapi.ts).

import type { components } from './openapi.js'

type Schemas = components['schemas']

export type Organization = Schemas['Organization']
export type Employee = Schemas['Employee']
export type Course = Schemas['Course']
export type EmployeeCourseProgress = Schemas['EmployeeCourseProgress']
export type Statistics = Schemas['Statistics']
export type Breach = Schemas['Breach']
export type CompromisedEmployee = Schemas['CompromisedEmployee']
export type Event = Schemas['Event']
export type EventType = Event['type']

export type EmployeeStatus = Employee['status']
export type BreachStatus = Breach['status']

/** One entry of an error answer (CONTRACT 8). */
export type ErrorEntry = Schemas['ErrorResponse']['errors'][number]
/** Every error code the API answers with. */
export type ErrorCode = ErrorEntry['code']
