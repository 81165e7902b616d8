// `awareness export --format records` (CONTRACT 13): a workspace exported as import records,
// imported into an empty instance, exports again to the same bytes, and the API answers alike.

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { AwarenessClient } from '@awareness-api/client'
import { demoRecords } from '../../src/demo/generate.js'
import { EXPORTS } from '../../src/resources/index.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS } from '../helpers/databases.js'
import type { Rec } from '../helpers/records.js'

/** What a records export takes, the organization (with its workspaces, what the others need) first. */
const RESOURCES = ['organization', 'employees', 'courses', 'groups', 'campaigns', 'inbox_tickets']

/** The answers that must be equal after the round trip: every list, each parent's children, statistics. */
const LISTS = ['/v1/employees', '/v1/courses', '/v1/groups', '/v1/campaigns', '/v1/inbox_tickets']
const CHILDREN = { '/v1/groups': 'employees', '/v1/campaigns': 'attacks', '/v1/inbox_tickets': 'reports' }
const OBJECTS = [
  '/v1/employees/statistics',
  '/v1/campaigns/statistics',
  '/v1/inbox_tickets/statistics',
  '/v1/inbox_tickets/list_employees_with_email_reports',
]

/** Every item of every list of `LISTS`, and the children of every parent, from the server at `url`. */
async function answers(url: string, apiKey: string, workspaceId: string): Promise<Map<string, unknown[]>> {
  const client = new AwarenessClient({ baseUrl: url, apiKey })
  const all = async (path: string) => {
    const items: unknown[] = []
    for await (const item of client.paginate(path, { workspace_id: workspaceId })) items.push(item)
    return items
  }
  const found = new Map<string, unknown[]>()
  for (const path of LISTS) found.set(path, await all(path))
  for (const [path, children] of Object.entries(CHILDREN))
    for (const { id } of found.get(path) as { id: string }[]) {
      const child = `${path}/${id}/${children}`
      found.set(child, await all(child))
    }
  for (const path of OBJECTS) found.set(path, [await client.request(path, { workspace_id: workspaceId })])
  return found
}

describe('awareness export --format records', () => {
  const records = [...demoRecords({ employees: 250, seed: 11 })] as unknown as Rec[]
  const organizationId = records.find((r) => r.type === 'organization')?.id as string
  const workspaceId = records.find((r) => r.type === 'workspace')?.id as string
  let source: TestApp
  let sourceUrl: string
  let sourceKey: string
  let dir: string
  /** The first export of each resource, from the source. */
  const first = new Map<string, string>()

  const fileOf = (resource: string, round: string) => join(dir, `${resource}.${round}.ndjson`)

  /** Exports every resource as records from the server at `url` (in parallel), and reads the files. */
  const exportAll = async (url: string, key: string, round: string) => {
    const texts = await Promise.all(
      RESOURCES.map(async (resource) => {
        const workspace = resource === 'organization' ? [] : ['--workspace', workspaceId]
        const out = ['--out', fileOf(resource, round)]
        const args = ['export', resource, ...workspace, '--format', 'records', '--url', url, ...out]
        const result = await runCli(args, { env: { AWARENESS_API_KEY: key } })
        assert.equal(result.code, 0, result.stderr)
        return readFileSync(fileOf(resource, round), 'utf8')
      }),
    )
    return new Map(RESOURCES.map((resource, i) => [resource, texts[i] as string]))
  }

  before(async () => {
    source = await testApp('sqlite', records)
    sourceUrl = await source.listen()
    sourceKey = await source.key({ organizationId })
    dir = mkdtempSync(join(tmpdir(), 'awareness-records-'))
    for (const [resource, text] of await exportAll(sourceUrl, sourceKey, 'first')) first.set(resource, text)
  })
  after(async () => {
    await source?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('the export holds lists longer than a page under a parent, and only the workspace exported', () => {
    const lines = [...first.values()].flatMap((text) =>
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    )
    const perCampaign = new Map<string, number>()
    for (const r of lines)
      if (r.type === 'attack') perCampaign.set(r.campaign_id, (perCampaign.get(r.campaign_id) ?? 0) + 1)
    const attacksPage = EXPORTS.find((e) => e.name === 'campaigns')?.records?.children?.pageSize ?? 0
    assert.ok(
      Math.max(...perCampaign.values()) > attacksPage,
      'a campaign with more than one page of attacks',
    )
    for (const type of [
      'employee',
      'course',
      'group',
      'group_member',
      'campaign',
      'inbox_ticket',
      'email_report',
    ])
      assert.ok(
        lines.some((r) => r.type === type),
        `no ${type} record`,
      )
    for (const r of lines) if ('workspace_id' in r) assert.equal(r.workspace_id, workspaceId)
  })

  for (const { dialect, skip } of DIALECTS) {
    test(`imported into an empty ${dialect} instance, it exports the same bytes and answers alike`, {
      skip,
    }, async () => {
      const target = await testApp(dialect)
      try {
        const files = RESOURCES.map((r) => fileOf(r, 'first'))
        const imported = await runCli(['import', ...files], { env: { DATABASE_URL: target.db.url } })
        assert.equal(imported.code, 0, imported.stderr)
        const targetUrl = await target.listen()
        const key = await target.key({ organizationId })
        const again = await exportAll(targetUrl, key, dialect)
        for (const resource of RESOURCES)
          assert.equal(again.get(resource), first.get(resource), `${resource}: the second export differs`)
        const expected = await answers(sourceUrl, sourceKey, workspaceId)
        const answered = await answers(targetUrl, key, workspaceId)
        assert.deepEqual([...answered.keys()], [...expected.keys()])
        for (const [path, items] of expected) assert.deepEqual(answered.get(path), items, path)
      } finally {
        await target.close()
      }
    })
  }

  test('imported again where it came from, it changes nothing', async () => {
    const files = RESOURCES.map((r) => fileOf(r, 'first'))
    const result = await runCli(['import', '--json', ...files], { env: { DATABASE_URL: source.db.url } })
    assert.equal(result.code, 0, result.stderr)
    const summary = JSON.parse(result.stdout)
    assert.equal(summary.changed, false, result.stdout)
    assert.deepEqual(summary.events, {})
  })

  test('only the resources that have records take --format records', async () => {
    const without = EXPORTS.filter((e) => e.records === undefined).map((e) => e.name)
    assert.ok(without.includes('breaches'))
    const args = (name: string) => ['export', name, '--workspace', workspaceId, '--format', 'records']
    const results = await Promise.all(
      without.map((name) =>
        runCli([...args(name), '--url', sourceUrl], { env: { AWARENESS_API_KEY: sourceKey } }),
      ),
    )
    for (const [i, result] of results.entries()) {
      assert.equal(result.code, 2, `${without[i]}: ${result.stderr}`)
      assert.equal(
        result.stderr,
        'awareness: --format records goes with organization, employees, courses, groups, campaigns, inbox_tickets (see awareness export --help)\n',
      )
      assert.equal(result.stdout, '')
    }
  })
})
