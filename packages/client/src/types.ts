// The API's objects, named (schemas.ts, generated from the OpenAPI document), and the names of
// their enumerations and errors.

import type { webhooks } from './openapi.js'
import type { Breach, Employee, ErrorResponse, Event } from './schemas.js'

export type * from './schemas.js'

export type EventType = Event['type']
export type EmployeeStatus = Employee['status']
export type BreachStatus = Breach['status']

/** One entry of an error answer (CONTRACT 8). */
export type ErrorEntry = ErrorResponse['errors'][number]
/** Every error code the API answers with. */
export type ErrorCode = ErrorEntry['code']

/** A webhook's type: an event type, or `webhook.ping`. */
export type WebhookType = keyof webhooks
type WebhookPayload<T extends WebhookType> = {
  [K in T]: webhooks[K]['post']['requestBody']['content']['application/json']
}[T]
/**
 * The body an endpoint of format json (the default) receives for `T`: the event, its object
 * narrowed to its resource.
 */
export type WebhookEvent<T extends WebhookType = WebhookType> = Exclude<
  WebhookPayload<T>,
  { class_uid: number }
>
/** The body an endpoint of format ocsf receives for `T`: the event in OCSF (docs/ocsf.md). */
export type OcsfWebhookEvent<T extends WebhookType = WebhookType> = Extract<
  WebhookPayload<T>,
  { class_uid: number }
>
