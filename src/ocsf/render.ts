// An event of the feed rendered as an OCSF event (docs/ocsf.md): each resource maps its own event
// types to a class and its attributes (src/resources/*/ocsf.ts); this adds what every OCSF event
// carries (class, activity, type, severity, time, metadata) and keeps the rest in `unmapped`.

import { type Coded, OCSF_VERSION, type OcsfClass } from './classes.js'

/** An event as the feed renders it (CONTRACT 14). */
export interface FeedEvent {
  id: string
  type: string
  created_at: string
  workspace_id: string | null
  data: { object: unknown; previous_attributes?: Record<string, unknown> }
}

/** What a resource's mapping decides for one event. */
export interface OcsfParts {
  class: OcsfClass
  activity: number
  severity: Coded
  /** A sentence for people reading the SIEM. */
  message: string
  /** The class's own attributes (finding_info, user, entity, …). */
  attributes: Record<string, unknown>
  /** The object's fields that no OCSF attribute carries. */
  unmapped?: Record<string, unknown>
}

/** A resource's rendering of its event types. */
export type OcsfMapping = (event: FeedEvent) => OcsfParts

export interface OcsfContext {
  /** The organization the event belongs to: `metadata.tenant_uid`. */
  organizationId: string
  /** This server's version: `metadata.product.version`. */
  productVersion: string
}

export const PRODUCT_NAME = 'awareness-api'

/** The OCSF event of `event`, as its mapping renders it. */
export function ocsfEvent(event: FeedEvent, parts: OcsfParts, context: OcsfContext): Record<string, unknown> {
  const activityName = parts.class.activities[parts.activity]
  if (activityName === undefined)
    throw new Error(`${parts.class.caption} has no activity ${parts.activity} in this mapping`)
  // Free-form: a null here is a value of ours (a field that is null), kept as it is.
  const unmapped: Record<string, unknown> = { workspace_id: event.workspace_id, ...parts.unmapped }
  if (event.data.previous_attributes !== undefined)
    unmapped.previous_attributes = event.data.previous_attributes
  return {
    activity_id: parts.activity,
    activity_name: activityName,
    category_uid: parts.class.category.uid,
    category_name: parts.class.category.caption,
    class_uid: parts.class.uid,
    class_name: parts.class.caption,
    type_uid: parts.class.uid * 100 + parts.activity,
    type_name: `${parts.class.caption}: ${activityName}`,
    severity_id: parts.severity[0],
    severity: parts.severity[1],
    time: millis(event.created_at),
    message: parts.message,
    metadata: {
      version: OCSF_VERSION,
      product: { name: PRODUCT_NAME, vendor_name: PRODUCT_NAME, version: context.productVersion },
      uid: event.id,
      log_name: event.type,
      original_time: event.created_at,
      tenant_uid: context.organizationId,
    },
    ...parts.attributes,
    unmapped,
  }
}

/** A timestamp of ours (microseconds) as OCSF's `timestamp_t` (milliseconds since the epoch). */
export function millis(timestamp: string): number {
  return Date.parse(timestamp)
}

/** `millis` of a timestamp that may be null (then absent). */
export function millisOrAbsent(timestamp: string | null | undefined): number | undefined {
  return timestamp == null ? undefined : millis(timestamp)
}

/** The object without its null and undefined fields: OCSF attributes are absent, never null. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  const kept: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value)) if (field != null) kept[name] = field
  return kept as Partial<T>
}

/** `<created|updated|deleted>` of an event type. */
export function changeOf(event: FeedEvent): 'created' | 'updated' | 'deleted' {
  return event.type.slice(event.type.lastIndexOf('.') + 1) as 'created' | 'updated' | 'deleted'
}

/** The object's fields but these: what `unmapped` keeps of it. */
export function except(object: Record<string, unknown>, mapped: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(object)) if (!mapped.includes(name)) rest[name] = value
  return rest
}
