// CONTRACT 17, the window twins' kept periods: each import keeps every window statistic per month,
// ISO week and day of the workspaces it changed, and a series read from them answers byte for byte
// what asking the statistic once per period answers (the twin's own definition), on the demo's
// years of data, after an import that changes only employees' statuses (the campaigns' active
// count moves in every period), and after a --replace that empties a workspace.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { demoRecords } from '../../src/demo/generate.js'
import { importSources } from '../../src/importer/import.js'
import { BREACH_STATISTICS_ID } from '../../src/resources/breaches/statistics.js'
import { CAMPAIGN_STATISTICS_ID } from '../../src/resources/campaigns/statistics.js'
import { INBOX_STATISTICS_ID } from '../../src/resources/inbox/statistics.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type Rec, source } from '../helpers/records.js'

const TWINS = [
  ['/v1/campaigns/statistics/history', CAMPAIGN_STATISTICS_ID],
  ['/v1/breaches/statistics/history', BREACH_STATISTICS_ID],
  ['/v1/inbox_tickets/statistics/history', INBOX_STATISTICS_ID],
] as const

// Spans that hold every record of the demo, at each interval's most points or near it.
const SPANS = [
  'interval=day&from=2024-09-07&to=2027-06-02',
  'interval=week&from=2024-01-01',
  'interval=month&from=2023-01-01',
]

for (const { dialect, skip } of DIALECTS) {
  describe(`the window twins' kept periods (${dialect})`, { skip }, () => {
    let t: TestApp
    let key: string
    const records = [...demoRecords({ employees: 120, seed: 11, workspaces: 2, anchor: new Date() })] as Rec[]
    const workspaces = records.filter((r) => r.type === 'workspace').map((r) => r.id as string)
    const organizationId = records.find((r) => r.type === 'organization')?.id as string

    before(async () => {
      // A series asked period by period takes seconds, more on a machine running other files: this
      // file checks what it answers, not the deadline (test/http/deadline.test.ts does).
      t = await testApp(dialect, records, { REQUEST_TIMEOUT: '60s' })
      key = await t.key({ organizationId })
    })
    after(() => t?.close())

    const bodies = async (workspace: string): Promise<string[]> => {
      const answers: string[] = []
      for (const [path] of TWINS)
        for (const span of SPANS) {
          const r = await t.request(`${path}?workspace_id=${workspace}&${span}`, { key })
          assert.equal(r.status, 200, r.body)
          answers.push(r.body)
        }
      return answers
    }

    /** Each twin's series from the kept periods, then with them gone (each period asked), alike. */
    const assertKeptAsAsked = async (workspace: string) => {
      const kept = await bodies(workspace)
      const db = t.db.handle.db
      await sql`delete from period_statistics where workspace_id = ${workspace}`.execute(db)
      const asked = await bodies(workspace)
      for (const [i, body] of kept.entries()) assert.equal(body, asked[i], `${workspace} ${i}`)
      return kept
    }

    // First: the tests after it leave workspaces with no periods kept, whose series are asked slowly.
    test("a series' bytes: HEAD answers its headers alone; series sent at once keep their own bytes, compressed or not", async () => {
      const urls = workspaces.flatMap((workspace) => [
        ...TWINS.map(([path]) => `${path}?workspace_id=${workspace}&${SPANS[0]}`),
        `/v1/employees/statistics/history?workspace_id=${workspace}&${SPANS[0]}`,
      ])
      const expected: string[] = []
      for (const url of urls) {
        const get = await t.request(url, { key })
        assert.equal(get.status, 200, get.body)
        expected.push(get.body)
        const head = await t.request(url, { key, method: 'HEAD' })
        assert.equal(head.status, 200)
        assert.equal(head.body, '')
        assert.equal(Number(head.headers['content-length']), Buffer.byteLength(get.body))
        assert.equal(head.headers.etag, get.headers.etag)
      }
      // Each body is written into a buffer another response gave back: answered together, over a
      // socket, every one must still be its own.
      const base = await t.listen()
      const answers = await Promise.all(
        Array.from({ length: 64 }, async (_, i) => {
          const response = await fetch(base + urls[i % urls.length], {
            headers: { 'x-api-key': key, 'accept-encoding': i % 2 === 0 ? 'identity' : 'gzip' },
          })
          return { i, status: response.status, body: await response.text() }
        }),
      )
      for (const { i, status, body } of answers) {
        assert.equal(status, 200, body)
        assert.equal(body, expected[i % urls.length], urls[i % urls.length])
      }
    })

    test('a series is compressed at the fastest levels, a page at the default ones', async () => {
      const answer = async (url: string, encoding: string) =>
        t.app.inject({ url, headers: { 'x-api-key': key, 'accept-encoding': encoding } })
      const levels = [
        [`/v1/campaigns/statistics/history?workspace_id=${workspaces[0]}&${SPANS[0]}`, 1, 1],
        [`/v1/employees?workspace_id=${workspaces[0]}&limit=100`, 6, 4],
      ] as const
      for (const [url, gzipLevel, brotliQuality] of levels) {
        const plain = (await answer(url, 'identity')).rawPayload
        assert.ok(plain.length > 10_000, url)
        const gzip = await answer(url, 'gzip')
        assert.equal(gzip.headers['content-encoding'], 'gzip')
        assert.deepEqual(
          gzip.rawPayload,
          gzipSync(plain, { level: gzipLevel }),
          `${url}: gzip level ${gzipLevel}`,
        )
        const br = await answer(url, 'br')
        assert.equal(br.headers['content-encoding'], 'br')
        assert.deepEqual(
          br.rawPayload,
          brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
          `${url}: brotli quality ${brotliQuality}`,
        )
      }
    })

    test('every statistic is kept per period; a series from them answers what each period asked does', async () => {
      const rows = await sql<{ statistic: string; unit: string; n: number }>`
        select statistic, unit, count(*) as n from period_statistics group by statistic, unit
        order by statistic, unit`.execute(t.db.handle.db)
      const statistics = new Set(rows.rows.map((r) => r.statistic))
      assert.deepEqual([...statistics].sort(), TWINS.map(([, id]) => id).sort())
      // More than the empty period's row per workspace: the demo's data spans many periods.
      for (const r of rows.rows) assert.ok(Number(r.n) > workspaces.length, `${r.statistic} ${r.unit}`)
      for (const workspace of workspaces) {
        const kept = await assertKeptAsAsked(workspace)
        assert.ok(kept.some((body) => /"employees_attacked_count":[1-9]/.test(body)))
      }
    })

    test('an import of employees alone keeps the periods again; a --replace that empties a workspace too', async () => {
      const [first, second] = workspaces as [string, string]
      // Every employee of the first workspace deactivated: its attacked employees are no longer active.
      const employees = records.filter((r) => r.type === 'employee' && (r.workspace as Rec).id === first)
      // The ETags of a state and a window series hold while nothing they read changes, and change with it.
      const tagged = [
        `/v1/campaigns/statistics/history?workspace_id=${first}&${SPANS[0]}`,
        `/v1/employees/statistics/history?workspace_id=${first}&${SPANS[0]}`,
      ]
      const etags = async () => {
        const tags: string[] = []
        for (const url of tagged) tags.push(String((await t.request(url, { key })).headers.etag))
        return tags
      }
      const before = await etags()
      assert.deepEqual(await etags(), before)
      await importSources(t.db.handle, [source(employees.map((e) => ({ ...e, status: 'deactivated' })))])
      const after = await etags()
      for (const [i, url] of tagged.entries()) {
        assert.notEqual(after[i], before[i], url)
        const r = await t.request(url, { key, headers: { 'if-none-match': before[i] as string } })
        assert.equal(r.status, 200, url)
        const again = await t.request(url, { key, headers: { 'if-none-match': after[i] as string } })
        assert.equal(again.status, 304, url)
      }
      const kept = await assertKeptAsAsked(first)
      assert.ok(kept.some((body) => /"employees_attacked_count":[1-9]/.test(body)))
      for (const body of kept) assert.doesNotMatch(body, /"active_employees_attacked_count":[1-9]/)
      const workspace = records.find((r) => r.type === 'workspace' && r.id === second) as Rec
      const organization = records.find((r) => r.type === 'organization') as Rec
      await importSources(t.db.handle, [source([organization, workspace])], { replace: true })
      const emptied = await assertKeptAsAsked(second)
      for (const body of emptied) assert.doesNotMatch(body, /_count":[1-9]/)
    })
  })
}
