// Webhooks (CONTRACT 14): Standard Webhooks signing checked against the reference library, a real
// receiver that gets each event with a retry after a 500 under the same webhook-id, attempts
// recorded, and SSRF safety at creation and at delivery.

import assert from 'node:assert/strict'
import type { lookup as dnsLookup } from 'node:dns'
import { createServer, type ServerResponse } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { openDatabase } from '../../src/db/connection.js'
import { importSources } from '../../src/importer/import.js'
import { Metrics } from '../../src/observability/metrics.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { checkUrl, isPrivateAddress } from '../../src/webhooks/address-guard.js'
import { deliver } from '../../src/webhooks/deliver.js'
import { createEndpoint, listAttempts, WebhookAdminError } from '../../src/webhooks/endpoints.js'
import { openSecret, sealSecret } from '../../src/webhooks/secrets.js'
import { newSecret, signatureHeaders } from '../../src/webhooks/signing.js'
import { DeliveryWorker, oldestPendingSeconds, withJitter } from '../../src/webhooks/worker.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, lockWrites, type TestDatabase } from '../helpers/databases.js'
import { webhookHeaderNames, webhookPayloadErrors } from '../helpers/openapi-document.js'
import { smallDataset, source } from '../helpers/records.js'
import { elapse, until, waitFor } from '../helpers/wait.js'
import { type Receiver, startReceiver } from './receiver.js'

/** A DNS lookup that answers `addresses` for every name. */
const fakeLookup = (addresses: string[]) =>
  ((
    _host: string,
    _options: unknown,
    callback: (e: null, a: { address: string; family: number }[]) => void,
  ) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )) as unknown as typeof dnsLookup

describe('signing', () => {
  test('our signature verifies with the standardwebhooks library, and equals its own', () => {
    const secret = newSecret()
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    const body = JSON.stringify({ id: 'x', type: 'employee.updated', text: 'Grüße "quoted"' })
    const now = Math.floor(Date.now() / 1000)
    const headers = signatureHeaders(secret, '0193f6c2-0000-7000-8000-000000000001', now, body)
    assert.doesNotThrow(() => new Webhook(secret).verify(body, headers))
    const theirs = new Webhook(secret).sign(headers['webhook-id'], new Date(now * 1000), body)
    assert.equal(headers['webhook-signature'], theirs)
    assert.throws(() => new Webhook(newSecret()).verify(body, headers), 'another secret does not verify')
    assert.throws(() => new Webhook(secret).verify(`${body} `, headers), 'another body does not verify')
  })

  test('secrets sealed with SECRETS_KEY open only with it', () => {
    const key = Buffer.alloc(32, 7)
    const sealed = sealSecret('whsec_abc', key)
    assert.ok(!sealed.includes('whsec_abc'))
    assert.equal(openSecret(sealed, key), 'whsec_abc')
    assert.throws(() => openSecret(sealed, undefined))
    assert.throws(() => openSecret(sealed, Buffer.alloc(32, 8)))
    assert.equal(sealSecret('whsec_abc', undefined), 'whsec_abc')
  })

  test('retry delays spread by at most ±10 %', () => {
    assert.equal(
      withJitter(1000, () => 0),
      900,
    )
    assert.equal(
      withJitter(1000, () => 1),
      1100,
    )
  })
})

describe('SSRF safety', () => {
  test('loopback, private, link-local, metadata and reserved addresses are refused; public ones pass', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '224.0.0.1',
      // IPv6 forms that embed a loopback or private IPv4 address are judged by it.
      '::127.0.0.1',
      '::ffff:0:7f00:1',
      '::ffff:0:10.0.0.1',
      '2002:7f00:1::',
      '2002:a00:1::1',
      '64:ff9b::127.0.0.1',
      '64:ff9b:1::a9fe:a9fe',
      '2001:0:7f00:1::1',
      // Outside global unicast: discard, documentation, reserved, benchmarking, site-local.
      '100::1',
      '2001:db8::1',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      'fec0::1',
      'not an address',
    ])
      assert.ok(isPrivateAddress(address), address)
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700:4700::1111',
      // A public IPv4 address in an IPv6 form is as public as itself.
      '::ffff:93.184.216.34',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      assert.ok(!isPrivateAddress(address), address)
  })

  test('at creation, an IPv6 literal embedding a private IPv4 address is refused as that address', async () => {
    for (const url of [
      'https://[::127.0.0.1]/hooks',
      'https://[::ffff:0:7f00:1]/hooks',
      'https://[2002:7f00:1::]/hooks',
      'https://[100::1]/hooks',
      'https://[64:ff9b::a9fe:a9fe]/latest',
    ])
      await assert.rejects(checkUrl(url, false), /loopback, private, link-local or metadata/, url)
  })

  test('at creation: a URL whose host resolves to such an address, or plain http, is refused', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/hooks',
    ])
      await assert.rejects(checkUrl(url, false), /loopback, private, link-local or metadata/, url)
    await assert.rejects(
      checkUrl('https://hooks.example/x', false, fakeLookup(['93.184.216.34', '10.0.0.1'])),
      /10\.0\.0\.1/,
      'one private answer among several is enough',
    )
    await assert.rejects(checkUrl('http://hooks.example/x', false, fakeLookup(['93.184.216.34'])), /https/)
    await assert.rejects(checkUrl('https://user:pw@hooks.example/x', false), /credentials/)
    for (const port of ['0', '00', '65536'])
      await assert.rejects(checkUrl(`https://hooks.example:${port}/x`, true), /port|not a URL/, port)
    await checkUrl('https://hooks.example:65535/x', false, fakeLookup(['93.184.216.34']))
    await checkUrl('https://hooks.example/x', false, fakeLookup(['93.184.216.34']))
    await checkUrl('http://127.0.0.1:9/x', true)
  })

  test('at delivery: a name that resolved to a public address at creation and to loopback now is refused, unsent', async () => {
    let got = 0
    const receiver = await startReceiver(() => 'whsec_AAAA')
    receiver.answer = () => {
      got++
      return 200
    }
    try {
      const port = new URL(receiver.url).port
      const url = `https://hooks.example:${port}/hooks`
      await checkUrl(url, false, fakeLookup(['93.184.216.34']))
      const outcome = await deliver({
        url,
        secret: 'whsec_AAAA',
        id: 'e1',
        body: '{}',
        allowPrivate: false,
        resolve: fakeLookup(['127.0.0.1']),
      })
      assert.equal(outcome.ok, false)
      assert.match(outcome.error ?? '', /127\.0\.0\.1.*loopback, private/)
      const literal = await deliver({
        url: `https://127.0.0.1:${port}/hooks`,
        secret: 'whsec_AAAA',
        id: 'e2',
        body: '{}',
        allowPrivate: false,
      })
      assert.equal(literal.ok, false)
      assert.equal(got, 0, 'nothing reached the loopback receiver')
      // Nothing left: the disclosure record counts neither (CONTRACT 20).
      assert.equal(outcome.sent, false)
      assert.equal(literal.sent, false)
    } finally {
      await receiver.close()
    }
  })
})

describe('what counts as an answer', () => {
  /** A node:http server answering every request with `handle`; records the paths asked. */
  async function server(handle: (response: ServerResponse) => void) {
    const paths: string[] = []
    const http = createServer((request, response) => {
      paths.push(String(request.url))
      request.resume()
      handle(response)
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`
    const close = () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      })
    return { base, paths, close }
  }

  test('a redirect is a failure, and its target is never asked', async () => {
    const redirecting = await server((response) =>
      response.writeHead(302, { location: 'https://other.example:8443/path?token=s3cr3t' }).end(),
    )
    try {
      const outcome = await deliver({
        url: `${redirecting.base}/hooks`,
        secret: 'whsec_AAAA',
        id: 'e1',
        body: '{}',
        allowPrivate: true,
      })
      // The host only: a Location's path or query may carry a token (and reaches attempts, logs, spans).
      assert.deepEqual(outcome, {
        ok: false,
        statusCode: 302,
        error: 'redirect to other.example not followed',
        sent: true,
      })
      assert.deepEqual(redirecting.paths, ['/hooks'])
    } finally {
      await redirecting.close()
    }
  })

  test('no answer within the timeout is a failure', async () => {
    const silent = await server(() => {})
    try {
      const started = Date.now()
      const outcome = await deliver({
        url: `${silent.base}/hooks`,
        secret: 'whsec_AAAA',
        id: 'e1',
        body: '{}',
        allowPrivate: true,
        timeoutMs: 300,
      })
      // The body went out: the receiver may hold it, and the disclosure record counts it.
      assert.deepEqual(outcome, {
        ok: false,
        statusCode: null,
        error: 'no answer within the timeout',
        sent: true,
      })
      assert.ok(Date.now() - started < 5000)
    } finally {
      await silent.close()
    }
  })
})

for (const { dialect, skip } of DIALECTS) {
  describe(`webhook deliveries to a real receiver (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let receiver: Receiver
    let secret = ''
    let endpointId = ''
    const d = smallDataset()
    const metrics = new Metrics({ generation: async () => '0' })
    const warnings: { fields: Record<string, unknown>; message: string }[] = []
    const worker = () =>
      new DeliveryWorker({
        db: db.handle.db,
        dialect,
        metrics,
        log: {
          warn: (fields, message) => warnings.push({ fields: fields as Record<string, unknown>, message }),
        },
        allowPrivate: true,
        secretsKey: Buffer.alloc(32, 1),
        retentionMs: 30 * 86_400_000,
        retryDelaysMs: [0, 0],
      })

    before(async () => {
      db = await freshDatabase(dialect)
      receiver = await startReceiver(() => secret)
      await importSources(db.handle, [source([d.org, d.ws])])
      const created = await createEndpoint(
        db.handle.db,
        { organizationId: d.org.id as string, url: receiver.url },
        { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: Buffer.alloc(32, 1) },
      )
      secret = created.secret
      endpointId = created.id
      const stored = await db.handle.db
        .selectFrom('webhook_endpoints')
        .select('secret')
        .executeTakeFirstOrThrow()
      assert.ok(!stored.secret.includes(secret), 'stored encrypted with SECRETS_KEY')
    })
    after(async () => {
      await receiver?.close()
      await db?.drop()
    })

    test('each event arrives signed; a 500 is retried with the same webhook-id; attempts are recorded', async () => {
      const summary = await importSources(db.handle, [source(d.all)])
      const events = (
        await sql<{ id: string; json: string }>`select id, json from events order by id`.execute(db.handle.db)
      ).rows
      assert.equal(summary.events.deliveries, events.length)
      await elapse(20, 'the deliveries grow older than none')
      assert.ok((await oldestPendingSeconds(db.handle.db)) > 0, 'deliveries wait')
      const failing = events[1]?.id as string
      receiver.answer = ({ id }) =>
        id === failing && !receiver.received.some((r) => r.id === id) ? 500 : 200
      await worker().runOnce()
      const ok = receiver.received.filter((r) => r.status === 200)
      assert.deepEqual(ok.map((r) => r.id).sort(), events.map((e) => e.id).sort(), 'every event once')
      for (const r of receiver.received) {
        assert.ok(r.verified, `${r.id} verifies with standardwebhooks`)
        assert.equal(r.body.id, r.id)
        assert.match(String(r.headers['content-type']), /^application\/json/)
        // As the OpenAPI document's webhooks describe it: the payload of its type, the signing headers.
        assert.equal(webhookPayloadErrors(r.body.type, r.body), null, r.body.type)
        for (const name of webhookHeaderNames(r.body.type)) assert.ok(r.headers[name], `${r.id} ${name}`)
      }
      for (const e of events) {
        assert.deepEqual(
          receiver.received.find((r) => r.id === e.id && r.status === 200)?.body,
          JSON.parse(e.json),
        )
      }
      const tries = receiver.received.filter((r) => r.id === failing).map((r) => r.status)
      assert.deepEqual(tries, [500, 200], 'the retry carries the same webhook-id')
      const attempts = (await listAttempts(db.handle.db, endpointId)) ?? []
      const ofFailing = attempts.filter((a) => a.event_id === failing).sort((a, b) => a.attempt - b.attempt)
      assert.deepEqual(
        ofFailing.map((a) => [a.attempt, a.status_code, a.error]),
        [
          [1, 500, 'HTTP 500'],
          [2, 200, null],
        ],
      )
      assert.ok(ofFailing[0]?.next_attempt_at)
      const pending = await db.handle.db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('status', '<>', 'delivered')
        .execute()
      assert.deepEqual(pending, [])
      assert.equal(await oldestPendingSeconds(db.handle.db), 0)
      const text = await metrics.registry.metrics()
      const labels = (outcome: string) => `\\{endpoint="${endpointId}",outcome="${outcome}"\\}`
      assert.match(text, new RegExp(`webhook_deliveries_total${labels('delivered')} ${events.length}`))
      assert.match(text, new RegExp(`webhook_deliveries_total${labels('retry')} 1`))
      // The failed attempt is logged with what an operator needs, never the secret or the body.
      assert.equal(warnings.length, 1)
      const [warning] = warnings
      assert.equal(warning?.message, 'webhook delivery failed; will retry')
      assert.deepEqual(Object.keys(warning?.fields ?? {}), [
        'endpoint_id',
        'event_id',
        'attempt',
        'status_code',
        'error',
        'next_attempt_at',
      ])
      assert.deepEqual(
        [
          warning?.fields.endpoint_id,
          warning?.fields.event_id,
          warning?.fields.attempt,
          warning?.fields.status_code,
        ],
        [endpointId, failing, 1, 500],
      )
      assert.match(String(warning?.fields.next_attempt_at), /^\d{4}-\d{2}-\d{2}T/)
      assert.ok(!JSON.stringify(warnings).includes(secret), 'no secret in the log')
      assert.ok(!JSON.stringify(warnings).includes('"data"'), 'no body in the log')
    })

    test('a delivery that keeps failing is given up after the last retry', async () => {
      await importSources(db.handle, [source([{ ...d.manager, name: 'Failing' }])])
      const before = receiver.received.length
      receiver.answer = () => 503
      await worker().runOnce()
      const tries = receiver.received.slice(before)
      // Every new event: the first attempt and the two retries of this schedule.
      assert.ok(tries.length > 0 && tries.length % 3 === 0, `${tries.length} attempts`)
      const failed = await db.handle.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('status', '=', 'failed')
        .execute()
      assert.equal(failed.length, tries.length / 3)
      assert.ok(failed.every((f) => Number(f.attempts) === 3))
    })

    test('webhooks deliveries --failed, --event and --limit: the failing deliveries, one event, fewer rows', async () => {
      const all = (await listAttempts(db.handle.db, endpointId, { limit: 1000 })) ?? []
      const givenUp = new Set(
        (
          await db.handle.db
            .selectFrom('webhook_deliveries')
            .select('event_id')
            .where('status', '=', 'failed')
            .execute()
        ).map((r) => r.event_id),
      )
      assert.ok(givenUp.size > 0)
      const failing = (await listAttempts(db.handle.db, endpointId, { failed: true, limit: 1000 })) ?? []
      assert.deepEqual(
        failing.map((a) => [a.event_id, a.attempt]),
        all.filter((a) => givenUp.has(a.event_id)).map((a) => [a.event_id, a.attempt]),
        'a delivered one (a 500, then a 200) is not listed',
      )
      assert.ok(failing.every((a) => a.error !== null))
      const one = [...givenUp][0] as string
      const ofOne = (await listAttempts(db.handle.db, endpointId, { eventId: one })) ?? []
      assert.deepEqual(
        ofOne.map((a) => a.attempt),
        [3, 2, 1],
      )
      assert.equal((await listAttempts(db.handle.db, endpointId, { limit: 2 }))?.length, 2)
      const cli = await runCli([
        'webhooks',
        'deliveries',
        endpointId,
        '--failed',
        '--event',
        one,
        '--limit',
        '2',
        '--json',
        '--database',
        db.url,
      ])
      assert.equal(cli.code, 0, cli.stderr)
      assert.deepEqual(
        JSON.parse(cli.stdout).map((a: { attempt: number }) => a.attempt),
        [3, 2],
      )
      const bad = await runCli(['webhooks', 'deliveries', endpointId, '--limit', '0', '--database', db.url])
      assert.equal(bad.code, 2)
    })

    test('a stored URL that now points at a private address is refused at delivery, and retried later', async () => {
      await db.handle.db
        .updateTable('webhook_endpoints')
        .set({ url: receiver.url.replace('http:', 'https:') })
        .execute()
      await importSources(db.handle, [source([{ ...d.manager, name: 'Private now' }])])
      const before = receiver.received.length
      const refusing = new DeliveryWorker({
        db: db.handle.db,
        dialect,
        allowPrivate: false,
        secretsKey: Buffer.alloc(32, 1),
        retentionMs: 30 * 86_400_000,
      })
      await refusing.runOnce()
      assert.equal(receiver.received.length, before, 'nothing sent')
      const attempts = (await listAttempts(db.handle.db, endpointId)) ?? []
      assert.match(attempts[0]?.error ?? '', /loopback, private, link-local or metadata/)
      assert.ok(attempts[0]?.next_attempt_at, 'retried on the schedule')
    })

    test('a worker that does not deliver (WEBHOOKS=off) sends nothing and leaves deliveries pending', async () => {
      const pending = async () =>
        (
          await db.handle.db
            .selectFrom('webhook_deliveries')
            .select('event_id')
            .where('status', '=', 'pending')
            .execute()
        ).map((r) => r.event_id)
      // The endpoint's URL as created (an earlier test points it elsewhere), and an answer of 200:
      // a worker that did deliver would be seen.
      await db.handle.db.updateTable('webhook_endpoints').set({ url: receiver.url }).execute()
      receiver.answer = () => 200
      const earlier = new Set(await pending())
      await importSources(db.handle, [source([{ ...d.manager, name: `Renamed ${Date.now()}` }])])
      const waiting = (await pending()).filter((id) => !earlier.has(id))
      assert.ok(waiting.length > 0)
      const seen = receiver.received.length
      const idle = new DeliveryWorker({
        db: db.handle.db,
        dialect,
        allowPrivate: true,
        secretsKey: Buffer.alloc(32, 1),
        retentionMs: 30 * 86_400_000,
        deliver: false,
      })
      await idle.runOnce()
      assert.equal(receiver.received.length, seen)
      assert.deepEqual(
        (await pending()).filter((id) => !earlier.has(id)),
        waiting,
      )
      // The same deliveries, to a worker that delivers: they arrive.
      await worker().runOnce()
      const delivered = new Set(receiver.received.filter((r) => r.status === 200).map((r) => r.id))
      assert.ok(
        waiting.every((id) => delivered.has(id)),
        'a delivering worker sends them',
      )
    })

    test('an answer of 2xx recorded while another writer holds the database past the lease is never sent again', async () => {
      // The worker gets a serving handle (SQLite waits 50 ms for the write lock, PostgreSQL gives up
      // on a statement at the deadline) and a lease shorter than the lock is held: the attempt must
      // be recorded once the lock is free, and the delivery not taken again meanwhile.
      await db.handle.db.updateTable('webhook_endpoints').set({ url: receiver.url }).execute()
      await importSources(db.handle, [source([{ ...d.manager, name: `Locked ${Date.now()}` }])])
      const due = (
        await db.handle.db
          .selectFrom('webhook_deliveries')
          .select('event_id')
          .where('status', '=', 'pending')
          .where('attempts', '=', 0)
          .execute()
      ).map((r) => r.event_id)
      assert.ok(due.length > 0)
      // What earlier tests left pending is delivered first.
      await db.handle.db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivered' })
        .where('event_id', 'not in', due)
        .execute()
      const serving = openDatabase(db.url, { requestTimeoutMs: 300 })
      const blocker = await lockWrites(db)
      let locked: Promise<void> | null = null
      const seen = receiver.received.length
      receiver.answer = () => {
        // The first delivery takes the write lock for 1.5 s, before its answer reaches the worker.
        locked ??= blocker.hold(1500)
        return new Promise((r) => setTimeout(() => r(200), 100))
      }
      const busy = new DeliveryWorker({
        db: serving.db,
        dialect,
        allowPrivate: true,
        secretsKey: Buffer.alloc(32, 1),
        retentionMs: 30 * 86_400_000,
        leaseMs: 200,
        pollMs: 20,
      })
      try {
        busy.start()
        const undelivered = async () =>
          Number(
            (
              await db.handle.db
                .selectFrom('webhook_deliveries')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('event_id', 'in', due)
                .where('status', '<>', 'delivered')
                .executeTakeFirstOrThrow()
            ).n,
          )
        await waitFor(
          'delivered once the lock is free',
          async () => locked !== null && (await undelivered()) === 0,
          { every: 50 },
        )
        await locked
        await elapse(500, 'a second send, if there were one, comes within the next polls')
      } finally {
        await busy.stop()
        await blocker.close()
        await serving.close()
      }
      const sent = receiver.received.slice(seen).map((r) => r.id)
      assert.deepEqual([...sent].sort(), [...due].sort(), 'each event sent once')
      const recorded = await db.handle.db
        .selectFrom('webhook_attempts')
        .select(['event_id', 'attempt', 'status_code', 'error'])
        .where('event_id', 'in', due)
        .orderBy('event_id')
        .execute()
      assert.deepEqual(
        recorded.map((a) => [a.event_id, a.attempt, a.status_code, a.error]),
        [...due].sort().map((id) => [id, 1, 200, null]),
        'every send one recorded attempt',
      )
    })

    test('an endpoint is refused for an unknown organization, a foreign workspace or an unknown event type', async () => {
      const settings = { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined }
      await assert.rejects(
        createEndpoint(db.handle.db, { organizationId: d.ws.id as string, url: receiver.url }, settings),
        WebhookAdminError,
      )
      await assert.rejects(
        createEndpoint(
          db.handle.db,
          { organizationId: d.org.id as string, workspaceId: d.org.id as string, url: receiver.url },
          settings,
        ),
        WebhookAdminError,
      )
      await assert.rejects(
        createEndpoint(
          db.handle.db,
          { organizationId: d.org.id as string, url: receiver.url, events: ['employee.renamed'] },
          settings,
        ),
        /unknown event type employee.renamed/,
      )
    })
  })
}

describe('send slots', () => {
  test('at most 4 sends at a time to one endpoint and 32 in one process, whatever is due', async () => {
    const db = await freshDatabase('sqlite')
    const d = smallDataset()
    try {
      await importSources(db.handle, [source([d.org, d.ws])])
      // Eleven endpoints with five deliveries each: 55 due, more than the process's 32 slots.
      for (let i = 0; i < 11; i++)
        await createEndpoint(
          db.handle.db,
          { organizationId: d.org.id as string, url: `https://hooks.example.com/${i}` },
          { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined },
        )
      const five = Array.from({ length: 5 }, (_, i) => ({
        ...d.manager,
        id: crypto.randomUUID(),
        username: `u${i}`,
      }))
      await importSources(db.handle, [source(five)])
      const open = new Map<string, number>()
      let inFlight = 0
      let most = 0
      let mostPerEndpoint = 0
      let release: () => void = () => {}
      const released = new Promise<void>((r) => (release = r))
      const worker = new DeliveryWorker({
        db: db.handle.db,
        dialect: 'sqlite',
        allowPrivate: true,
        secretsKey: undefined,
        retentionMs: 30 * 86_400_000,
        pollMs: 20,
        async send({ url }) {
          inFlight++
          open.set(url, (open.get(url) ?? 0) + 1)
          most = Math.max(most, inFlight)
          mostPerEndpoint = Math.max(mostPerEndpoint, open.get(url) as number)
          await released
          inFlight--
          open.set(url, (open.get(url) as number) - 1)
          return { ok: true, statusCode: 200, error: null }
        },
      })
      worker.start()
      try {
        await until(() => most >= 32)
        await elapse(200, 'a few more polls: nothing beyond the bounds starts while every slot is held')
        assert.equal(most, 32, 'the process bound is reached, not passed')
        assert.equal(mostPerEndpoint, 4)
        release()
        const delivered = async () =>
          Number(
            (
              await sql<{
                n: number
              }>`select count(*) as n from webhook_deliveries where status = 'delivered'`.execute(
                db.handle.db,
              )
            ).rows[0]?.n,
          )
        await waitFor('every delivery sent once slots free', async () => (await delivered()) >= 55)
      } finally {
        // Even when an assertion fails: no send held, no poll left running.
        release()
        await worker.stop()
      }
    } finally {
      await db.drop()
    }
  })
})
