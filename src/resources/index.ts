// Every resource of the API, in the order an import writes them: parents before children; the
// events feed, made from what the others declare, at the end (an import records events last).

import type { NotFound } from '../errors.js'
import { allEventTypesOf } from '../records/events.js'
import type { ImportSteps, Persons, RecordSpec } from '../records/spec.js'
import { breaches } from './breaches/index.js'
import { campaigns } from './campaigns/index.js'
import { courses } from './courses/index.js'
import { employees } from './employees/index.js'
import { eventFeed } from './events/index.js'
import { ocsfRenderer } from './events/ocsf.js'
import { eventPeopleOf } from './events/people.js'

export { presentEvents } from './events/people.js'

import type { ResourceExport, StayingBehind } from './export.js'
import { groups } from './groups/index.js'
import { inbox } from './inbox/index.js'
import { organization } from './organization/index.js'
import { reports } from './reports/index.js'
import type { Resource } from './resource.js'
import { slash } from './slash/index.js'

const DATA = [organization, employees, courses, breaches, groups, campaigns, inbox, slash, reports] as const

/** What the resources' changes record as events (CONTRACT 14), in their order. */
export const EVENT_SOURCES = DATA.flatMap((resource: Resource) => resource.events ?? [])
/** Every event type, a stable list: `employee.created`, … */
export const EVENT_TYPES: readonly string[] = EVENT_SOURCES.flatMap(allEventTypesOf)

/** Every event (and the webhook ping) in OCSF (docs/ocsf.md). */
export const OCSF_RENDERER = ocsfRenderer(EVENT_SOURCES)

/** What a pseudonymous reader sees of the people of an event (CONTRACT 19): its object's schema's marks. */
export const EVENT_PEOPLE = eventPeopleOf(EVENT_SOURCES, DATA)

export const RESOURCES = [
  ...DATA,
  eventFeed(EVENT_SOURCES, EVENT_TYPES, OCSF_RENDERER, EVENT_PEOPLE),
] as const

/** The people an erasure erases (CONTRACT 20): the one resource that declares them. */
export const PERSONS: Persons = (() => {
  const declared = DATA.flatMap((resource: Resource) => (resource.persons ? [resource.persons] : []))
  if (declared.length !== 1) throw new Error(`one resource declares the people, not ${declared.length}`)
  return declared[0] as Persons
})()

/** The 404 of every id a resource serves (the workspace's is the engine's). */
export const NOT_FOUND: readonly NotFound[] = RESOURCES.flatMap((r: Resource) => r.notFound ?? [])
/** What each resource adds to an import, in the resources' order (an import runs them so). */
export const IMPORT_STEPS: readonly ImportSteps[] = RESOURCES.map((r: Resource) => r.import)
/** Everything `awareness export` can write, in the resources' order. */
export const EXPORTS: readonly ResourceExport[] = RESOURCES.flatMap((r: Resource) => r.exports)
/** The record types `export all` cannot write, and the answers that differ after a move. */
export const STAYING_BEHIND: readonly StayingBehind[] = RESOURCES.flatMap(
  (r: Resource) => r.staysBehind ?? [],
)

type TypeOf<S> = S extends RecordSpec<infer T> ? T : never
/** Every import record type: `employee`, `course_progress`, … */
export type RecordType = TypeOf<(typeof RESOURCES)[number]['records'][number]>

/** Every import record type's spec, parents before children. */
export const RECORDS: readonly RecordSpec<RecordType>[] = RESOURCES.flatMap(
  (resource): readonly RecordSpec<RecordType>[] => resource.records,
)
