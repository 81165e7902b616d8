// What a pseudonymous reader (CONTRACT 19) sees of an event, in the feed and in a webhook's body:
// its object walked by the classes of the schema its type names (an employee.* event by Employee's),
// its previous attributes by the same fields, less those the reader is shown emptied (it learns
// nothing of a name's change); an update whose changed fields were all such fields is not sent.

import type { TSchema } from 'typebox'
import type { Privacy } from '../../domain/privacy.js'
import type { FeedEvent } from '../../ocsf/render.js'
import { type People, type Pseudonyms, peopleOf, WITHHELD } from '../../privacy/people.js'
import { AS_READ, present, readerOf } from '../../privacy/present.js'
import { type EventSource, eventTypesOf } from '../../records/events.js'
import { disclosureOf } from '../../schemas/disclosure.js'
import type { Resource } from '../resource.js'

/** How the events of one type are walked: their object's walk, and its fields the reader sees emptied. */
interface EventWalk {
  object: People
  emptied: ReadonlySet<string>
}

/** Previous attributes without the fields the reader sees emptied; undefined when none is left. */
function previousShown(previous: Record<string, unknown>, emptied: ReadonlySet<string>) {
  const shown = Object.fromEntries(Object.entries(previous).filter(([name]) => !emptied.has(name)))
  return Object.keys(shown).length === 0 ? undefined : shown
}

/**
 * The walk of events whose object's schema their type chooses (`walkOf`; an event of a type it
 * does not know is refused): the object, and its previous attributes, top-level fields of the same
 * object.
 */
function eventPeople(walkOf: (type: string) => EventWalk | undefined): People {
  const of = (event: FeedEvent): EventWalk => {
    const walk = walkOf(event.type)
    if (walk === undefined) throw new Error(`an event of a type without a walk: ${event.type}`)
    return walk
  }
  return {
    ids(value, into) {
      const event = value as FeedEvent
      const { object } = of(event)
      object.ids(event.data.object, into)
      if (event.data.previous_attributes !== undefined) object.ids(event.data.previous_attributes, into)
    },
    hide(value, pseudonymOf) {
      const event = value as FeedEvent
      const { object: walk, emptied } = of(event)
      const { object, previous_attributes: previous } = event.data
      if (previous === undefined) return { ...event, data: { object: walk.hide(object, pseudonymOf) } }
      const shown = previousShown(previous, emptied)
      if (shown === undefined) return WITHHELD
      return {
        ...event,
        data: { object: walk.hide(object, pseudonymOf), previous_attributes: walk.hide(shown, pseudonymOf) },
      }
    },
  }
}

/** The top-level fields of an object's schema that a pseudonymous reader is shown emptied. */
function emptiedFields(schema: TSchema): Set<string> {
  const { properties } = schema as { properties?: Record<string, TSchema> }
  return new Set(
    Object.entries(properties ?? {})
      .filter(([, field]) => disclosureOf(field) === 'personal')
      .map(([name]) => name),
  )
}

/** The walk of the events of `sources`, whose objects' schemas `resources` declare. */
export function eventPeopleOf(sources: readonly EventSource[], resources: readonly Resource[]): People {
  const schemas = new Map<string, TSchema>()
  for (const resource of resources)
    for (const schema of resource.schemas) {
      const { $id } = schema as { $id?: string }
      if ($id !== undefined) schemas.set($id, schema)
    }
  const resolve = (ref: string): TSchema => {
    const schema = schemas.get(ref.replace(/#$/, ''))
    if (schema === undefined) throw new Error(`no resource declares the schema ${ref}`)
    return schema
  }
  const walks = new Map<string, EventWalk>()
  const walkOf = (ref: string): EventWalk => {
    const schema = resolve(ref)
    return { object: peopleOf(schema, resolve), emptied: emptiedFields(schema) }
  }
  for (const source of sources) {
    const walk = walkOf(source.object.schema)
    for (const type of eventTypesOf(source)) walks.set(type, walk)
    for (const other of source.others ?? []) walks.set(other.type, walkOf(other.object.schema))
  }
  return eventPeople((type) => walks.get(type))
}

/**
 * An event as a webhook endpoint of `privacy` receives it, through the one presenter: `people` (the
 * events' walk), each employee by the pseudonym the organization keeps (`pseudonyms.ofOrganization`);
 * undefined when it is not sent to such an endpoint at all.
 */
export function presentEvents(people: People, pseudonyms: Pick<Pseudonyms, 'ofOrganization'>) {
  return async (
    event: FeedEvent,
    privacy: Privacy,
    organizationId: string,
  ): Promise<FeedEvent | undefined> => {
    const reader = readerOf(privacy, { pseudonyms: (ids) => pseudonyms.ofOrganization(organizationId, ids) })
    const { shown } = await present(reader, people, () => event)
    if (shown === AS_READ) return event
    // An update of nothing such an endpoint may see is not sent to it.
    return shown === WITHHELD ? undefined : (shown as FeedEvent)
  }
}
