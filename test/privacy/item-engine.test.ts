// The item engine's pseudonymous step (CONTRACT 19), for an item operation whose answer holds a
// person (none of the published ones does yet, so a test operation declares one): a pseudonymous key
// names the person by their pseudonym in the path and sees their pseudonym and no personal field in
// the answer; their real id is an unknown one; an identified key sees the answer as read.

import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'kysely'
import Type from 'typebox'
import { notFound } from '../../src/errors.js'
import { pseudonymOf } from '../../src/privacy/pseudonyms.js'
import { EMPLOYEE_NOT_FOUND, EmployeeReference } from '../../src/resources/employees/schema.js'
import { WORKSPACE_READ } from '../../src/resources/employees/scopes.js'
import { defineItem, itemRoute } from '../../src/routing/item.js'
import { param } from '../../src/routing/parameters.js'
import { workspaceId } from '../../src/routing/schemas.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { smallDataset } from '../helpers/records.js'

const OWNER = defineItem({
  operationId: 'getTestOwner',
  path: '/v1/test/owners/:employee_id',
  summary: 'An employee as a reference (a test operation)',
  description: 'The employee, as other items embed them.',
  scope: WORKSPACE_READ.scope,
  parameters: { workspace_id: workspaceId, employee_id: param.uuid('The employee.') },
  people: ['employee_id'],
  item: 'TestOwner',
  async reach(from, { employee_id }) {
    const found = await from
      .selectFrom('employees as e')
      .select('e.id')
      .where('e.id', '=', employee_id)
      .executeTakeFirst()
    if (found === undefined) throw notFound(EMPLOYEE_NOT_FOUND)
  },
  async read(from, { employee_id }) {
    const row = await from
      .selectFrom('employees as e')
      .select(sql<string>`e.ref_json`.as('ref'))
      .where('e.id', '=', employee_id)
      .executeTakeFirstOrThrow()
    return { owner: JSON.parse(row.ref) as unknown, note: 'kept as it is' }
  },
})

const d = smallDataset()
const ws = d.ws.id as string
const manager = d.manager as { id: string; name: string; username: string }
let t: TestApp
let pseudonymous: string
let identified: string
let pseudonym: string

before(async () => {
  t = await testApp(
    'sqlite',
    d.all,
    {},
    {
      setup(app) {
        app.addSchema(Type.Object({ owner: EmployeeReference, note: Type.String() }, { $id: 'TestOwner' }))
        itemRoute(app, OWNER)
      },
    },
  )
  const org = d.org.id as string
  pseudonymous = await t.key({ organizationId: org, privacy: 'pseudonymous' })
  identified = await t.key({ organizationId: org })
  const { secret } = await t.db.handle.db
    .selectFrom('pseudonym_secrets')
    .select('secret')
    .where('organization_id', '=', org)
    .executeTakeFirstOrThrow()
  pseudonym = pseudonymOf(Buffer.from(secret, 'base64'), manager.id)
})
after(() => t?.close())

const ask = (id: string, key: string) =>
  t.app.inject({ url: `/v1/test/owners/${id}?workspace_id=${ws}`, headers: { 'x-api-key': key } })

test('a pseudonymous key names the person by pseudonym and sees the pseudonym, no personal field', async () => {
  const r = await ask(pseudonym, pseudonymous)
  assert.equal(r.statusCode, 200, r.body)
  assert.deepEqual(JSON.parse(r.body), {
    data: {
      owner: { id: pseudonym, name: null, primary_email_address: null, username: null },
      note: 'kept as it is',
    },
  })
  for (const real of [manager.id, manager.name, manager.username]) assert.ok(!r.body.includes(real))
})

test("the person's real id is unknown to a pseudonymous key, and a pseudonym to an identified one", async () => {
  const unknown = await ask(manager.id, pseudonymous)
  assert.equal(unknown.statusCode, 404, unknown.body)
  assert.equal((await ask(pseudonym, identified)).statusCode, 404)
})

test('an identified key sees the answer as read', async () => {
  const r = await ask(manager.id, identified)
  assert.equal(r.statusCode, 200, r.body)
  assert.equal((JSON.parse(r.body) as { data: { owner: { name: string } } }).data.owner.name, manager.name)
})
