// Event ids are UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, the version, an 8-bit step, then
// 64 bits (and the variant) of a keyed hash of the record the event is about. An import takes a
// millisecond later than the last stored event's, so ids increase in the order imports committed;
// within one import, the step orders what it records in turn (a resource's created events before
// its updated and deleted ones, a resource before those recorded after it), and within a step the
// hash, keyed by a secret of the import, is in no order at all: nothing in an id counts the events
// of other organizations recorded beside it.

import { hash, randomBytes } from 'node:crypto'

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The first 15 characters of every event id of millisecond `ms`: `tttttttt-tttt-7`. */
export function eventIdTime(ms: number): string {
  const time = ms.toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8)}-7`
}

/** The step's two hex digits. */
export function eventIdStep(step: number): string {
  if (!Number.isInteger(step) || step < 0 || step > 255)
    throw new Error(`an event id's step is 0 to 255: ${step}`)
  return step.toString(16).padStart(2, '0')
}

/** An event id from its time and step (`tttttttt-tttt-7ss`) and 16 hex digits of its hash (SQL's form: db/dialect.ts). */
export function eventIdOf(timeAndStep: string, hash: string): string {
  return `${timeAndStep}${hash.slice(0, 1)}-8${hash.slice(1, 4)}-${hash.slice(4, 16)}`
}

/** The event id of a record of an import: its time and step, the hash of the import's secret and its key. */
export function eventIdOfRecord(timeAndStep: string, secret: string, key: string): string {
  return eventIdOf(timeAndStep, eventIdHash(secret, `${timeAndStep}/${key}`))
}

/** The hash an event id carries: of the import's secret, then its time, step and record's key (md5, as in SQL). */
function eventIdHash(secret: string, key: string): string {
  return hash('md5', `${secret}${key}`, 'hex')
}

/** A new event id of millisecond `ms`, alone in its import (a ping). */
export function newEventId(ms: number): string {
  return eventIdOf(`${eventIdTime(ms)}${eventIdStep(0)}`, randomBytes(8).toString('hex'))
}

/** Below every event id of millisecond `ms` and later (their version digit is 7): where pruning stops. */
export function eventIdsFrom(ms: number): string {
  const time = ms.toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8)}-0000-0000-000000000000`
}

/** The Unix milliseconds of a UUIDv7, or null when `id` is not one. */
export function eventIdMillis(id: string): number | null {
  if (!V7.test(id)) return null
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
}
