// Disclosure is declared, never assumed (CONTRACT 19): every field of every published schema carries
// a class (x-disclosure), the classes say what the contract says of a person's fields, the app
// refuses to start with a field that carries none (naming it) or with a route that answers a key
// without saying what a pseudonymous key sees, and docs/privacy.md's table is the classes' own.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import Type from 'typebox'
import { WORKSPACE_READ } from '../../src/resources/employees/scopes.js'
import { generatePrivacyDoc, PRIVACY_DOC_PATH } from '../../tools/privacy-doc.js'
import { testApp } from '../helpers/app.js'
import { classOf } from '../helpers/disclosure.js'
import { DOCUMENT } from '../helpers/openapi-document.js'
import { ROOT_URL } from '../helpers/root.js'

type Schema = {
  properties?: Record<string, Schema>
  items?: Schema
  $ref?: string
  anyOf?: Schema[]
  [key: string]: unknown
}

const CLASSES = new Set(['person', 'personal', 'figure', 'plain'])

/** What the contract says a pseudonymous reader sees of a person's fields (its words, section 19). */
const PERSON: Record<string, string> = {
  id: 'person',
  name: 'personal',
  username: 'personal',
  primary_email_address: 'personal',
  job_title: 'personal',
  timezone: 'personal',
  email_addresses: 'personal',
}

const isContainer = (s: Schema): boolean =>
  s.properties !== undefined ||
  s.$ref !== undefined ||
  (s.items !== undefined && isContainer(s.items)) ||
  (s.anyOf ?? []).some((m) => m.type !== 'null' && isContainer(m))

/** Every field below `schema` with its path, and whether it is a container of fields of its own. */
function* fields(schema: Schema, path: string): Generator<[string, Schema]> {
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    yield [`${path}.${name}`, field]
    if (classOf(field) !== 'personal') yield* inner(field, `${path}.${name}`)
  }
}
function* inner(schema: Schema, path: string): Generator<[string, Schema]> {
  if (schema['x-disclosed-as'] !== undefined) return
  yield* fields(schema, path)
  if (schema.items) yield* inner(schema.items, `${path}[]`)
  for (const member of schema.anyOf ?? []) if (member.type !== 'null') yield* inner(member, path)
}

const schemas = DOCUMENT.components.schemas as Record<string, Schema>

test('every field of every published schema says what it discloses', () => {
  const unclassified: string[] = []
  let classified = 0
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === 'OcsfEvent') continue // rendered from the Event as its reader sees it
    for (const [path, field] of fields(schema, name)) {
      if (field['x-disclosed-as'] !== undefined) continue
      const disclosure = classOf(field)
      if (isContainer(field) && disclosure !== 'personal') continue
      if (disclosure === undefined || !CLASSES.has(disclosure)) unclassified.push(path)
      else classified++
    }
  }
  assert.deepEqual(unclassified, [])
  assert.ok(classified > 300, `${classified} fields`)
})

test("the classes say at least what the contract says of a person's fields, wherever a person appears", () => {
  const wrong: string[] = []
  let people = 0
  for (const [name, schema] of Object.entries(schemas))
    for (const [path, field] of [[name, schema] as [string, Schema], ...inner(schema, name)]) {
      const props = field.properties
      if (props === undefined || !('username' in props || 'primary_email_address' in props)) continue
      people++
      // What the contract names is classed as it says; a field it does not name may be more private.
      for (const [f, value] of Object.entries(props))
        if (PERSON[f] !== undefined && classOf(value) !== PERSON[f])
          wrong.push(`${path}.${f}: ${classOf(value)}`)
    }
  // A breached account's address: personal; when it was breached: not.
  const accounts = schemas.CompromisedEmployee?.properties?.breached_accounts?.items?.properties ?? {}
  assert.equal(classOf(accounts.email as Schema), 'personal')
  assert.equal(classOf(accounts.compromised_at as Schema), 'plain')
  assert.deepEqual(wrong, [])
  assert.ok(people >= 15, `the employees and their references: ${people}`)
})

test('the app refuses to start with a published field that says nothing, naming it', async () => {
  await assert.rejects(
    testApp(
      'sqlite',
      [],
      {},
      {
        setup(app) {
          app.get(
            '/v1/unjudged',
            {
              config: { scope: WORKSPACE_READ.scope, people: 'none' },
              schema: {
                response: { 200: Type.Object({ data: Type.Object({ phone_number: Type.String() }) }) },
              },
            },
            async () => ({ data: { phone_number: '' } }),
          )
        },
      },
    ),
    /without a disclosure class.*\/v1\/unjudged\.data\.phone_number: no disclosure class/,
  )
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

test("docs/privacy.md's table is the classes' own (run `npm run openapi` after a change)", () => {
  const document = readFileSync(new URL('openapi.json', ROOT_URL), 'utf8')
  assert.equal(readFileSync(PRIVACY_DOC_PATH, 'utf8'), generatePrivacyDoc(document))
})
