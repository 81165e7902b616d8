// What a pseudonymous reader (CONTRACT 19) sees of an event, in the feed and in a webhook's body:
// its object walked by the marks of the schema its type names (an employee.* event by Employee's),
// its previous attributes by the same fields.

import type { TSchema } from 'typebox'
import type { FeedEvent } from '../../ocsf/render.js'
import { type People, type Pseudonyms, peopleOf, pseudonymousValue } from '../../privacy/people.js'
import { type EventSource, eventTypesOf } from '../../records/events.js'
import type { Resource } from '../resource.js'

/**
 * The walk of events whose object's schema their type chooses (`objectOf`; an event of a type it
 * does not know is refused): the object, and its previous attributes, top-level fields of the same
 * object.
 */
function eventPeople(objectOf: (type: string) => People | undefined): People {
  const walkOf = (event: FeedEvent): People => {
    const walk = objectOf(event.type)
    if (walk === undefined) throw new Error(`an event of a type without a walk: ${event.type}`)
    return walk
  }
  return {
    ids(value, into) {
      const event = value as FeedEvent
      const walk = walkOf(event)
      walk.ids(event.data.object, into)
      if (event.data.previous_attributes !== undefined) walk.ids(event.data.previous_attributes, into)
    },
    hide(value, pseudonymOf) {
      const event = value as FeedEvent
      const walk = walkOf(event)
      const { object, previous_attributes: previous } = event.data
      return {
        ...event,
        data: {
          object: walk.hide(object, pseudonymOf),
          ...(previous === undefined ? {} : { previous_attributes: walk.hide(previous, pseudonymOf) }),
        },
      }
    },
  }
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
  const walks = new Map<string, People>()
  for (const source of sources) {
    const walk = peopleOf(resolve(source.object.schema), resolve)
    for (const type of eventTypesOf(source)) walks.set(type, walk)
  }
  return eventPeople((type) => walks.get(type))
}

/**
 * An event as a pseudonymous webhook endpoint receives it: `people` (the events' walk), each
 * employee by the pseudonym the organization keeps (`pseudonyms.ofOrganization`).
 */
export function pseudonymousEvents(people: People, pseudonyms: Pick<Pseudonyms, 'ofOrganization'>) {
  return async (event: FeedEvent, organizationId: string): Promise<FeedEvent> =>
    (await pseudonymousValue(event, people, (ids) =>
      pseudonyms.ofOrganization(organizationId, ids),
    )) as FeedEvent
}
