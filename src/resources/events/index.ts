// Events: what each import changed, as a feed (CONTRACT 14). The events themselves are recorded by
// the importer from what each resource declares (src/resources/*/events.ts); webhooks deliver them.

import type { ImportSteps } from '../../records/spec.js'
import type { Resource } from '../resource.js'
import { EVENT_CLIENT_SAMPLES, EVENT_EXAMPLES } from './examples.js'
import { Event } from './schema.js'

export const events = {
  name: 'events',
  tag: {
    name: 'Events',
    description:
      'What changed, as a feed to follow (and as signed webhooks the operator configures): one event per resource an import created, changed or deleted.',
  },
  schemas: [Event],
  routes: async (app) => (await import('./routes.js')).eventRoutes(app),
  examples: EVENT_EXAMPLES,
  clientSamples: EVENT_CLIENT_SAMPLES,
  records: [],
  import: {} as ImportSteps,
} satisfies Resource<never>
