// Webhooks in OCSF (docs/ocsf.md): an endpoint created with format ocsf receives every event as its
// OCSF rendering, valid against its class and the document's webhook payload, signed like any other
// delivery under the event's id; an endpoint beside it in the default format still gets the feed's
// JSON. On both databases.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { EVENT_TYPES, OCSF_RENDERER } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { DeliveryWorker } from '../../src/webhooks/worker.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { ocsfErrors } from '../helpers/ocsf.js'
import { webhookPayloadErrors } from '../helpers/openapi-document.js'
import { smallDataset, source } from '../helpers/records.js'
import { type Receiver, startReceiver } from './receiver.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`OCSF webhook deliveries (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let ocsf: Receiver
    let json: Receiver
    const secrets = { ocsf: '', json: '' }
    const d = smallDataset()
    const organization = d.org.id as string
    const settings = { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined }

    before(async () => {
      db = await freshDatabase(dialect)
      ocsf = await startReceiver(() => secrets.ocsf)
      json = await startReceiver(() => secrets.json)
      await importSources(db.handle, [source([d.org, d.ws])])
      const endpoint = (url: string, format?: 'ocsf') =>
        createEndpoint(db.handle.db, { organizationId: organization, url, format }, settings)
      const created = await endpoint(ocsf.url, 'ocsf')
      assert.equal(created.format, 'ocsf')
      secrets.ocsf = created.secret
      const plain = await endpoint(json.url)
      assert.equal(plain.format, 'json')
      secrets.json = plain.secret
    })
    after(async () => {
      await ocsf?.close()
      await json?.close()
      await db?.drop()
    })

    test('each event arrives in OCSF, valid and signed, under its id; the JSON endpoint gets the feed', async () => {
      await importSources(db.handle, [source(d.all)])
      const events = (
        await sql<{ id: string; json: string }>`select id, json from events order by id`.execute(db.handle.db)
      ).rows
      assert.ok(events.length >= 8)
      await new DeliveryWorker({
        db: db.handle.db,
        dialect,
        allowPrivate: true,
        secretsKey: undefined,
        retentionMs: 30 * 86_400_000,
        ocsf: OCSF_RENDERER,
      }).runOnce()
      assert.deepEqual(ocsf.received.map((r) => r.id).sort(), events.map((e) => e.id).sort())
      for (const event of events) {
        const native = JSON.parse(event.json)
        const received = ocsf.received.find((r) => r.id === event.id)
        assert.ok(received?.verified, `${event.id} verifies with standardwebhooks`)
        const body = received.body
        assert.equal(body.metadata.uid, event.id)
        assert.deepEqual(body, OCSF_RENDERER(native, organization))
        assert.equal(ocsfErrors(body), null)
        assert.equal(webhookPayloadErrors(native.type, body), null, native.type)
        assert.deepEqual(json.received.find((r) => r.id === event.id)?.body, native)
      }
    })
  })
}
