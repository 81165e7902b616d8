// The OpenAPI 3.1 `webhooks` of the document: each event type (and webhook.ping) as the POST a
// subscribed endpoint receives, with its payload's schema in either format (the Event, its object
// narrowed to the type's resource; or its OCSF rendering), the Standard Webhooks headers that sign
// it, and an example of each.

import type { FeedEvent } from '../ocsf/render.js'
import { eventTypesOf } from '../records/events.js'
import { EVENT_SOURCES, OCSF_RENDERER } from '../resources/index.js'

type Schema = Record<string, unknown>

export const WEBHOOKS_TAG = {
  name: 'Webhooks',
  description:
    'What a webhook endpoint receives (`awareness webhooks create`): a POST per event of the types it subscribed to, its body the event exactly as the events feed lists it (`--format json`, the default) or its OCSF rendering (`--format ocsf`: an OcsfEvent, as the feed lists it with `format=ocsf`; docs/ocsf.md), signed with the Standard Webhooks headers (https://www.standardwebhooks.com). Answer 2xx within 10 s; anything else is retried with backoff, keeping the same `webhook-id`.',
}

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
})

const EXAMPLE_EVENT_ID = '01a207a2-3280-7a3e-8b21-000000000001'

export const WEBHOOK_PARAMETERS = {
  WebhookId: header(
    'webhook-id',
    "The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.",
    EXAMPLE_EVENT_ID,
  ),
  WebhookTimestamp: header(
    'webhook-timestamp',
    'When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).',
    '1763888400',
  ),
  WebhookSignature: header(
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
}

const PING_SCHEMA: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'created_at', 'workspace_id', 'data'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'A UUIDv7, new for each ping.' },
    type: { const: 'webhook.ping' },
    created_at: { type: 'string', format: 'date-time' },
    workspace_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: "The endpoint's workspace; null for an endpoint of the whole organization.",
    },
    data: {
      type: 'object',
      additionalProperties: false,
      required: ['object'],
      properties: {
        object: {
          type: 'object',
          additionalProperties: false,
          required: ['endpoint_id'],
          properties: { endpoint_id: { type: 'string', format: 'uuid' } },
        },
      },
    },
  },
}

/** The payload of `type`: an Event whose type is `type` and whose object is a `schema`. */
function eventSchema(type: string, schema: string): Schema {
  return {
    allOf: [
      { $ref: '#/components/schemas/Event' },
      {
        type: 'object',
        required: ['type', 'data'],
        properties: {
          type: { const: type },
          data: {
            type: 'object',
            required: ['object'],
            properties: { object: { $ref: `#/components/schemas/${schema}` } },
          },
        },
      },
    ],
  }
}

/** The OCSF payload of `type` (an endpoint created with --format ocsf): an OcsfEvent logging `type`. */
function ocsfSchema(type: string): Schema {
  return {
    allOf: [
      { $ref: '#/components/schemas/OcsfEvent' },
      {
        type: 'object',
        required: ['metadata'],
        properties: { metadata: { type: 'object', properties: { log_name: { const: type } } } },
      },
    ],
  }
}

/** Either format of the payload of `type`. */
const eitherFormat = (type: string, json: Schema): Schema => ({
  oneOf: [json, ocsfSchema(type)],
  description: 'The event as the feed renders it (format json), or its OCSF rendering (format ocsf).',
})

const EXAMPLE_ORGANIZATION = '5b7e0c3a-9d2f-4e1b-8a6c-0f1e2d3c4b5a'

/** `employee.created` → `employeeCreatedWebhook`. */
const operationId = (type: string) =>
  `${type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase())}Webhook`

function webhook(type: string, summary: string, description: string, schema: Schema, example: FeedEvent) {
  return {
    post: {
      operationId: operationId(type),
      summary,
      description,
      tags: [WEBHOOKS_TAG.name],
      security: [],
      parameters: Object.keys(WEBHOOK_PARAMETERS).map((name) => ({
        $ref: `#/components/parameters/${name}`,
      })),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: eitherFormat(type, schema),
            examples: {
              example: { summary: 'format json', value: example },
              ocsf: { summary: 'format ocsf', value: OCSF_RENDERER(example, EXAMPLE_ORGANIZATION) },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Any 2xx acknowledges the delivery.' },
        default: {
          description:
            'Any other answer, or none within 10 s, fails the attempt: it is retried with backoff.',
        },
      },
    },
  }
}

/** An example old value per updated field, for the `.updated` examples. */
function previousAttributes(object: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  if (previous !== undefined) return previous
  if ('updated_at' in object) return { updated_at: '2026-11-20T09:00:00.000000Z' }
  const field = Object.keys(object).at(-1) as string
  return { [field]: null }
}

/** The `webhooks` of the document, one per event type and webhook.ping, in the feed's order. */
export function documentWebhooks(): Record<string, unknown> {
  const webhooks: Record<string, unknown> = {}
  for (const source of EVENT_SOURCES) {
    const object = source.object.example as Record<string, unknown>
    const workspace = (object.workspace as { id?: string } | undefined)?.id
    for (const type of eventTypesOf(source)) {
      const updated = type.endsWith('.updated')
      const example = {
        id: EXAMPLE_EVENT_ID,
        type,
        created_at: '2026-11-23T09:00:00.000000Z',
        workspace_id: workspace ?? '7cf3c256-32b9-4240-ad3f-b64afebede10',
        data: {
          object,
          ...(updated
            ? { previous_attributes: previousAttributes(object, source.updateOnly?.previous) }
            : {}),
        },
      }
      webhooks[type] = webhook(
        type,
        type,
        `Sent for each \`${type}\` event to the endpoints subscribed to it: \`data.object\` is ${source.object.description}${type.endsWith('.deleted') ? ' (its last rendering)' : ''}${updated ? ', and `data.previous_attributes` the top-level fields that changed, with their values before' : ''}.`,
        eventSchema(type, source.object.schema),
        example,
      )
    }
    for (const other of source.others ?? [])
      webhooks[other.type] = webhook(
        other.type,
        other.type,
        `Sent for ${other.sentFor}: \`data.object\` is ${other.object.description}.`,
        eventSchema(other.type, other.object.schema),
        {
          id: EXAMPLE_EVENT_ID,
          type: other.type,
          created_at: '2026-11-23T09:00:00.000000Z',
          workspace_id: workspace ?? '7cf3c256-32b9-4240-ad3f-b64afebede10',
          data: { object: other.object.example },
        },
      )
  }
  webhooks['webhook.ping'] = webhook(
    'webhook.ping',
    'webhook.ping',
    'Sent by `awareness webhooks ping <id>` to check an endpoint: signed like every delivery, never retried.',
    PING_SCHEMA,
    {
      id: EXAMPLE_EVENT_ID,
      type: 'webhook.ping',
      created_at: '2026-11-23T09:00:00.000000Z',
      workspace_id: null,
      data: { object: { endpoint_id: '3b9e2f4c-6d1a-4c8e-9f0b-2a3c4d5e6f70' } },
    },
  )
  return webhooks
}
