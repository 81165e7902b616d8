// Events: what each import changed, as a feed (CONTRACT 14). The events themselves are recorded by
// the importer from what each resource declares (src/resources/*/events.ts); webhooks deliver them.
// The feed is made from those declarations (resources/index.ts): its types and objects are theirs.

import type { People } from '../../privacy/people.js'
import type { EventSource } from '../../records/events.js'
import { rowPerItem } from '../export.js'
import type { Resource } from '../resource.js'
import { EVENT_CLIENT_SAMPLES, EVENT_EXAMPLES } from './examples.js'
import type { OcsfRenderer } from './ocsf.js'
import { eventSchema, ocsfEventSchema } from './schema.js'
import { EVENTS_READ } from './scopes.js'
import { EVENT_SQL } from './sql.js'

/** The events feed of these resources' event sources, whose types are `types`, `ocsf` rendering them in OCSF. */
export function eventFeed(
  sources: readonly EventSource[],
  types: readonly string[],
  ocsf: OcsfRenderer,
  people: People,
) {
  const Event = eventSchema(sources, types)
  return {
    name: 'events',
    about: 'the changes to all of it as an events feed',
    scopes: [EVENTS_READ],
    tag: {
      name: 'Events',
      description:
        'What changed, as a feed to follow (and as signed webhooks the operator configures): one event per resource an import created, changed or deleted.',
    },
    schemas: [Event, ocsfEventSchema(types)],
    routes: async (app) => (await import('./routes.js')).eventRoutes(app, types, ocsf, people),
    examples: EVENT_EXAMPLES,
    clientSamples: EVENT_CLIENT_SAMPLES,
    client: {
      namespace: 'events',
      operations: {
        listEvents: {
          method: 'list',
          page: 'page',
          filters: 'EventFilters',
          rename: { type: 'types' },
          nullable: ['after'],
          // Typed as Event; the OCSF rendering is for SIEM pulls (export, raw requests).
          omit: ['format'],
          doc: [
            'The events after `after`, oldest first, to the newest recorded so far.',
            '@example for await (const event of client.events.list({ workspaceId, after: stored })) handle(event)',
          ],
        },
      },
    },
    records: [],
    import: {},
    sql: EVENT_SQL,
    exports: [
      rowPerItem(
        {
          name: 'events',
          nouns: ['event', 'events'],
          path: '/v1/events',
          pageSize: 1000,
          after: true,
          ocsf: true,
          note: '`--after ID` to resume',
        },
        Event,
      ),
    ],
  } satisfies Resource<never>
}
