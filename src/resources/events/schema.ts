// The event object (CONTRACT 14): what changed, as the changed resource's own GET renders it; its
// types and objects are those the resources' event sources declare.

import Type, { type TSchema } from 'typebox'
import { OCSF_VERSION } from '../../ocsf/classes.js'
import { type EventSource, eventTypesOf } from '../../records/events.js'
import { ref } from '../../routing/schemas.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { disclosedAs, plain } from '../../schemas/disclosure.js'

/** A union of object schemas, saying so beside it (`type: object`). */
const objectUnion = <T extends TSchema>(union: T): T => ({ ...union, type: 'object' }) as T

/** The Event schema of these sources. */
export const eventSchema = (sources: readonly EventSource[], types: readonly string[]) =>
  Closed(
    {
      id: plain(
        Type.String({
          format: 'uuid',
          description:
            'A UUIDv7: ids increase from one import to the next and, within one, in the order its steps recorded them (created, updated, deleted, resource after resource); nothing in an id counts other events.',
        }),
      ),
      type: plain(StringEnum(types)),
      created_at: plain(Timestamp),
      workspace_id: plain(Uuid),
      data: Closed({
        // Every member is an object: said beside the union too, which Scalar's reference needs.
        object: objectUnion(
          Type.Union(
            sources.flatMap((s) => [
              ref(s.object.schema),
              ...(s.others ?? []).map((o) => ref(o.object.schema)),
            ]),
            {
              description: `The resource exactly as its GET renders it (for *.deleted, its last rendering): ${sources
                .flatMap((s) => [
                  `${s.deletions === false || s.updateOnly || s.others ? eventTypesOf(s).join(', ') : `${s.name}.*`} ${s.object.description}`,
                  ...(s.others ?? []).map((o) => `${o.type} ${o.object.description}`),
                ])
                .join(', ')}.`,
            },
          ),
        ),
        previous_attributes: Type.Optional(
          // Any fields: `additionalProperties: true`, which Scalar's reference reads (not `{}`).
          disclosedAs(
            Type.Unsafe<Record<string, unknown>>({
              type: 'object',
              additionalProperties: true,
              description:
                'Only on *.updated: the top-level fields of object that changed, with their values before.',
            }),
            'data.object',
          ),
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

/**
 * An event as OCSF renders it (?format=ocsf, OCSF webhooks): what every class shares is pinned here;
 * the class's own attributes follow the OCSF schema of that version, so the object stays open.
 */
export const ocsfEventSchema = (types: readonly string[]) =>
  Type.Object(
    {
      class_uid: plain(
        Type.Integer({
          description: 'The OCSF class: which one each event type uses is in docs/ocsf.md.',
        }),
      ),
      class_name: plain(Type.String()),
      category_uid: plain(Type.Integer()),
      category_name: plain(Type.String()),
      activity_id: plain(
        Type.Integer({
          description: 'What happened, as the class numbers it (Create, Update, …).',
        }),
      ),
      activity_name: plain(Type.String({ description: 'The caption of activity_id.' })),
      type_uid: plain(Type.Integer({ description: 'class_uid × 100 + activity_id.' })),
      type_name: plain(Type.String()),
      severity_id: plain(
        Type.Integer({ description: 'Informational (1), Low (2), Medium (3) or High (4).' }),
      ),
      severity: plain(Type.String({ description: 'The caption of severity_id.' })),
      time: plain(
        Type.Integer({ description: 'When the event was recorded, in milliseconds since the epoch.' }),
      ),
      message: plain(Type.String()),
      metadata: Closed({
        version: plain(Type.Literal(OCSF_VERSION, { description: 'The OCSF schema version.' })),
        product: Closed({
          name: plain(Type.String()),
          vendor_name: plain(Type.String()),
          version: plain(Type.String()),
        }),
        uid: plain(
          Type.String({
            format: 'uuid',
            description: "The event's id (Event.id): receivers deduplicate by it.",
          }),
        ),
        log_name: plain(
          StringEnum([...types, 'webhook.ping'], { description: "The event's type (Event.type)." }),
        ),
        original_time: plain({ ...Timestamp, description: "The event's created_at, to the microsecond." }),
        tenant_uid: plain({ ...Uuid, description: 'The organization.' }),
      }),
      unmapped: Type.Object(
        { workspace_id: plain(Nullable(Uuid)) },
        {
          additionalProperties: true,
          description:
            'What no OCSF attribute carries: the workspace, the fields of the object left over, and previous_attributes on an update.',
        },
      ),
    },
    {
      $id: 'OcsfEvent',
      additionalProperties: true,
      description: `An event rendered as an OCSF ${OCSF_VERSION} event of the class its type maps to (docs/ocsf.md); the class's attributes (finding_info, user, entity, compliance, evidences, …) as that class defines them.`,
    },
  )
