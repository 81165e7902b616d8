// The event types are the resources' declarations (each event source makes `.created`, `.updated`
// and `.deleted` of its name, or only `.updated`); the published list (CONTRACT 14) is pinned here,
// so that a change to a declaration that would change it fails.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { EVENT_TYPES } from '../../src/resources/index.js'

const PUBLISHED = [
  'employee.created',
  'employee.updated',
  'employee.deleted',
  'course.created',
  'course.updated',
  'course.deleted',
  'course_progress.updated',
  'breach.created',
  'breach.updated',
  'breach.deleted',
  'compromised_employee.created',
  'compromised_employee.updated',
  'compromised_employee.deleted',
]

test("the types the resources' event sources record are the published list, in its order", () => {
  assert.deepEqual([...EVENT_TYPES], PUBLISHED)
})

test('the document publishes them as the Event type and the feed filter', () => {
  const doc = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'))
  assert.deepEqual(doc.components.schemas.Event.properties.type.enum, PUBLISHED)
  const filter = doc.paths['/v1/events'].get.parameters.find((p: { name: string }) => p.name === 'type')
  assert.deepEqual(filter.schema.items.enum, PUBLISHED)
})
