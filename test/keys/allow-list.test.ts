// Address allow-lists of keys (src/keys/allow-list.ts): ranges read strictly and made canonical,
// IPv4-mapped IPv6 taken as IPv4 in a list and in a request, and a range holds exactly the addresses
// its prefix covers (a property, against arithmetic on the address's integer).

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { addressCheck, canonicalRange } from '../../src/keys/allow-list.js'

test('ranges are read strictly and written canonically', () => {
  const cases: [string, string | null][] = [
    ['192.0.2.0/24', '192.0.2.0/24'],
    ['192.0.2.77/24', '192.0.2.0/24'],
    ['192.0.2.7', '192.0.2.7/32'],
    [' 10.0.0.0/8 ', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:DB8::1/32', '2001:db8::/32'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['::ffff:192.0.2.1', '192.0.2.1/32'],
    ['::ffff:192.0.2.0/120', '192.0.2.0/24'],
    ['::/0', '::/0'],
    ['::ffff:0.0.0.0/95', null],
    ['192.0.2.0/33', null],
    ['2001:db8::/129', null],
    ['192.0.2.0/-1', null],
    ['192.0.2.0/', null],
    ['192.0.2.0/24/8', null],
    ['127.1', null],
    ['0x7f.0.0.1', null],
    ['010.0.0.1', null],
    ['256.0.0.1', null],
    ['example.com', null],
    ['', null],
  ]
  for (const [text, expected] of cases) assert.equal(canonicalRange(text), expected, text)
})

test('a client matches by its address, a mapped IPv6 one as IPv4; no address matches nothing', () => {
  const allowed = addressCheck(['192.0.2.0/24', '2001:db8::/32'])
  assert.equal(allowed('192.0.2.200'), true)
  assert.equal(allowed('::ffff:192.0.2.200'), true)
  assert.equal(allowed('192.0.3.1'), false)
  assert.equal(allowed('2001:db8:ffff::1'), true)
  assert.equal(allowed('2001:db9::1'), false)
  assert.equal(allowed(undefined), false)
  assert.equal(allowed('not an address'), false)
  assert.equal(addressCheck(['0.0.0.0/0'])('2001:db8::1'), false, 'an IPv4 range never holds an IPv6 client')
})

test('property: an IPv4 range holds exactly the addresses that share its prefix', () => {
  const ipv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 })
  const text = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.')
  fc.assert(
    fc.property(ipv4, ipv4, fc.integer({ min: 0, max: 32 }), (base, client, bits) => {
      const range = canonicalRange(`${text(base)}/${bits}`) as string
      const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0
      const inside = (base & mask) >>> 0 === (client & mask) >>> 0
      assert.equal(addressCheck([range])(text(client)), inside)
      assert.equal(addressCheck([range])(`::ffff:${text(client)}`), inside)
    }),
    { numRuns: 500 },
  )
})
