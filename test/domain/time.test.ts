// The import reads every timestamp character by character (domain/time.ts); this pins it to the
// definition it replaced: the contract's pattern, a real calendar date, and six fractional digits.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { canonicalTimestamp } from '../../src/domain/time.js'

const ACCEPTED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/

function reference(value: string): string | null {
  const m = ACCEPTED.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi, s, frac] = m as unknown as string[]
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > days) return null
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${(frac ?? '').padEnd(6, '0')}Z`
}

const digitString = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })

// Mostly well-formed shapes (so that the calendar rules are reached), with any part swapped for
// near misses: wrong widths, separators, non-ASCII digits, trailing text.
const part = (width: number) =>
  fc.oneof(
    { weight: 8, arbitrary: digitString(width, width) },
    { weight: 1, arbitrary: digitString(0, width + 1) },
    { weight: 1, arbitrary: fc.constantFrom('٠١', '1a', ' 1', '+1', '-1', '１２') },
  )
const sep = (c: string) =>
  fc.oneof({ weight: 12, arbitrary: fc.constant(c) }, fc.constantFrom('', ' ', 'x', '/'))
const timestamp = fc
  .tuple(
    part(4),
    sep('-'),
    part(2),
    sep('-'),
    part(2),
    sep('T'),
    part(2),
    sep(':'),
    part(2),
    sep(':'),
    part(2),
    fc.oneof(
      fc.constant(''),
      digitString(0, 8).map((f) => `.${f}`),
      fc.constantFrom('.', ',5', '.5 '),
    ),
    fc.oneof({ weight: 10, arbitrary: fc.constant('Z') }, fc.constantFrom('', 'z', 'Z\n', '+00:00', 'ZZ')),
  )
  .map((parts) => parts.join(''))

test('canonicalTimestamp accepts and normalizes exactly what the contract pattern and the calendar allow', () => {
  fc.assert(
    fc.property(fc.oneof(timestamp, fc.string({ maxLength: 30 })), (value) => {
      assert.equal(canonicalTimestamp(value), reference(value), JSON.stringify(value))
    }),
    { numRuns: 20000 },
  )
})

test('canonicalTimestamp: the calendar edges', () => {
  const cases: [string, string | null][] = [
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59.000000Z'],
    ['2023-02-29T00:00:00Z', null],
    ['1900-02-29T00:00:00Z', null],
    ['2000-02-29T00:00:00.1Z', '2000-02-29T00:00:00.100000Z'],
    ['0000-01-01T00:00:00Z', null],
    ['2024-04-31T00:00:00Z', null],
    ['2024-12-31T24:00:00Z', null],
    ['2024-12-31T23:60:00Z', null],
    ['2024-12-31T23:59:60Z', null],
    ['2024-01-13T10:00:00.123456Z', '2024-01-13T10:00:00.123456Z'],
    ['2024-01-13T10:00:00.1234567Z', null],
    ['2024-01-13T10:00:00.Z', null],
  ]
  for (const [value, expected] of cases) assert.equal(canonicalTimestamp(value), expected, value)
})
