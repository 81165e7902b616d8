// Forwarded headers and the client address (CONTRACT 9 and 10): with TRUST_PROXY set, only an
// X-Forwarded-For hop that is an IP address names the client, always in canonical form, so that
// junk, a key or 8 KB of text never reaches a counter, a stored row, a log line or a trace; an
// IPv6 client's failed authentications count by its /64; what a flush writes is bounded.

import assert from 'node:assert/strict'
import { PassThrough } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { loadConfig } from '../../src/config/config.js'
import { buildApp } from '../../src/http/app.js'
import {
  canonicalAddress,
  clientAddress,
  failureBucket,
  proxyTrust,
  validHost,
} from '../../src/http/client-address.js'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { smallDataset, source } from '../helpers/records.js'
import { waitFor } from '../helpers/wait.js'

describe('the client address, worked out', () => {
  const all = proxyTrust(true)
  test('canonical forms: IPv4, RFC 5952 IPv6, a mapped IPv4 as IPv4, no zone; anything else is no address', () => {
    assert.equal(canonicalAddress('192.0.2.1'), '192.0.2.1')
    assert.equal(canonicalAddress('2001:DB8:0:0:0:0:0:1'), '2001:db8::1')
    assert.equal(canonicalAddress('::ffff:192.0.2.1'), '192.0.2.1')
    assert.equal(canonicalAddress('fe80::1%eth0'), 'fe80::1')
    for (const junk of [
      '',
      'unknown',
      '192.0.2',
      '0x7f.1',
      '1.2.3.4.5',
      'wsa_abc',
      'x'.repeat(8000),
      '[::1]',
      '1.2.3.4:80',
    ])
      assert.equal(canonicalAddress(junk), null, junk)
  })

  test('a trusted chain is walked from the socket; a hop that is no address ends the walk', () => {
    assert.equal(clientAddress('10.0.0.1', '198.51.100.7', null), '10.0.0.1', 'no trust: the socket')
    assert.equal(clientAddress('10.0.0.1', '198.51.100.7', all), '198.51.100.7')
    assert.equal(clientAddress('10.0.0.1', '198.51.100.7, 10.0.0.2', all), '198.51.100.7')
    assert.equal(
      clientAddress('10.0.0.1', 'junk, 198.51.100.7', all),
      '198.51.100.7',
      'junk beyond is ignored',
    )
    assert.equal(clientAddress('10.0.0.1', '198.51.100.7, junk', all), '10.0.0.1', 'junk next: the socket')
    assert.equal(clientAddress('10.0.0.1', 'x'.repeat(8192), all), '10.0.0.1')
    assert.equal(clientAddress('10.0.0.1', 'wsa_0123456789abcdef', all), '10.0.0.1')
    assert.equal(clientAddress('10.0.0.1', ' 2001:DB8::0:1 ', all), '2001:db8::1')
    assert.equal(
      clientAddress('10.0.0.1', ['198.51.100.7', '203.0.113.1'], all),
      '198.51.100.7',
      'two headers: one chain',
    )
    const two = proxyTrust(1)
    assert.equal(
      clientAddress('10.0.0.1', '198.51.100.7, 203.0.113.1', two),
      '203.0.113.1',
      'one hop trusted',
    )
    const ranges = proxyTrust(['10.0.0.0/8', '2001:db8::5'])
    assert.equal(clientAddress('10.9.9.9', '203.0.113.1', ranges), '203.0.113.1')
    assert.equal(clientAddress('2001:db8::5', '203.0.113.1', ranges), '203.0.113.1')
    assert.equal(clientAddress('192.0.2.1', '203.0.113.1', ranges), '192.0.2.1', 'a peer outside the ranges')
  })

  test('failed authentications: IPv4 by address, IPv6 by /64', () => {
    assert.equal(failureBucket('192.0.2.1'), '192.0.2.1')
    assert.equal(failureBucket('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64')
    assert.equal(failureBucket('2001:db8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64')
    assert.equal(failureBucket(undefined), undefined)
  })

  test('a Host is used only when it is a valid host and port', () => {
    for (const host of ['api.example.com', 'localhost:3000', '127.0.0.1:8080', '[2001:db8::1]:443', 'a-b.c.'])
      assert.ok(validHost(host), host)
    for (const host of [
      'a b',
      'evil.example/x',
      'x:99999',
      '[zz::1]',
      'user@host',
      '-a.example',
      `${'a'.repeat(64)}.x`,
      '',
    ])
      assert.ok(!validHost(host), host)
  })
})

for (const { dialect, skip } of DIALECTS) {
  describe(`hostile X-Forwarded-For behind TRUST_PROXY=true (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let app: Awaited<ReturnType<typeof buildApp>>
    const lines: string[] = []
    const d = smallDataset()
    let key = ''

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(d.all)])
      key = (await createKey(db.handle.db, { organizationId: d.org.id as string })).key
      const stream = new PassThrough()
      stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
      app = await buildApp({
        config: loadConfig(
          {},
          {
            LOG_LEVEL: 'info',
            TRUST_PROXY: 'true',
            CURSOR_SECRET: 'test-secret-test-secret-test-secret!',
            AUTH_FAILURE_LIMIT: '3/60s',
          },
        ),
        database: db.handle,
        logger: { stream },
      })
      await app.ready()
    })
    after(async () => {
      await app?.close()
      await db?.drop()
    })

    test('junk and keys as addresses are never stored, counted or logged; the socket is the client', async () => {
      const junk = ['x'.repeat(8000), key, `${key}, 10.0.0.1`, 'unknown', '<script>']
      for (const [i, forwarded] of junk.entries()) {
        const answer = await app.inject({
          url: '/v1/organization',
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress: `192.0.2.${i + 1}`,
        })
        assert.equal(answer.statusCode, 401)
      }
      const used = await app.inject({
        url: '/v1/organization',
        headers: { 'x-api-key': key, 'x-forwarded-for': `junk, ${key}` },
        remoteAddress: '192.0.2.99',
      })
      assert.equal(used.statusCode, 200)
      await app.api.usage.stop()
      const failures = await sql<{ address: string }>`select address from auth_failures`.execute(db.handle.db)
      const seen = await sql<{ address: string }>`select address from key_usage_addresses`.execute(
        db.handle.db,
      )
      assert.deepEqual(
        failures.rows.map((r) => r.address).sort(),
        ['10.0.0.1', '192.0.2.1', '192.0.2.2', '192.0.2.4', '192.0.2.5'],
        'the address before the key is the client',
      )
      assert.deepEqual(
        seen.rows.map((r) => r.address),
        ['192.0.2.99'],
      )
      const requests = await waitFor('the requests logged', () => {
        const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
        return logged.length >= 6 && logged
      })
      for (const line of requests) assert.match(String(line.client), /^(192\.0\.2\.\d+|10\.0\.0\.1)$/)
      const all = lines.join('\n')
      assert.ok(!all.includes(key) && !all.includes(key.slice(4)), 'no key in the log')
      assert.ok(Math.max(...lines.map((l) => l.length)) < 2048, 'no long log line')
    })

    test('an IPv6 client rotating through its /64 is limited as one', async () => {
      const attempt = (address: string) =>
        app.inject({
          url: '/v1/organization',
          headers: { 'x-forwarded-for': address },
          remoteAddress: '10.0.0.1',
        })
      for (const host of ['1', '2', '3'])
        assert.equal((await attempt(`2001:db8:aa:bb::${host}`)).statusCode, 401)
      const fourth = await attempt('2001:db8:aa:bb:ffff::9')
      assert.equal(fourth.statusCode, 429)
      assert.ok(Number(fourth.headers['retry-after']) > 0)
      assert.equal((await attempt('2001:db8:aa:bc::1')).statusCode, 401, 'another /64 is another client')
    })
  })
}
