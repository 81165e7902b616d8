// progressEntryTail renders a progress entry after its course (render.ts); this pins its text to what
// JSON.stringify makes of the same entry with the published schema's keys in the schema's order.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { progressEntryTail } from '../../../src/resources/courses/render.js'
import { CourseProgress, ProgressYear } from '../../../src/resources/courses/schema.js'
import { PROGRESS_STATUSES } from '../../../src/resources/courses/values.js'

const timestamp = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((d) =>
    fc
      .integer({ min: 0, max: 999 })
      .map((us) => `${d.toISOString().slice(0, 23)}${String(us).padStart(3, '0')}Z`),
  )
const status = fc.constantFrom(...PROGRESS_STATUSES)
const year = fc.record({
  year: fc.integer({ min: 1, max: 1000 }),
  status,
  due_at: timestamp,
  completed_at: fc.option(timestamp, { nil: null }),
  quiz_score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
})
const entry = fc.record({
  status: fc.option(status, { nil: null }),
  quiz_score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  years: fc.array(year, { maxLength: 5 }),
})

function ordered(keys: string[], value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, value[k]]))
}

test('a progress entry tail is the JSON of the entry, keys in the schema order', () => {
  const entryKeys = Object.keys(CourseProgress.properties)
  const yearKeys = Object.keys(ProgressYear.properties)
  fc.assert(
    fc.property(entry, (e) => {
      const expected = JSON.stringify(
        ordered(entryKeys, {
          course: null,
          status: e.status,
          years: e.years.map((y) => ordered(yearKeys, y)),
          quiz_score: e.quiz_score,
        }),
      )
      assert.equal(`{"course":null${progressEntryTail(e)}`, expected)
    }),
    { numRuns: 2000 },
  )
})
