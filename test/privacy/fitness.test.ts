// What keeps a pseudonymous key (CONTRACT 19) from seeing a person through an endpoint added later:
// every published schema that describes an employee marks each field that tells who they are (the
// marks the pseudonymous step compiles its walk from), and the app refuses to start with a route
// that answers a key without saying what such a key sees.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { WORKSPACE_READ } from '../../src/resources/employees/scopes.js'
import { testApp } from '../helpers/app.js'
import { DOCUMENT } from '../helpers/openapi-document.js'

type Schema = { properties?: Record<string, Schema>; items?: Schema; [key: string]: unknown }

/** What each field of a person must be shown as to a pseudonymous key (absent fields aside). */
const PERSON: Record<string, string> = {
  id: 'pseudonym',
  name: 'null',
  username: 'null',
  primary_email_address: 'null',
  job_title: 'null',
  timezone: 'null',
  email_addresses: 'empty',
}
/** Fields that name a person wherever they appear. */
const PERSON_IDS = /^(employee|manager|reporter|member)_id$/

/** Every object schema below `schema`, with its path. */
function* objects(schema: Schema, path: string): Generator<[string, Schema]> {
  if (schema.properties) {
    yield [path, schema]
    for (const [name, field] of Object.entries(schema.properties)) yield* objects(field, `${path}.${name}`)
  }
  if (schema.items) yield* objects(schema.items, `${path}[]`)
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, member] of ((schema[key] as Schema[] | undefined) ?? []).entries())
      yield* objects(member, `${path}|${i}`)
}

test('every schema that describes an employee marks each field that tells who they are', () => {
  const schemas = DOCUMENT.components.schemas as Record<string, Schema>
  const unmarked: string[] = []
  let people = 0
  for (const [name, schema] of Object.entries(schemas))
    for (const [path, object] of objects(schema, name)) {
      const fields = object.properties as Record<string, Schema>
      const person = 'username' in fields || 'primary_email_address' in fields
      if (person) people++
      for (const [field, value] of Object.entries(fields)) {
        const mark = value['x-pseudonymous']
        const expected = person
          ? PERSON[field]
          : PERSON_IDS.test(field)
            ? 'pseudonym'
            : path.endsWith('.breached_accounts[]') && field === 'email'
              ? 'null'
              : undefined
        if (mark !== expected) unmarked.push(`${path}.${field}: ${String(mark)}, not ${String(expected)}`)
      }
    }
  assert.deepEqual(unmarked, [])
  assert.ok(people >= 15, `the employees and their references: ${people}`)
})

test('the app refuses to start with a route that answers a key without saying what a pseudonymous key sees', async () => {
  await assert.rejects(
    testApp(
      'sqlite',
      [],
      {},
      {
        setup(app) {
          app.get('/v1/forgotten', { config: { scope: WORKSPACE_READ.scope } }, async () => ({ data: [] }))
        },
      },
    ),
    /\/v1\/forgotten answers a key without saying what a pseudonymous key sees/,
  )
})
