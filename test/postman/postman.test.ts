// The Postman collection: generated from the OpenAPI document and committed (drift fails), and run
// by Newman, Postman's own runner, against a live server: every request answers 200 with the key
// and ids the collection's scripts carry, and each list is walked whole through its Link headers.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import newman from 'newman'
import { generatePostmanCollection } from '../../tools/postman.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import { ROOT_URL } from '../helpers/root.js'

const COLLECTION = new URL('postman/awareness-api.postman_collection.json', ROOT_URL)
const committed = readFileSync(COLLECTION, 'utf8')
const document = readFileSync(new URL('openapi.json', ROOT_URL), 'utf8')

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

  test('every request answers 200; ids are carried from answer to request; each list is walked whole through Link', async () => {
    const key = await t.key({ organizationId: d.orgA.id as string })
    const summary = await new Promise<newman.NewmanRunSummary>((resolve, reject) =>
      newman.run(
        {
          collection: JSON.parse(committed),
          envVar: [
            { key: 'baseUrl', value: base },
            { key: 'apiKey', value: key },
            { key: 'maxPages', value: '1000' },
          ],
          reporters: [],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    )
    const failed = summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)
    assert.deepEqual(failed, [])
    const executions = summary.run.executions
    for (const e of executions) assert.equal(e.response?.code, 200, e.item.name)
    const paths = JSON.parse(document).paths as Record<
      string,
      { get: { summary: string; parameters: { name: string }[] } }
    >
    const operations = Object.values(paths).map((p) => p.get)
    assert.deepEqual(
      [...new Set(executions.map((e) => e.item.name))],
      operations.map((o) => o.summary),
    )
    // The first workspace of the organization, as the organization's answer listed it.
    const workspaceId = oracle.organization(d.all, d.orgA.id as string).workspaces[0]?.id as string
    let walkedSeveralPages = 0
    for (const operation of operations.filter((o) => o.parameters.some((p) => p.name === 'x-item-limit'))) {
      const sends = executions.filter((e) => e.item.name === operation.summary)
      const urls = sends.map((e) => e.request.url.toString())
      assert.ok(urls[0]?.includes(`workspace_id=${workspaceId}`), urls[0])
      for (const [i, url] of urls.entries()) {
        assert.equal(url.includes('cursor='), i > 0, url)
        assert.equal(sends[i]?.request.headers.get('x-next-cursor'), undefined)
      }
      if (sends.length > 1) walkedSeveralPages++
      const walked = sends.flatMap(
        (e) => JSON.parse(e.response?.stream?.toString() ?? '{}').data as unknown[],
      )
      // The same list walked through x-next-cursor, from the URL Newman first sent.
      const byHeaders: unknown[] = []
      let cursor: string | null = null
      do {
        const response: Response = await fetch(urls[0] as string, {
          headers: { 'x-api-key': key, ...(cursor ? { 'x-next-cursor': cursor } : {}) },
        })
        byHeaders.push(...((await response.json()) as { data: unknown[] }).data)
        cursor = response.headers.get('x-next-cursor')
      } while (cursor)
      assert.deepEqual(walked, byHeaders, operation.summary)
    }
    assert.ok(walkedSeveralPages >= 2, 'the dataset gives at least two lists several pages')
    const employees = executions
      .filter((e) => e.item.name === 'List the employees of a workspace')
      .flatMap((e) =>
        (JSON.parse(e.response?.stream?.toString() ?? '{}').data as { id: string }[]).map((x) => x.id),
      )
    assert.deepEqual(
      employees,
      oracle.employees(d.all, workspaceId).map((e) => e.id),
    )
  })
})
