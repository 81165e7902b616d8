// The event types are the resources' declarations (each event source makes `.created`, `.updated`
// and `.deleted` of its name, or without `.deleted`, or only `.updated`; then the types it records
// outside imports, such as `employee.erased`). The published list is the committed document's
// (its drift test pins it): the feed's filter and the Event type name exactly these, in this order.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { EVENT_SOURCES, EVENT_TYPES } from '../../src/resources/index.js'
import { ROOT_URL } from '../helpers/root.js'

const doc = JSON.parse(readFileSync(new URL('openapi.json', ROOT_URL), 'utf8'))

test('every event source records its own types, in the order of the sources', () => {
  const byPrefix = EVENT_TYPES.map((type) => type.slice(0, type.lastIndexOf('.')))
  assert.deepEqual(
    [...new Set(byPrefix)],
    EVENT_SOURCES.map((s) => s.name),
  )
  for (const source of EVENT_SOURCES) {
    const kinds = EVENT_TYPES.filter((t) => t.startsWith(`${source.name}.`)).map((t) => t.split('.')[1])
    const expected = source.updateOnly
      ? ['updated']
      : source.deletions === false
        ? ['created', 'updated']
        : ['created', 'updated', 'deleted']
    const others = (source.others ?? []).map((o) => o.type.split('.')[1])
    assert.deepEqual(kinds, [...expected, ...others], source.name)
  }
})

test('the document publishes them as the Event type and the feed filter', () => {
  assert.deepEqual(doc.components.schemas.Event.properties.type.enum, [...EVENT_TYPES])
  const filter = doc.paths['/v1/events'].get.parameters.find((p: { name: string }) => p.name === 'type')
  assert.deepEqual(filter.schema.items.enum, [...EVENT_TYPES])
  assert.ok(EVENT_TYPES.includes('employee.created') && EVENT_TYPES.includes('course_progress.updated'))
  // CONTRACT 15: an attack is created and updated, never deleted on its own.
  assert.ok(EVENT_TYPES.includes('attack.updated') && !EVENT_TYPES.includes('attack.deleted'))
  // CONTRACT 20: an erasure tells every integration.
  assert.ok(EVENT_TYPES.includes('employee.erased'))
})
