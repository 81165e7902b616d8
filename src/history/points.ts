// The schemas of a series' points (CONTRACT 17): the fields of the statistic they follow, after the
// period's `start` and `end`. A point of a state (what the last import before `end` kept) has
// every other field null where nothing was kept before its end; a point of a window never does.

import Type, { type TObject, type TSchema } from 'typebox'
import { Closed, Nullable, Timestamp, takesNull } from '../schemas/common.js'
import { plain } from '../schemas/disclosure.js'

const { pattern, examples } = Timestamp as unknown as { pattern: string; examples: string[] }
const instant = (description: string) =>
  plain(Type.String({ pattern, format: 'date-time', description, examples }))

const period = {
  start: instant('The first instant of the period (UTC), inclusive.'),
  end: instant('The first instant after the period (UTC), exclusive.'),
}

/** A point of a window twin: the statistic with its window set to the period. */
export function windowPoint(statistic: TObject, $id: string, description: string): TObject {
  return Closed({ ...period, ...statistic.properties }, { $id, description })
}

/**
 * A point of a state twin: what the last import before the period's end kept. Every field but
 * start and end is null when none before it kept anything.
 */
export function statePoint(fields: Record<string, TSchema>, $id: string, description: string): TObject {
  const nullable = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, takesNull(schema) ? schema : Nullable(schema)]),
  )
  return Closed({ ...period, ...nullable }, { $id, description })
}

/** The example answer of a monthly series: one point per value, from January 2026 on. */
export function monthlyExample(values: readonly Record<string, unknown>[]): {
  data: Record<string, unknown>[]
} {
  const month = (n: number) =>
    `${2026 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01T00:00:00.000000Z`
  return { data: values.map((value, n) => ({ start: month(n), end: month(n + 1), ...value })) }
}
