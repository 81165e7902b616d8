// The document's webhooks (OpenAPI 3.1): one per event type and webhook.ping, each the POST an
// endpoint receives, signed with the Standard Webhooks headers, its example a valid payload of its
// type and of no other type whose object differs.

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { OcsfWebhookEvent, WebhookEvent, WebhookType } from '@awareness-api/client'
import { EVENT_SOURCES, EVENT_TYPES } from '../../src/resources/index.js'
import { DOCUMENT, webhookHeaderNames, webhookPayloadErrors } from '../helpers/openapi-document.js'

const example = (type: string) =>
  DOCUMENT.webhooks[type].post.requestBody.content['application/json'].examples.example.value

describe('webhooks in the OpenAPI document', () => {
  test('every event type and webhook.ping, in the feed order, as a signed POST with an example', () => {
    assert.deepEqual(Object.keys(DOCUMENT.webhooks), [...EVENT_TYPES, 'webhook.ping'])
    for (const [type, item] of Object.entries<any>(DOCUMENT.webhooks)) {
      assert.deepEqual(Object.keys(item), ['post'], type)
      assert.ok(item.post.summary && item.post.description && item.post.operationId, type)
      assert.deepEqual(item.post.tags, ['Webhooks'])
      assert.deepEqual(webhookHeaderNames(type), ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      assert.ok(item.post.responses['200'], type)
      assert.equal(example(type).type, type)
    }
    assert.ok(DOCUMENT.tags.some((t: { name: string }) => t.name === 'Webhooks'))
  })

  test("each example is a valid payload of its type, and of no type whose object is another resource's", () => {
    const schemaOf = new Map(
      EVENT_SOURCES.flatMap((s) =>
        ['created', 'updated', 'deleted'].map((k) => [`${s.name}.${k}`, s.object.schema]),
      ),
    )
    for (const type of [...EVENT_TYPES, 'webhook.ping']) {
      assert.equal(webhookPayloadErrors(type, example(type)), null, type)
      for (const other of EVENT_TYPES) {
        if (other === type) continue
        // Another type name is refused even when the object would fit.
        assert.notEqual(webhookPayloadErrors(other, example(type)), null, `${type} as ${other}`)
        if (schemaOf.get(other) !== schemaOf.get(type))
          assert.notEqual(
            webhookPayloadErrors(other, { ...example(type), type: other }),
            null,
            `${type}'s object as ${other}`,
          )
      }
    }
  })
})

describe('webhook payload types in the client', () => {
  test('WebhookEvent<T> narrows the object to the resource of T, OcsfWebhookEvent<T> is the OCSF body (checked by tsc)', () => {
    const attack = example('attack.created') as WebhookEvent<'attack.created'>
    // Compiles only while the generated types narrow data.object to an Attack.
    const tricked: string | null = attack.data.object.tricked_at
    assert.equal(tricked, example('attack.created').data.object.tricked_at)
    const ping = example('webhook.ping') as WebhookEvent<'webhook.ping'>
    assert.match(ping.data.object.endpoint_id, /^[0-9a-f-]{36}$/)
    const content = DOCUMENT.webhooks['attack.created'].post.requestBody.content['application/json']
    const ocsf = content.examples.ocsf.value as OcsfWebhookEvent<'attack.created'>
    // Compiles only while the OCSF member of the payload is told apart from the event's.
    const classUid: number = ocsf.class_uid
    assert.equal(classUid, 2004)
    assert.equal(ocsf.metadata.log_name, 'attack.created')
    const types: WebhookType[] = ['employee.created', 'webhook.ping']
    assert.ok(types.every((type) => type in DOCUMENT.webhooks))
  })
})
