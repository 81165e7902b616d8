// The events feed keeps every tenant apart (CONTRACT 5, 14), as every list does: for any key kind,
// any workspace and any `after`, the answer is the one computed from the events table alone, and
// an event id of another workspace or organization answers exactly like an id that names nothing.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { sql } from 'kysely'
import { newEventId } from '../../src/domain/event-ids.js'
import { timestampFromMillis } from '../../src/domain/time.js'
import { importSources } from '../../src/importer/import.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset, unknownId } from '../helpers/dataset.js'
import { source } from '../helpers/records.js'
import { RUNS, SEED } from '../helpers/seed.js'

interface Kind {
  name: string
  key: string
  organization: 'A' | 'B'
  workspace: string | null
  events: boolean
}

for (const { dialect, skip } of DIALECTS) {
  describe(`events feed isolation (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let kinds: Kind[]
    let stored: { id: string; workspace_id: string; json: string }[]

    before(async () => {
      d = apiDataset(8)
      t = await testApp(dialect)
      // Two imports: the first creates everything, the second changes every employee of every workspace.
      await importSources(t.db.handle, [source(d.all)])
      const changed = d.all
        .filter((r) => r.type === 'employee')
        .map((r) => ({ ...r, job_title: `Changed ${String(r.id).slice(0, 4)}` }))
      await importSources(t.db.handle, [source(changed)])
      stored = (
        await sql<{ id: string; workspace_id: string; json: string }>`
          select id, workspace_id, json from events order by id`.execute(t.db.handle.db)
      ).rows
      for (const w of [d.a1, d.a2, d.b1])
        assert.ok(
          stored.some((e) => e.workspace_id === w),
          `events in ${w}`,
        )
      const make = async (
        name: string,
        organization: 'A' | 'B',
        workspace: string | null,
        events = true,
      ) => ({
        name,
        organization,
        workspace,
        events,
        key: await t.key({
          organizationId: (organization === 'A' ? d.orgA.id : d.orgB.id) as string,
          workspaceId: workspace ?? undefined,
          scopes: events ? ['events:read'] : ['workspace:read', 'awareness:read', 'breaches:read'],
        }),
      })
      kinds = [
        await make('organization A', 'A', null),
        await make('organization B', 'B', null),
        await make('workspace A2 only', 'A', d.a2),
        await make('organization A without events:read', 'A', null, false),
      ]
    })
    after(() => t?.close())

    test('property: every (key kind, workspace, after) answers from its own workspace only', async () => {
      const workspaces = [d.a1, d.a2, d.b1, unknownId()]
      const orgOf = (ws: string) => (ws === d.b1 ? 'B' : ws === d.a1 || ws === d.a2 ? 'A' : null)
      await fc.assert(
        fc.asyncProperty(
          fc.nat(kinds.length - 1),
          fc.nat(workspaces.length - 1),
          // After: none, an event of any workspace, or an id that names no event.
          fc.oneof(fc.constant(null), fc.nat(stored.length - 1), fc.constant(-1)),
          fc.constantFrom(1, 3, 1000),
          async (k, w, a, limit) => {
            const kind = kinds[k] as Kind
            const workspace = workspaces[w] as string
            const afterId =
              a === null
                ? null
                : a === -1
                  ? `${stored[stored.length - 1]?.id.slice(0, 24)}ffffffffffff`
                  : stored[a]?.id
            const url = `/v1/events?workspace_id=${workspace}${afterId ? `&after=${afterId}` : ''}`
            const first = await t.request(url, { key: kind.key, headers: { 'x-item-limit': String(limit) } })
            if (!kind.events) return assert.equal(first.status, 403)
            if (orgOf(workspace) !== kind.organization) {
              assert.equal(first.status, 404, `${kind.name} ${url}`)
              return assert.equal(first.json.errors[0].code, 'workspace_not_found')
            }
            if (kind.workspace !== null && kind.workspace !== workspace)
              return assert.equal(first.status, 403)
            const own = stored.filter((e) => e.workspace_id === workspace)
            const at = afterId === null ? -1 : own.findIndex((e) => e.id === afterId)
            if (afterId !== null && at === -1) {
              // Another workspace's event, or no event: the same 422.
              assert.equal(first.status, 422, `${kind.name} ${url}`)
              return assert.deepEqual(first.json.errors[0].source, { parameter: 'after' })
            }
            const { items } = await walk(t, url, kind.key, limit)
            assert.deepEqual(
              items,
              own.slice(at + 1).map((e) => JSON.parse(e.json)),
            )
          },
        ),
        { numRuns: RUNS * 10, seed: SEED },
      )
    })

    test("the 410/422 boundary is the retention cutoff: another organization's oldest event moves nothing", async () => {
      const keyA = kinds.find((k) => k.organization === 'A' && k.workspace === null && k.events)
        ?.key as string
      const day = 86_400_000
      const probe = async () => {
        const statuses: number[] = []
        for (const days of [1 / 24, 5, 11, 29, 31, 400]) {
          const id = newEventId(Date.now() - days * day)
          statuses.push(
            (await t.request(`/v1/events?workspace_id=${d.a1}&after=${id}`, { key: keyA })).status,
          )
        }
        return statuses
      }
      const alone = await probe()
      assert.deepEqual(
        alone,
        [422, 422, 422, 422, 410, 410],
        'every event kept is newer than all but the first',
      )
      // An event of organization B recorded ten days ago, still kept (the retention is 30 days).
      const old = newEventId(Date.now() - 10 * day)
      await sql`insert into events (id, workspace_id, type, created_at, json)
        values (${old}, ${d.b1}, 'employee.updated', ${timestampFromMillis(Date.now() - 10 * day)}, '{}')`.execute(
        t.db.handle.db,
      )
      try {
        assert.deepEqual(await probe(), alone)
      } finally {
        await sql`delete from events where id = ${old}`.execute(t.db.handle.db)
      }
    })

    test("an event id counts nothing: one import's ids share only their time and steps, the rest is a keyed hash", () => {
      const byTime = new Map<string, string[]>()
      for (const e of stored) {
        const time = e.id.slice(0, 15)
        byTime.set(time, [...(byTime.get(time) ?? []), e.id])
      }
      assert.equal(byTime.size, 2, 'two imports, two times')
      for (const ids of byTime.values()) {
        assert.ok(ids.length >= 8, `${ids.length} events`)
        // After the time, a step (what the import recorded in turn), then a hash: no two alike.
        assert.equal(new Set(ids.map((id) => id.slice(17))).size, ids.length, 'no shared part past the step')
        const tails = ids.map((id) => Number.parseInt(id.slice(24), 16)).sort((a, b) => a - b)
        const gaps = new Set(tails.slice(1).map((n, i) => n - (tails[i] as number)))
        assert.ok(gaps.size > 1, 'not a counter')
      }
      const [first, second] = [...byTime.values()]
      assert.ok(
        (first as string[]).every((a) => (second as string[]).every((b) => a < b)),
        'ids increase from one import to the next',
      )
    })
  })
}
