// The field types of import records (CONTRACT 12) and the conversions every record type shares.
// Import records are checked as strictly as responses, but accept any UUID case and 0 to 6
// fractional digits, stored in canonical form.

import Type from 'typebox'
import { canonicalTimestamp } from '../domain/time.js'
import { Closed } from '../schemas/common.js'

export const AnyUuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
})
// Any UTC date-time with 0 to 6 fractional digits; stored in the canonical six-digit form.
export const AnyTimestamp = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$',
})
export const Text = (maxLength = 1000) => Type.String({ maxLength })
export const Name = (maxLength = 1000) => Type.String({ minLength: 1, maxLength })
export const Count = Type.Integer({ minimum: 0, maximum: 2147483647 })
export const Year = Type.Integer({ minimum: 1, maximum: 1000 })
export const Ref = Closed({ id: AnyUuid })

/** A timestamp in canonical form; an impossible date is reported in `errors`. */
export function timestamp(value: string, field: string, errors: string[]): string {
  const canonical = canonicalTimestamp(value)
  if (canonical === null) errors.push(`${field}: ${JSON.stringify(value)} is not a real UTC date-time`)
  return canonical ?? value
}

export function nullableTimestamp(value: string | null, field: string, errors: string[]): string | null {
  return value === null ? null : timestamp(value, field, errors)
}

/** Ids are stored in lower case. */
export const id = (value: string): string => value.toLowerCase()

// Time-zone names already judged. Bounded at 10,000 names (later ones are judged each time); the
// answer for a name never changes within a process, so sharing it across imports is safe.
const timeZones = new Map<string, boolean>()

export function isTimeZone(name: string): boolean {
  let known = timeZones.get(name)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name })
      known = true
    } catch {
      known = false
    }
    if (timeZones.size < 10000) timeZones.set(name, known)
  }
  return known
}
