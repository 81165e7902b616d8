// The event types the import can record are exactly the published list (CONTRACT 14): each
// resource's event sources make `.created`, `.updated` and `.deleted` of their name, or only
// `.updated` for one that is never created or deleted on its own.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { EVENT_TYPES } from '../../src/domain/values.js'
import { RESOURCES } from '../../src/resources/index.js'
import type { Resource } from '../../src/resources/resource.js'

test("the types the resources' event sources record are the published list, in its order", () => {
  const recorded = RESOURCES.flatMap((r: Resource) => r.events ?? []).flatMap((source) =>
    source.updateOnly === undefined
      ? ['created', 'updated', 'deleted'].map((kind) => `${source.name}.${kind}`)
      : [`${source.name}.updated`],
  )
  assert.deepEqual(recorded, [...EVENT_TYPES])
})
