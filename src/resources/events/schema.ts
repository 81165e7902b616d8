// The event object (CONTRACT 14): what changed, as the changed resource's own GET renders it; its
// types and objects are those the resources' event sources declare.

import Type from 'typebox'
import { type EventSource, eventTypesOf } from '../../records/events.js'
import { ref } from '../../routing/schemas.js'
import { Closed, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'

/** The Event schema of these sources. */
export const eventSchema = (sources: readonly EventSource[], types: readonly string[]) =>
  Closed(
    {
      id: Type.String({
        format: 'uuid',
        description: 'A UUIDv7: ids increase in the order events were recorded.',
      }),
      type: StringEnum(types),
      created_at: Timestamp,
      workspace_id: Uuid,
      data: Closed({
        object: Type.Union(
          sources.map((s) => ref(s.object.schema)),
          {
            description: `The resource exactly as its GET renders it (for *.deleted, its last rendering): ${sources
              .map(
                (s) =>
                  `${s.deletions === false || s.updateOnly ? eventTypesOf(s).join(' and ') : `${s.name}.*`} ${s.object.description}`,
              )
              .join(', ')}.`,
          },
        ),
        previous_attributes: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), {
            description:
              'Only on *.updated: the top-level fields of object that changed, with their values before.',
          }),
        ),
      }),
    },
    { $id: 'Event' },
  )

/** An event as the feed renders it (its `type` one of the sources' event types). */
export interface Event {
  id: string
  type: string
  created_at: string
  workspace_id: string
  data: { object: unknown; previous_attributes?: Record<string, unknown> }
}
