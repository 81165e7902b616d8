// The periods of a series (src/history/periods.ts) against the calendar as Date reads it
// (test/helpers/series.ts): every boundary, for any interval and span up to 1,000 points; and the
// edges of the years the timestamps can write.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { INTERVALS } from '../../src/domain/time.js'
import { ApiError } from '../../src/errors.js'
import { periodsOf } from '../../src/history/periods.js'
import { RUNS, SEED } from '../helpers/seed.js'
import { periods } from '../helpers/series.js'

const DAY = 86_400_000
const text = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000Z`
const NOW = '2026-11-28T11:00:00.000000Z'

test('every period of any span is the calendar’s, oldest first', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...INTERVALS),
      fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
      fc.integer({ min: 0, max: 999 }),
      (interval, fromMs, span) => {
        const step = interval === 'month' ? 28 * DAY : interval === 'week' ? 7 * DAY : DAY
        const from = text(fromMs)
        const to = text(fromMs + span * step)
        const expected = periods(interval, from, to)
        if (expected.length > 1000) return
        assert.deepEqual(periodsOf(interval, from, to, NOW), expected)
      },
    ),
    { seed: SEED, numRuns: RUNS * 25 },
  )
})

test('the years the timestamps can write: a series within 1 to 9999 answers, one past them is a 422', () => {
  const first = periodsOf('day', '0001-01-01T00:00:00.000000Z', '0001-01-02T00:00:00.000000Z', NOW)
  assert.deepEqual(first[0], { start: '0001-01-01T00:00:00.000000Z', end: '0001-01-02T00:00:00.000000Z' })
  assert.deepEqual(periodsOf('day', '9999-12-30T00:00:00.000000Z', '9999-12-30T23:59:59.999999Z', NOW), [
    { start: '9999-12-30T00:00:00.000000Z', end: '9999-12-31T00:00:00.000000Z' },
  ])
  const problem = (f: () => unknown, parameter: string) =>
    assert.throws(f, (e: ApiError) => {
      assert.ok(e instanceof ApiError)
      assert.deepEqual(e.details[0]?.source, { parameter })
      return true
    })
  problem(() => periodsOf('month', undefined, '0001-03-01T00:00:00.000000Z', NOW), 'to')
  problem(() => periodsOf('day', '9999-12-30T00:00:00.000000Z', '9999-12-31T00:00:00.000000Z', NOW), 'to')
  problem(() => periodsOf('day', '2026-01-02T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z', NOW), 'from')
  assert.equal(
    periodsOf('week', '0001-01-03T00:00:00.000000Z', '0001-01-03T00:00:00.000000Z', NOW)[0]?.start,
    '0001-01-01T00:00:00.000000Z',
  )
})
