// `awareness webhooks` (CONTRACT 13, 14): the documented JSON shapes, the secret shown once and
// never listed, refusals in one line, a signed ping, and the attempts a serve process recorded.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { runCli } from '../helpers/cli.js'
import { ocsfErrors } from '../helpers/ocsf.js'
import { webhookPayloadErrors } from '../helpers/openapi-document.js'
import { startServer } from '../helpers/processes.js'
import { ndjson, smallDataset } from '../helpers/records.js'
import { type Receiver, startReceiver } from '../webhooks/receiver.js'

describe('awareness webhooks', () => {
  let dir: string
  let database: string
  let receiver: Receiver
  let secret = ''
  const d = smallDataset()
  const allow = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' }
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli([...args, '--database', database], { env })

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-webhooks-'))
    database = join(dir, 'cli.db')
    receiver = await startReceiver(() => secret)
    writeFileSync(join(dir, 'org.ndjson'), ndjson([d.org, d.ws]))
    assert.equal((await cli(['import', join(dir, 'org.ndjson')])).code, 0)
  })
  after(async () => {
    await receiver.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('create refuses a loopback or plain-http URL without the setting, in one line', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://169.254.169.254/',
      'http://example.com/',
    ]) {
      const refused = await cli(['webhooks', 'create', '--organization', d.org.id as string, '--url', url])
      assert.equal(refused.code, 1, url)
      assert.equal(refused.stdout, '')
      assert.match(
        refused.stderr,
        /^awareness: --url: .*(loopback, private|https|does not resolve).*\n$/,
        url,
      )
    }
    const events = await cli(
      [
        'webhooks',
        'create',
        '--organization',
        d.org.id as string,
        '--url',
        receiver.url,
        '--events',
        'employee.renamed',
      ],
      allow,
    )
    assert.equal(events.code, 2, 'a value of the wrong form is a usage error')
    assert.match(
      events.stderr,
      /unknown event type employee\.renamed.*\(see awareness webhooks create --help\)\n$/,
    )
  })

  test('create --json prints the documented fields with the secret once; list never shows it', async (t) => {
    const created = await cli(
      [
        'webhooks',
        'create',
        '--organization',
        d.org.id as string,
        '--workspace',
        d.ws.id as string,
        '--url',
        receiver.url,
        '--events',
        'employee.created,employee.updated',
        '--json',
      ],
      allow,
    )
    assert.equal(created.code, 0, created.stderr)
    const endpoint = JSON.parse(created.stdout)
    assert.deepEqual(Object.keys(endpoint), [
      'id',
      'url',
      'secret',
      'organization_id',
      'workspace_id',
      'events',
      'format',
      'privacy',
      'created_at',
    ])
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/=]{40,}$/)
    assert.deepEqual(endpoint.events, ['employee.created', 'employee.updated'])
    secret = endpoint.secret
    const list = await cli(['webhooks', 'list', '--json'])
    assert.equal(list.code, 0)
    assert.ok(!list.stdout.includes(secret))
    assert.deepEqual(JSON.parse(list.stdout), [
      {
        id: endpoint.id,
        url: receiver.url,
        organization_id: d.org.id,
        workspace_id: d.ws.id,
        events: ['employee.created', 'employee.updated'],
        format: 'json',
        privacy: 'identified',
        created_at: endpoint.created_at,
      },
    ])

    const ping = await cli(['webhooks', 'ping', endpoint.id], allow)
    assert.equal(ping.code, 0, ping.stderr)
    assert.match(ping.stdout, /^ping [0-9a-f-]{36} delivered to .*: HTTP 200\n$/)
    const pinged = receiver.received.at(-1)
    assert.equal(pinged?.body.type, 'webhook.ping')
    assert.ok(pinged?.verified)
    // As the OpenAPI document's webhooks describe it (the endpoint's workspace, or null).
    assert.equal(webhookPayloadErrors('webhook.ping', pinged?.body), null)
    assert.deepEqual(pinged?.body.data, { object: { endpoint_id: endpoint.id } })

    // A serve process delivers what an import records, and the attempts are listed.
    const server = await startServer({ DATABASE_URL: database, ...allow }, t)
    try {
      writeFileSync(join(dir, 'data.ndjson'), ndjson(d.all))
      assert.equal((await cli(['import', join(dir, 'data.ndjson')])).code, 0)
      await receiver.delivered(3)
    } finally {
      await server.stop()
    }
    const deliveries = await cli(['webhooks', 'deliveries', endpoint.id, '--json'])
    assert.equal(deliveries.code, 0, deliveries.stderr)
    const attempts = JSON.parse(deliveries.stdout)
    // Only the subscribed types: two employees created.
    assert.equal(attempts.length, 2)
    for (const a of attempts) {
      assert.deepEqual(Object.keys(a), [
        'event_id',
        'attempt',
        'status_code',
        'error',
        'attempted_at',
        'next_attempt_at',
      ])
      assert.deepEqual([a.attempt, a.status_code, a.error, a.next_attempt_at], [1, 200, null, null])
    }
    const types = receiver.received.filter((r) => r.body.type !== 'webhook.ping').map((r) => r.body.type)
    assert.deepEqual(types, ['employee.created', 'employee.created'])

    const deleted = await cli(['webhooks', 'delete', endpoint.id])
    assert.equal(deleted.code, 0, deleted.stderr)
    assert.deepEqual(JSON.parse((await cli(['webhooks', 'list', '--json'])).stdout), [])
    const gone = await cli(['webhooks', 'deliveries', endpoint.id])
    assert.equal(gone.code, 1)
    assert.match(gone.stderr, /^awareness: no webhook endpoint with id .*\n$/)
  })

  test('create --format ocsf: the endpoint is listed with its format, and its ping arrives in OCSF', async () => {
    const created = await cli(
      [
        'webhooks',
        'create',
        '--organization',
        d.org.id as string,
        '--url',
        receiver.url,
        '--format',
        'ocsf',
        '--json',
      ],
      allow,
    )
    assert.equal(created.code, 0, created.stderr)
    const endpoint = JSON.parse(created.stdout)
    assert.equal(endpoint.format, 'ocsf')
    secret = endpoint.secret
    const listed = await cli(['webhooks', 'list'])
    assert.match(listed.stdout, new RegExp(`^${endpoint.id} .* all events  ocsf  identified\n`, 'm'))
    const ping = await cli(['webhooks', 'ping', endpoint.id], allow)
    assert.equal(ping.code, 0, ping.stderr)
    const pinged = receiver.received.at(-1)
    assert.ok(pinged?.verified)
    assert.equal(pinged?.body.class_uid, 0, 'a Base Event')
    assert.equal(pinged?.body.metadata.log_name, 'webhook.ping')
    assert.equal(pinged?.body.metadata.uid, pinged?.id)
    assert.deepEqual(pinged?.body.unmapped, { workspace_id: null, endpoint_id: endpoint.id })
    assert.equal(ocsfErrors(pinged?.body), null)
    assert.equal(webhookPayloadErrors('webhook.ping', pinged?.body), null)
    const wrong = await cli(
      ['webhooks', 'create', '--organization', d.org.id as string, '--url', receiver.url, '--format', 'cef'],
      allow,
    )
    assert.equal(wrong.code, 2)
    assert.match(wrong.stderr, /--format.*json, ocsf/)
    assert.equal((await cli(['webhooks', 'delete', endpoint.id])).code, 0)
  })

  test('a usage error is one line ending with the help hint', async () => {
    const missing = await cli(['webhooks', 'create', '--url', 'https://example.com/'])
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /^awareness: .*--organization.* \(see awareness webhooks create --help\)\n$/)
    const help = await runCli(['webhooks', '--help'])
    assert.equal(help.code, 0)
    for (const command of ['create', 'list', 'delete', 'deliveries', 'ping'])
      assert.match(help.stdout, new RegExp(command))
  })
})
