// The events feed in OCSF (docs/ocsf.md): each event type rendered by its resource's mapping, and
// the webhook ping as a Base Event.

import { PACKAGE_VERSION } from '../../config/version.js'
import { BASE_EVENT, SEVERITY } from '../../ocsf/classes.js'
import { type FeedEvent, type OcsfMapping, ocsfEvent } from '../../ocsf/render.js'
import { type EventSource, eventTypesOf } from '../../records/events.js'

/** The webhook ping (a test delivery) has no OCSF class of its own: a Base Event, activity Other. */
const pingOcsf: OcsfMapping = (event) => ({
  class: BASE_EVENT,
  activity: 99,
  severity: SEVERITY.informational,
  message: 'A test delivery of awareness-api webhooks',
  attributes: {},
  unmapped: event.data.object as Record<string, unknown>,
})

/** Renders a feed event (of these sources' types, or a webhook ping) as an OCSF event. */
export type OcsfRenderer = (event: FeedEvent, organizationId: string) => Record<string, unknown>

export function ocsfRenderer(sources: readonly EventSource[]): OcsfRenderer {
  const mappings = new Map<string, OcsfMapping>([['webhook.ping', pingOcsf]])
  for (const source of sources) {
    for (const type of eventTypesOf(source)) mappings.set(type, source.ocsf)
    for (const other of source.others ?? []) mappings.set(other.type, other.ocsf)
  }
  return (event, organizationId) => {
    const mapping = mappings.get(event.type)
    if (mapping === undefined) throw new Error(`no OCSF mapping for event type ${event.type}`)
    return ocsfEvent(event, mapping(event), { organizationId, productVersion: PACKAGE_VERSION })
  }
}
