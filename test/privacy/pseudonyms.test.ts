// Pseudonyms (CONTRACT 19) as the contract writes their construction: the first 16 bytes of
// HMAC-SHA256(the organization's secret, the employee id's 36-character text), version 8 and the
// RFC 9562 variant set, lower case; the same for the same secret and id, and never shared by two
// organizations' secrets (properties over random ids and secrets).

import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { test } from 'node:test'
import fc from 'fast-check'
import { newSecret, pseudonymOf } from '../../src/privacy/pseudonyms.js'

const secret = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b))

test('a pseudonym is the HMAC of the id under the secret, as a version 8 UUID with the RFC 9562 variant', () => {
  fc.assert(
    fc.property(secret, fc.uuid(), (key, id) => {
      const p = pseudonymOf(key, id)
      assert.match(p, /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      const h = createHmac('sha256', key).update(id).digest().subarray(0, 16)
      const bytes = Buffer.from(p.replaceAll('-', ''), 'hex')
      // Every bit but the version's four and the variant's two is the HMAC's.
      assert.equal(bytes[6] as number, ((h[6] as number) & 0x0f) | 0x80)
      assert.equal(bytes[8] as number, ((h[8] as number) & 0x3f) | 0x80)
      for (const i of [0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15]) assert.equal(bytes[i], h[i])
      assert.equal(pseudonymOf(key, id), p, 'the same every time')
    }),
  )
})

test("two organizations' secrets never give an id the same pseudonym, nor two ids one", () => {
  fc.assert(
    fc.property(secret, secret, fc.uuid(), fc.uuid(), (a, b, id, other) => {
      fc.pre(!a.equals(b) && id !== other)
      assert.notEqual(pseudonymOf(a, id), pseudonymOf(b, id))
      assert.notEqual(pseudonymOf(a, id), pseudonymOf(a, other))
    }),
  )
})

test('a new secret is 32 random bytes', () => {
  const secrets = Array.from({ length: 50 }, newSecret)
  assert.ok(secrets.every((s) => Buffer.from(s, 'base64').length === 32))
  assert.equal(new Set(secrets).size, secrets.length)
})
