// The import reads every timestamp character by character (domain/time.ts); this pins it to the
// definition it replaced: the contract's pattern, a real calendar date, and six fractional digits.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { canonicalTimestamp, instantOf } from '../../src/domain/time.js'

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

/** instantOf's definition, written apart: RFC 3339's parts to microseconds since the epoch and back. */
function instantReference(raw: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return reference(`${raw}T00:00:00Z`)
  const m = /^(.{19})(\.\d{1,6})?(Z|([+-])(\d{2}):(\d{2}))$/.exec(raw)
  if (!m) return null
  const [, local, fraction = '', zone, sign, hh, mm] = m as unknown as string[]
  const utc = reference(`${local}${fraction}Z`)
  if (utc === null || zone === 'Z') return utc
  if (Number(hh) > 23 || Number(mm) > 59) return null
  const epoch = (text: string) => {
    const d = new Date(0)
    d.setUTCFullYear(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)))
    d.setUTCHours(Number(text.slice(11, 13)), Number(text.slice(14, 16)), Number(text.slice(17, 19)), 0)
    return BigInt(d.getTime()) * 1000n + BigInt(text.slice(20, 26))
  }
  const offset = BigInt((Number(hh) * 60 + Number(mm)) * 60_000_000) * (sign === '-' ? -1n : 1n)
  const micros = epoch(utc) - offset
  const ms = Number(micros / 1000n - (micros % 1000n < 0n ? 1n : 0n))
  const d = new Date(ms)
  const year = d.getUTCFullYear()
  if (year < 1 || year > 9999) return null
  const rest = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n
  return `${String(year).padStart(4, '0')}${d.toISOString().slice(-20, -5)}.${String(rest).padStart(6, '0')}Z`
}

const instant = fc
  .tuple(
    timestamp.map((t) => t.replace(/(Z|z|Z\n|\+00:00|ZZ)?$/, '')),
    fc.oneof(
      fc.constant('Z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }))
        .map(([s, h, m]) => `${s}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      fc.constantFrom('', '+0100', '+01', 'z'),
    ),
  )
  .map(([time, zone]) => `${time}${zone}`)

test('instantOf reads RFC 3339 with Z or an offset and 0 to 6 fractional digits, or a date, as the UTC instant it names', () => {
  fc.assert(
    fc.property(fc.oneof(instant, fc.string({ maxLength: 32 })), (value) => {
      assert.equal(instantOf(value), instantReference(value), JSON.stringify(value))
    }),
    { numRuns: 20000 },
  )
  const cases: [string, string | null][] = [
    ['2026-11-28T11:00:00.5+01:00', '2026-11-28T10:00:00.500000Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000000Z'],
    ['2024-02-29T23:59:59.999999-05:30', '2024-03-01T05:29:59.999999Z'],
    ['2026-11-28T10:00:00-00:00', '2026-11-28T10:00:00.000000Z'],
    ['0001-01-01T00:30:00+01:00', null],
    ['9999-12-31T23:30:00-01:00', null],
    ['2026-11-28T10:00:00.1234567Z', null],
    ['2026-11-28T10:00:00', null],
    ['2026-11-28T10:00:00+24:00', null],
    ['2026-11-28', '2026-11-28T00:00:00.000000Z'],
  ]
  for (const [value, expected] of cases) assert.equal(instantOf(value), expected, value)
})
