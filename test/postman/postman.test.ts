// The Postman collection: generated from the OpenAPI document and committed (drift fails), and run
// by Newman, Postman's own runner, against a live server: every request answers 200 with the key
// and ids the collection's scripts carry, and a list's second send brings its next page.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import newman from 'newman'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import { generatePostmanCollection } from '../helpers/postman.js'

const COLLECTION = new URL('../../postman/awareness-api.postman_collection.json', import.meta.url)
const committed = readFileSync(COLLECTION, 'utf8')
const document = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')

test('the committed collection is generated from openapi.json (run `npm run openapi` after a change)', () => {
  assert.equal(generatePostmanCollection(document), committed)
})

describe('the collection run by Newman against a live server', () => {
  let t: TestApp
  let d: ApiDataset
  let base: string
  before(async () => {
    d = apiDataset(60)
    t = await testApp('sqlite', d.all)
    base = await t.listen()
  })
  after(() => t?.close())

  test('every request answers 200; ids and cursors are carried from answer to request', async () => {
    const key = await t.key({ organizationId: d.orgA.id as string })
    const summary = await new Promise<newman.NewmanRunSummary>((resolve, reject) =>
      newman.run(
        {
          collection: JSON.parse(committed),
          iterationCount: 2,
          envVar: [
            { key: 'baseUrl', value: base },
            { key: 'apiKey', value: key },
          ],
          reporters: [],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    )
    const operations = Object.keys(JSON.parse(document).paths).length
    const executions = summary.run.executions
    assert.equal(executions.length, 2 * operations)
    const failed = summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)
    assert.deepEqual(failed, [])
    for (const e of executions) assert.equal(e.response?.code, 200, e.item.name)
    // The first workspace of the organization, as the organization's answer listed it.
    const workspaceId = oracle.organization(d.all, d.orgA.id as string).workspaces[0]?.id
    const employees = executions.filter((e) => e.item.name === 'List the employees of a workspace')
    assert.equal(employees.length, 2)
    const [first, second] = employees.map((e) => ({
      url: e.request.url.toString(),
      cursorSent: e.request.headers.get('x-next-cursor'),
      cursorReceived: e.response?.headers.get('x-next-cursor'),
      ids: (JSON.parse(e.response?.stream?.toString() ?? '{}').data as { id: string }[]).map((x) => x.id),
    }))
    assert.ok(first && second)
    assert.ok(first.url.includes(`workspace_id=${workspaceId}`), first.url)
    assert.equal(first.cursorSent, undefined)
    assert.ok(first.cursorReceived)
    assert.equal(second.cursorSent, first.cursorReceived)
    const all = oracle.employees(d.all, workspaceId as string).map((e) => e.id)
    assert.deepEqual([...first.ids, ...second.ids], all)
  })
})
