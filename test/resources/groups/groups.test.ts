// Groups (CONTRACT 15): both lists exact against an oracle computed from the imported records, walked
// item for item; a group out of reach answers like an unknown one; the import checks a member's
// group and employee; --replace removes what the file no longer holds, with events; a re-import of
// the same file records none.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ImportRejected, importSources } from '../../../src/importer/import.js'
import { servedDataset, type TestApp, testApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { type ApiDataset, unknownId } from '../../helpers/dataset.js'
import { employee, type Rec, smallDataset, source, ts } from '../../helpers/records.js'
import * as oracle from './oracle.js'
import { group, groupMember } from './records.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`groups (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    const groupsOf = (workspace: string) =>
      d.all.filter((r) => r.type === 'group' && r.workspace_id === workspace)

    test('GET /v1/groups walks equal the imported groups, with their counts, at limits 1, 7 and 100', async () => {
      for (const workspace of [d.a1, d.a2]) {
        const expected = oracle.groups(d.all, workspace)
        assert.ok(expected.length > 0)
        for (const limit of [1, 7, 100]) {
          const { items } = await walk(t, `/v1/groups?workspace_id=${workspace}`, key, limit)
          assert.deepEqual(items, expected, `${workspace} limit ${limit}`)
        }
      }
      // Ties on created_at are broken by id, and an empty group counts 0.
      const counts = oracle.groups(d.all, d.a1).map((g) => g.employees_count)
      assert.ok(counts.includes(0))
    })

    test('GET /v1/groups/{group_id}/employees walks equal the members, at limits 1, 7 and 100', async () => {
      for (const g of [...groupsOf(d.a1), ...groupsOf(d.a2)]) {
        const expected = oracle.members(d.all, g.id as string)
        for (const limit of [1, 7, 100]) {
          const url = `/v1/groups/${g.id}/employees?workspace_id=${g.workspace_id}`
          const { items } = await walk(t, url, key, limit)
          assert.deepEqual(items, expected, `${g.name} limit ${limit}`)
        }
      }
    })

    test("another workspace's or organization's group answers like an unknown one", async () => {
      const [a2] = groupsOf(d.a2)
      const [b1] = groupsOf(d.b1)
      const bodies = new Set<string>()
      for (const id of [a2?.id, b1?.id, unknownId()]) {
        const response = await t.request(`/v1/groups/${id}/employees?workspace_id=${d.a1}`, { key })
        assert.equal(response.status, 404)
        assert.equal(response.json.errors[0].code, 'group_not_found')
        assert.deepEqual(response.json.errors[0].source, { parameter: 'group_id' })
        bodies.add(JSON.stringify({ ...response.json, meta: null }))
      }
      assert.equal(bodies.size, 1)
      // A key of the group's own workspace reaches it; a workspace-scoped key of another does not.
      const scoped = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a1 })
      const own = await t.request(`/v1/groups/${a2?.id}/employees?workspace_id=${d.a2}`, { key: scoped })
      assert.equal(own.status, 403)
    })

    test("a cursor of one group's members is refused on another group", async () => {
      const [first, second] = groupsOf(d.a1)
      const page = await t.request(`/v1/groups/${first?.id}/employees?workspace_id=${d.a1}&limit=1`, { key })
      const cursor = page.headers['x-next-cursor'] as string
      assert.ok(cursor)
      const replay = await t.request(
        `/v1/groups/${second?.id}/employees?workspace_id=${d.a1}&cursor=${cursor}`,
        {
          key,
        },
      )
      assert.equal(replay.status, 422)
      assert.equal(replay.json.errors[0].code, 'invalid_cursor')
    })
  })

  describe(`groups at import (${dialect})`, { skip }, () => {
    let t: TestApp
    let base: ReturnType<typeof smallDataset>
    let ws: string
    let key: string
    let seen = 0
    const run = (records: readonly Rec[], options: { replace?: boolean } = {}) =>
      importSources(t.db.handle, [source(records)], options)
    const newEvents = async () => {
      const { items } = await walk(t, `/v1/events?workspace_id=${ws}`, key, 1000, ['headers'])
      const fresh = items.slice(seen)
      seen = items.length
      return fresh.filter((e: any) => e.type.startsWith('group.'))
    }
    before(async () => {
      base = smallDataset()
      ws = base.ws.id as string
      t = await testApp(dialect, base.all)
      key = await t.key({ organizationId: base.org.id as string })
      await newEvents()
    })
    after(() => t?.close())

    const employees = () => base.all.filter((r) => r.type === 'employee')

    test('members are counted, events follow the changes, a re-import records none', async () => {
      const [e1, e2] = employees()
      const g = group(ws, { name: 'Finance' })
      const file = [...base.all, g, groupMember(g.id as string, e1?.id as string)]
      await run(file)
      let events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => e.type),
        ['group.created'],
      )
      assert.equal(events[0].data.object.employees_count, 1)
      await run(file)
      assert.deepEqual(await newEvents(), [])
      // A new member updates the group: its count.
      await run([...file, groupMember(g.id as string, e2?.id as string, { added_at: ts() })])
      events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => [e.type, e.data.object.employees_count, e.data.previous_attributes]),
        [['group.updated', 2, { employees_count: 1 }]],
      )
      const listed = await t.request(`/v1/groups?workspace_id=${ws}`, { key })
      assert.deepEqual(listed.json.data, [events[0].data.object])
    })

    test("a member shows its employee's reference as the last import left it", async () => {
      const [e1, e2] = employees()
      const g = group(ws, { name: 'Renamed members' })
      const m1 = groupMember(g.id as string, e1?.id as string, { added_at: '2026-01-02T00:00:00.000000Z' })
      const m2 = groupMember(g.id as string, e2?.id as string, { added_at: '2026-01-01T00:00:00.000000Z' })
      const members = async () =>
        (await walk(t, `/v1/groups/${g.id}/employees?workspace_id=${ws}`, key, 100, ['headers'])).items.map(
          (m: any) => [m.id, m.name, m.added_at],
        )
      await run([...base.all, g, m1])
      // e1 renamed (its membership stored, not restated); e2 renamed as it joins.
      const renamed = base.all.map((r) =>
        r.id === e1?.id
          ? { ...r, name: 'First Renamed' }
          : r.id === e2?.id
            ? { ...r, name: 'Second Renamed' }
            : r,
      )
      await run([...renamed, g, m2])
      assert.deepEqual(await members(), [
        [e1?.id, 'First Renamed', m1.added_at],
        [e2?.id, 'Second Renamed', m2.added_at],
      ])
      await newEvents()
    })

    test('--replace removes the groups and memberships the file no longer holds, with events', async () => {
      const [e1] = employees()
      const kept = group(ws, { name: 'Kept' })
      const dropped = group(ws, { name: 'Dropped' })
      await run([...base.all, kept, dropped, groupMember(kept.id as string, e1?.id as string)])
      await newEvents()
      await run([...base.all, kept], { replace: true })
      const events = await newEvents()
      const byGroup = Object.fromEntries(events.map((e: any) => [e.data.object.id, e.type]))
      assert.equal(byGroup[kept.id as string], 'group.updated')
      assert.equal(byGroup[dropped.id as string], 'group.deleted')
      const listed = await t.request(`/v1/groups?workspace_id=${ws}`, { key })
      assert.deepEqual(
        listed.json.data.map((g: any) => [g.id, g.employees_count]),
        [[kept.id, 0]],
      )
      const members = await t.request(`/v1/groups/${kept.id}/employees?workspace_id=${ws}`, { key })
      assert.deepEqual(members.json.data, [])
    })

    test('a member of an unknown group, an employee of another workspace, a moved group: refused, nothing written', async () => {
      const other = {
        type: 'workspace',
        id: unknownId(),
        organization_id: base.org.id,
        name: 'Other',
        created_at: ts(),
        updated_at: ts(),
      }
      const stranger = employee(other.id)
      const g = group(ws)
      const cases: [Rec[], RegExp][] = [
        [
          [groupMember(unknownId(), employees()[0]?.id as string)],
          /group_member\.group_id: group .* does not exist/,
        ],
        [
          [g, groupMember(g.id as string, unknownId())],
          /group_member\.employee_id: employee .* is not in the group's workspace/,
        ],
        [
          [other, stranger, g, groupMember(g.id as string, stranger.id as string)],
          /is not in the group's workspace/,
        ],
        [[group(unknownId())], /group\.workspace_id: workspace .* does not exist/],
      ]
      for (const [records, message] of cases) {
        const before = await t.request(`/v1/groups?workspace_id=${ws}`, { key })
        await assert.rejects(run([...base.all, ...records]), (error: unknown) => {
          assert.ok(error instanceof ImportRejected)
          assert.ok(
            error.errors.some((e) => message.test(e.message)),
            JSON.stringify(error.errors),
          )
          return true
        })
        const after = await t.request(`/v1/groups?workspace_id=${ws}`, { key })
        assert.equal(after.body, before.body)
      }
      const [existing] = (await t.request(`/v1/groups?workspace_id=${ws}`, { key })).json.data
      await assert.rejects(
        run([other, group(other.id, { id: existing.id })]),
        (error: unknown) =>
          error instanceof ImportRejected && error.errors.some((e) => /moving a group/.test(e.message)),
      )
    })
  })
}
