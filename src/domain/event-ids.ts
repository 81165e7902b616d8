// Event ids are UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then the version, then bits each
// import fills with a random part and a counter. An import takes a millisecond later than the last
// stored event's, so ids increase in the order imports committed; within one, the counter orders.

import { randomBytes } from 'node:crypto'

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/**
 * The first 24 characters of an import's event ids (`tttttttt-tttt-7rrr-8rrr-`); the last 12 are
 * the event's counter in hex.
 */
export function eventIdPrefix(ms: number): string {
  const time = ms.toString(16).padStart(12, '0')
  const random = randomBytes(3).toString('hex')
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(0, 3)}-8${random.slice(3)}-`
}

/** Below every event id of millisecond `ms` and later (their version digit is 7): where pruning stops. */
export function eventIdsFrom(ms: number): string {
  const time = ms.toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8)}-0000-0000-000000000000`
}

/** An event id from its import's prefix and its counter. */
export function eventId(prefix: string, counter: number): string {
  return prefix + counter.toString(16).padStart(12, '0')
}

/** The Unix milliseconds of a UUIDv7, or null when `id` is not one. */
export function eventIdMillis(id: string): number | null {
  if (!V7.test(id)) return null
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
}
