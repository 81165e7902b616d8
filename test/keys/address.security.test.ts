// Keys restricted to addresses and to a validity window (`keys create --allow-from`, `--not-before`,
// `keys update`): happy, error and security cases, on both databases. The client address is the
// socket's, or the client a proxy named by TRUST_PROXY reports; a forged X-Forwarded-For from any
// other peer changes nothing. A refusal says the address is not allowed, never which ones are.

import assert from 'node:assert/strict'
import { PassThrough } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { loadConfig } from '../../src/config/config.js'
import { buildApp } from '../../src/http/app.js'
import { createKey, listKeys, setAllowList } from '../../src/keys/keys.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { smallDataset } from '../helpers/records.js'
import { elapse, waitFor } from '../helpers/wait.js'

const PROXY = '10.0.0.1'
const OFFICE = '203.0.113.0/24'
const INSIDE = '203.0.113.9'
const OUTSIDE = '198.51.100.1'

for (const { dialect, skip } of DIALECTS) {
  describe(`keys restricted to addresses and times (${dialect})`, { skip }, () => {
    let t: TestApp
    const d = smallDataset()
    const org = d.org.id as string
    const path = `/v1/employees?workspace_id=${d.ws.id}`
    let restricted: { id: string; key: string }
    let mixed: string

    before(async () => {
      // No verification cache: a change of a key applies to the next request.
      t = await testApp(dialect, d.all, { TRUST_PROXY: PROXY, KEY_CACHE_SECONDS: '0' })
      restricted = await createKey(t.db.handle.db, { organizationId: org, allowFrom: [OFFICE] })
      mixed = (
        await createKey(t.db.handle.db, { organizationId: org, allowFrom: ['192.0.2.7', '2001:db8::/32'] })
      ).key
    })
    after(async () => t.close())

    const from = (key: string, remoteAddress: string, forwardedFor?: string) =>
      t.request(path, {
        key,
        remoteAddress,
        ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
      })

    test('happy: a key answers from an address of its list, IPv4, IPv6 or IPv4-mapped', async () => {
      assert.equal((await from(restricted.key, INSIDE)).status, 200)
      assert.equal((await from(restricted.key, `::ffff:${INSIDE}`)).status, 200)
      assert.equal((await from(mixed, '192.0.2.7')).status, 200)
      assert.equal((await from(mixed, '2001:db8:1::5')).status, 200)
      const stored = (await listKeys(t.db.handle.db, org)).find((k) => k.id === restricted.id)
      assert.deepEqual(stored?.allow_from, [OFFICE])
    })

    test('error: from outside its list the key is 403 forbidden, naming no address, charging no budget', async () => {
      const before = (await t.app.api.metrics.registry.getSingleMetricAsString('key_address_refusals_total'))
        .split('\n')
        .at(-1)
      for (const address of [OUTSIDE, '192.0.2.8', '2001:db9::1', `::ffff:${OUTSIDE}`]) {
        const refused = await from(
          address.startsWith('192.0.2') || address.includes(':') ? mixed : restricted.key,
          address,
        )
        assert.equal(refused.status, 403, address)
        assert.deepEqual(refused.json.errors[0], {
          status: '403',
          code: 'forbidden',
          title: refused.json.errors[0].title,
          detail: 'This key may not be used from this address.',
          source: { header: 'x-api-key' },
        })
        assert.ok(!/203\.0\.113|192\.0\.2|2001:db8/.test(refused.body), 'the list is not told')
        assert.equal(refused.headers['ratelimit-remaining'], undefined, 'no budget spent')
      }
      const counted = (await t.app.api.metrics.registry.getSingleMetricAsString('key_address_refusals_total'))
        .split('\n')
        .at(-1)
      assert.notEqual(counted, before)
      assert.match(String(counted), /key_address_refusals_total \d+/)
    })

    test('security: behind a trusted proxy its client counts; a forged X-Forwarded-For from anyone else does not', async () => {
      assert.equal(
        (await from(restricted.key, PROXY, INSIDE)).status,
        200,
        'the proxy says the client is inside',
      )
      assert.equal(
        (await from(restricted.key, PROXY, OUTSIDE)).status,
        403,
        'the proxy says the client is outside',
      )
      assert.equal(
        (await from(restricted.key, OUTSIDE, INSIDE)).status,
        403,
        'a peer outside TRUST_PROXY forging an inside address changes nothing',
      )
      assert.equal(
        (await from(restricted.key, INSIDE, OUTSIDE)).status,
        200,
        'an inside peer is judged by its socket, whatever it forwards',
      )
      // The proxy itself is no client of the list.
      assert.equal((await from(restricted.key, PROXY)).status, 403)
    })

    test('keys update: a new list, then any address, apply to the next request', async () => {
      assert.equal(await setAllowList(t.db.handle.db, restricted.id, [`${OUTSIDE}/32`]), true)
      assert.equal((await from(restricted.key, OUTSIDE)).status, 200)
      assert.equal((await from(restricted.key, INSIDE)).status, 403)
      assert.equal(await setAllowList(t.db.handle.db, restricted.id, null), true)
      assert.equal((await from(restricted.key, '192.0.2.200')).status, 200)
      assert.equal(await setAllowList(t.db.handle.db, restricted.id, [OFFICE]), true)
      assert.equal(await setAllowList(t.db.handle.db, '00000000-0000-4000-8000-000000000000', null), false)
    })

    test('a key works from its not-before time, and before it answers as an unknown key', async () => {
      const soon = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z')
      const past = '2020-01-01T00:00:00Z'
      const waiting = await createKey(t.db.handle.db, { organizationId: org, notBefore: soon })
      const started = await createKey(t.db.handle.db, { organizationId: org, notBefore: past })
      const unknown = await t.request(path, { key: `${waiting.key.slice(0, -4)}zzzz` })
      const early = await t.request(path, { key: waiting.key })
      assert.equal(early.status, 401)
      assert.deepEqual(early.json.errors[0], unknown.json.errors[0])
      assert.equal((await t.request(path, { key: started.key })).status, 200)
      const listed = (await listKeys(t.db.handle.db, org)).find((k) => k.id === waiting.id)
      assert.equal(listed?.not_before, soon.replace('Z', '.000000Z'))
    })

    test('a key only ever refused by its allow-list was never used: keys list says so', async () => {
      const refusedOnly = await createKey(t.db.handle.db, { organizationId: org, allowFrom: [OFFICE] })
      for (let i = 0; i < 3; i++) assert.equal((await from(refusedOnly.key, OUTSIDE)).status, 403)
      await elapse(100, 'a use that must not be recorded has the time to')
      const listed = (await listKeys(t.db.handle.db, org)).find((k) => k.id === refusedOnly.id)
      assert.equal(listed?.last_used_at, null)
      assert.equal((await from(refusedOnly.key, INSIDE)).status, 200)
      await waitFor(
        'a request from an allowed address recorded as a use',
        async () => (await listKeys(t.db.handle.db, org)).find((k) => k.id === refusedOnly.id)?.last_used_at,
      )
    })

    test('the refusal is logged with the key id and the address', async () => {
      const lines: string[] = []
      const stream = new PassThrough()
      stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
      const app = await buildApp({
        config: loadConfig({}, { LOG_LEVEL: 'info', CURSOR_SECRET: 'test-secret-test-secret-test-secret!' }),
        database: t.db.handle,
        logger: { stream },
      })
      try {
        const answer = await app.inject({
          url: path,
          headers: { 'x-api-key': restricted.key },
          remoteAddress: OUTSIDE,
        })
        assert.equal(answer.statusCode, 403)
        const line = await waitFor('the refusal logged', () =>
          lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.status === 403),
        )
        assert.deepEqual([line?.key_id, line?.client], [restricted.id, OUTSIDE])
        assert.ok(!lines.join('\n').includes(restricted.key), 'never the key')
      } finally {
        await app.close()
      }
    })
  })
}
