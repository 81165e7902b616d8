// Rates from exact counts, rounded half up (CONTRACT 15, 16): the contract's cases, and any counts
// against the same rounding done in exact integers.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { percent } from '../../src/domain/rates.js'

test("the contract's cases: one decimal", () => {
  assert.equal(percent(1, 8, 1), 12.5)
  assert.equal(percent(1, 6, 1), 16.7)
  assert.equal(percent(5, 6, 1), 83.3)
  assert.equal(percent(0, 0, 1), 0)
  assert.equal(percent(3, 3, 1), 100)
  assert.equal(JSON.stringify(percent(7, 40, 1)), '17.5')
})

test('whole percents round half up', () => {
  assert.equal(percent(1, 8), 13)
  assert.equal(percent(1, 200), 1)
  assert.equal(percent(1, 201), 0)
  assert.equal(percent(0, 0), 0)
})

test('property: equals the rounding done in exact integers, and prints as its digits', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.nat(),
      fc.constantFrom(0, 1),
      (whole, n, decimals) => {
        const part = n % (whole + 1)
        const scale = BigInt(decimals === 0 ? 1 : 10)
        const tenths = (200n * scale * BigInt(part) + BigInt(whole)) / (2n * BigInt(whole))
        const expected =
          decimals === 0 ? tenths.toString() : `${tenths / 10n}.${tenths % 10n}`.replace(/\.0$/, '')
        assert.equal(String(percent(part, whole, decimals as 0 | 1)), expected)
      },
    ),
  )
})
