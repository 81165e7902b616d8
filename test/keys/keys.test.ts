// API keys (CONTRACT 5): format with checksum, only a hash stored, revocation and expiry.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { sql } from 'kysely'
import type { DatabaseHandle } from '../../src/db/connection.js'
import { importSources } from '../../src/importer/import.js'
import {
  checksum,
  generateKey,
  hashKey,
  holdsKey,
  isWellFormedKey,
  pathWithoutKeys,
  withoutKeys,
} from '../../src/keys/format.js'
import { createKey, KeyAdminError, listKeys, revokeKey, verifyKey } from '../../src/keys/keys.js'
import { KeyVerifier } from '../../src/keys/verifier.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { smallDataset, source } from '../helpers/records.js'
import { elapse, waitFor } from '../helpers/wait.js'

describe('key format', () => {
  test('a new key is wsa_, 32 base62 characters and a 6-character CRC32 checksum', () => {
    const key = generateKey()
    assert.match(key, /^wsa_[0-9A-Za-z]{38}$/)
    assert.equal(key.slice(36), checksum(key.slice(0, 36)))
    assert.ok(isWellFormedKey(key))
  })

  test('the checksum is the CRC32 in base62, most significant first, padded with 0', () => {
    // A bitwise CRC32 (IEEE, reflected, polynomial 0xEDB88320), independent of zlib.
    const crc32 = (text: string) => {
      let crc = 0xffffffff
      for (const byte of Buffer.from(text)) {
        crc ^= byte
        for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
      }
      return (crc ^ 0xffffffff) >>> 0
    }
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    const base62 = (value: number) => {
      let out = ''
      for (let n = value; n > 0; n = Math.floor(n / 62)) out = alphabet[n % 62] + out
      return out.padStart(6, '0')
    }
    assert.equal(crc32('123456789'), 0xcbf43926, 'the reference matches the standard check value')
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), minLength: 32, maxLength: 32 }), (body) => {
        assert.equal(checksum(`wsa_${body}`), base62(crc32(`wsa_${body}`)))
      }),
      { seed: 7, numRuns: 200 },
    )
  })

  test('any single-character change is detected by the checksum', () => {
    const key = generateKey()
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 41 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
        (at, char) => {
          fc.pre(key[at] !== char)
          const changed = key.slice(0, at) + char + key.slice(at + 1)
          assert.equal(isWellFormedKey(changed), false)
        },
      ),
      { seed: 42, numRuns: 300 },
    )
  })

  test('keys of another shape are not well formed', () => {
    for (const bad of [
      '',
      'wsa_',
      `wsb_${generateKey().slice(4)}`,
      `${generateKey()}x`,
      generateKey().slice(0, -1),
      'wsa_ÄÖÜ',
    ]) {
      assert.equal(isWellFormedKey(bad), false, bad)
    }
  })

  test('a key in a path is redacted after percent-decoding, however its characters are encoded', () => {
    const key = generateKey()
    const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
    const forms = [
      `%77${key.slice(1)}`,
      `wsa%5F${key.slice(4)}`,
      `wsa%5f${key.slice(4)}`,
      `%2577${key.slice(1)}`,
      `${key.slice(0, 20)}${hex(key[20] as string)}${key.slice(21)}`,
      `${key.slice(0, 20)}%25${hex(key[20] as string).slice(1)}${key.slice(21)}`,
      [...key].map(hex).join(''),
    ]
    for (const form of forms) {
      const logged = pathWithoutKeys(`/v1/employees/${form}/x%20y`)
      assert.equal(logged, '/v1/employees/wsa_[redacted]/x%20y', form)
    }
    // Any characters of a key encoded, each up to three times over, upper- or lower-case hex.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean()), { minLength: 42, maxLength: 42 }),
        (how) => {
          const encoded = [...key]
            .map((c, i) => {
              const [times, upper] = how[i] as [number, boolean]
              let text = c
              for (let n = 0; n < times; n++) {
                text = [...text].map((ch) => (upper ? hex(ch).toUpperCase() : hex(ch))).join('')
              }
              return text
            })
            .join('')
          const logged = pathWithoutKeys(`/v1/${encoded}`)
          return logged === '/v1/wsa_[redacted]' && !logged.includes(key.slice(8, 16))
        },
      ),
      { seed: 7, numRuns: 300 },
    )
    // A path without a key is logged as sent; one that never settles is not shown.
    assert.equal(pathWithoutKeys('/v1/employees/caf%C3%A9%2F'), '/v1/employees/caf%C3%A9%2F')
    assert.equal(pathWithoutKeys(`/v1/%${'25'.repeat(20)}41`), '/v1/[undecodable]')
  })

  test('a key is redacted wherever it stands in a path segment, whatever surrounds or splits it, however encoded', () => {
    const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
    // What the secret part of a key must never leave in a log line: any ten of its characters in a row.
    const pieces = (key: string) => Array.from({ length: 29 }, (_, i) => key.slice(4 + i, 14 + i))
    const leaks = (logged: string, key: string) => pieces(key).filter((piece) => logged.includes(piece))
    // The attack's own form: a made-up segment with a non-ASCII character after the prefix.
    const key = generateKey()
    assert.equal(pathWithoutKeys(`/v1/employees/wsa_%C3%A9${key.slice(4)}`), '/v1/employees/wsa_[redacted]')
    assert.equal(
      pathWithoutKeys(`/v1/employees/x%C3%A9${key.slice(4)}y`),
      '/v1/employees/x%C3%A9wsa_[redacted]y',
    )
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
        fc.constantFrom('whole', 'split after the prefix', 'split in the secret', 'without the prefix'),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 42, maxLength: 42 }),
        (prefix, suffix, stray, how, encodings) => {
          const key = generateKey()
          const at = 4 + (encodings[0] as number) * 10
          const shapes: Record<string, [string, string]> = {
            whole: [key, ''],
            'split after the prefix': [key.slice(0, 4), key.slice(4)],
            'split in the secret': [key.slice(0, at), key.slice(at)],
            'without the prefix': ['', key.slice(4)],
          }
          const [head, tail] = shapes[how] as [string, string]
          const encode = (text: string, offset: number) =>
            [...text]
              .map((c, i) => {
                let out = c
                for (let n = 0; n < (encodings[offset + i] ?? 0); n++) out = [...out].map(hex).join('')
                return out
              })
              .join('')
          const between = how === 'whole' || how === 'without the prefix' ? '' : encodeURIComponent(stray)
          const segment = [
            encodeURIComponent(prefix),
            encode(head, 0),
            between,
            encode(tail, head.length),
            encodeURIComponent(suffix),
          ].join('')
          const logged = pathWithoutKeys(`/v1/employees/${segment}/statistics`)
          return (
            leaks(logged, key).length === 0 &&
            logged.startsWith('/v1/employees/') &&
            logged.endsWith('/statistics') &&
            logged.includes('[redacted]')
          )
        },
      ),
      { seed: 11, numRuns: 1000 },
    )
  })

  test('a key in a header value is redacted wherever it stands, and an ordinary request id holds none', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (before, behind) => {
        const key = generateKey()
        const logged = withoutKeys(`${before}${key}${behind}`)
        return (
          !logged.includes(key.slice(4, 14)) && !logged.includes(key.slice(30)) && holdsKey(`${before}${key}`)
        )
      }),
      { seed: 5, numRuns: 500 },
    )
    assert.equal(withoutKeys(`splunk-ta/2.1 (${generateKey().slice(4)})`), 'splunk-ta/2.1 (wsa_[redacted])')
    // Request ids as integrations send them are kept: UUIDs, trace ids, hashes, words.
    const ordinary = [
      randomUUID(),
      'trace-1',
      '4bf92f3577b34da6a3ce929d0e0e4736',
      'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      'Root=1-5759e988-bd862e3fe1be46a994272793',
      'req_01HZY8X4K2M3N5P7Q9R0S1T2V3',
    ]
    for (const id of ordinary) assert.equal(holdsKey(id), false, id)
    fc.assert(
      fc.property(fc.base64String({ minLength: 40, maxLength: 128 }), (id) => !holdsKey(id)),
      {
        seed: 3,
        numRuns: 500,
      },
    )
  })

  test('keys are random', () => {
    assert.equal(new Set(Array.from({ length: 1000 }, generateKey)).size, 1000)
  })
})

for (const { dialect, skip } of DIALECTS) {
  describe(`keys (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let handle: DatabaseHandle
    let organizationId: string
    let workspaceId: string
    before(async () => {
      db = await freshDatabase(dialect)
      handle = db.handle
      const d = smallDataset()
      await importSources(handle, [source(d.all)])
      organizationId = d.org.id as string
      workspaceId = d.ws.id as string
    })
    after(() => db?.drop())

    test('only the SHA-256 of a key is stored', async () => {
      const created = await createKey(handle.db, { organizationId })
      const { rows } = await sql<Record<string, unknown>>`select * from api_keys`.execute(handle.db)
      const dump = JSON.stringify(rows)
      assert.ok(!dump.includes(created.key), 'the key itself is nowhere in the table')
      assert.ok(dump.includes(hashKey(created.key)))
    })

    test('a new key verifies, with all scopes by default', async () => {
      const created = await createKey(handle.db, { organizationId })
      const identity = await verifyKey(handle.db, created.key)
      assert.equal(identity?.organizationId, organizationId)
      assert.equal(identity?.workspaceId, null)
      assert.deepEqual([...(identity?.scopes ?? [])].sort(), [
        'awareness:read',
        'breaches:read',
        'events:read',
        'groups:read',
        'inbox:read',
        'reports:read',
        'simulation:read',
        'workspace:read',
      ])
    })

    test('a workspace-scoped key with fewer scopes and its own budget', async () => {
      const created = await createKey(handle.db, {
        organizationId,
        workspaceId,
        scopes: ['breaches:read'],
        rateLimit: '1200/60s',
      })
      const identity = await verifyKey(handle.db, created.key)
      assert.equal(identity?.workspaceId, workspaceId)
      assert.deepEqual([...(identity?.scopes ?? [])], ['breaches:read'])
      assert.deepEqual(identity?.rateLimit, { limit: 1200, windowSeconds: 60 })
    })

    test('a revoked key is refused', async () => {
      const created = await createKey(handle.db, { organizationId })
      assert.equal(await revokeKey(handle.db, created.id), true)
      assert.equal(await verifyKey(handle.db, created.key), null)
      assert.equal(await revokeKey(handle.db, randomUUID()), false)
    })

    test('an expired key is refused', async () => {
      const created = await createKey(handle.db, { organizationId, expiresInSeconds: 60 })
      assert.notEqual(await verifyKey(handle.db, created.key), null)
      assert.equal(await verifyKey(handle.db, created.key, new Date(Date.now() + 61_000)), null)
    })

    test('a well-formed but unknown key is refused', async () => {
      assert.equal(await verifyKey(handle.db, generateKey()), null)
    })

    test('a key with a bad checksum is refused without touching the database', async () => {
      const created = await createKey(handle.db, { organizationId })
      const tampered = `${created.key.slice(0, 10)}${created.key[10] === 'a' ? 'b' : 'a'}${created.key.slice(11)}`
      const closed = await freshDatabase('sqlite')
      await closed.handle.close()
      // A closed database would throw if it were queried.
      assert.equal(await verifyKey(closed.handle.db, tampered), null)
      await closed.drop().catch(() => {})
    })

    test('keys are created only for existing organizations and their own workspaces', async () => {
      await assert.rejects(createKey(handle.db, { organizationId: randomUUID() }), KeyAdminError)
      await assert.rejects(createKey(handle.db, { organizationId, workspaceId: randomUUID() }), KeyAdminError)
      await assert.rejects(createKey(handle.db, { organizationId, rateLimit: 'lots' }), KeyAdminError)
    })

    test('last_used_at is written at most once a minute per key (CONTRACT 5)', async () => {
      const created = await createKey(handle.db, { organizationId })
      let now = Date.parse('2026-01-01T10:00:00.000Z')
      const verifier = new KeyVerifier(handle.db, handle.db, 10_000, () => now)
      const read = async () =>
        (
          await handle.db
            .selectFrom('api_keys')
            .select('last_used_at')
            .where('id', '=', created.id)
            .executeTakeFirstOrThrow()
        ).last_used_at
      // The write is bookkeeping, not awaited by the request: wait for it (a loaded machine is slow).
      const lastUsedBecomes = (expected: string) =>
        waitFor(`last_used_at ${expected}`, async () => (await read()) === expected && expected)
      // The server touches a key once its request passed the key's allow-list.
      const use = async () => {
        const identity = await verifier.verify(created.key)
        assert.notEqual(identity, null)
        verifier.touch(identity?.id as string)
      }
      await use()
      assert.equal(await lastUsedBecomes('2026-01-01T10:00:00.000000Z'), '2026-01-01T10:00:00.000000Z')
      now += 30_000
      await use()
      await elapse(50, 'a write that must not come has the time to')
      assert.equal(await read(), '2026-01-01T10:00:00.000000Z', 'not again within the minute')
      now += 31_000
      await use()
      assert.equal(await lastUsedBecomes('2026-01-01T10:01:01.000000Z'), '2026-01-01T10:01:01.000000Z')
    })

    test('listing keys never shows a key or its hash', async () => {
      const created = await createKey(handle.db, { organizationId, name: 'siem' })
      const listed = await listKeys(handle.db, organizationId)
      const dump = JSON.stringify(listed)
      assert.ok(listed.some((k) => k.id === created.id && k.name === 'siem'))
      assert.ok(!dump.includes(created.key))
      assert.ok(!dump.includes(hashKey(created.key)))
    })
  })
}
