// Phishing simulations (CONTRACT 15): campaigns and their attacks exact against an oracle computed
// from the imported records, walked item for item under every filter; time windows take timestamps
// and dates; a campaign out of reach answers like an unknown one; the import checks an attack's
// campaign, cycle and employee; events follow the changes (an attack has no .deleted).

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ImportRejected, importSources } from '../../../src/importer/import.js'
import { servedDataset, type TestApp, testApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { type ApiDataset, unknownId } from '../../helpers/dataset.js'
import { employee, type Rec, smallDataset, source, ts, workspace } from '../../helpers/records.js'
import * as oracle from './oracle.js'
import { attack, attackEvent, campaign, cycle } from './records.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`campaigns (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    const campaignsOf = (workspace: string) =>
      d.all.filter((r) => r.type === 'campaign' && r.workspace_id === workspace)
    const recurring = () =>
      campaignsOf(d.a1).find((c) => c.delivery === 'recurring' && c.status !== 'draft') as Rec

    test('GET /v1/campaigns walks equal the imported campaigns, cycles in order, at limits 1, 7 and 100', async () => {
      for (const workspace of [d.a1, d.a2]) {
        const expected = oracle.campaigns(d.all, workspace)
        assert.ok(expected.length > 0)
        for (const limit of [1, 7, 100]) {
          const { items } = await walk(t, `/v1/campaigns?workspace_id=${workspace}`, key, limit)
          assert.deepEqual(items, expected, `${workspace} limit ${limit}`)
        }
      }
      const [first] = (await walk(t, `/v1/campaigns?workspace_id=${d.a1}`, key)).items.filter(
        (c) => c.id === recurring().id,
      )
      assert.deepEqual(
        first.cycles.map((c: Rec) => c.name),
        ['Q1', 'Q2', 'Q3'],
      )
    })

    test('campaigns filter on status and on a created window given as timestamps or dates', async () => {
      const all = oracle.campaigns(d.all, d.a1)
      const middle = all[1]?.created_at as string
      const filters: [string, Parameters<typeof oracle.campaigns>[2]][] = [
        ['status=draft', { status: ['draft'] }],
        ['status=active&status=completed', { status: ['active', 'completed'] }],
        [`created_after=${middle}`, { after: middle }],
        [`created_before=${middle}`, { before: middle }],
        [`created_after=${middle}&created_before=${middle}`, { after: middle, before: middle }],
        [`created_after=${middle.slice(0, 10)}`, { after: `${middle.slice(0, 10)}T00:00:00.000000Z` }],
        ['created_before=2000-01-01', { before: '2000-01-01T00:00:00.000000Z' }],
      ]
      for (const [query, filter] of filters) {
        const { items } = await walk(t, `/v1/campaigns?workspace_id=${d.a1}&${query}`, key, 1)
        assert.deepEqual(items, oracle.campaigns(d.all, d.a1, filter), query)
      }
    })

    test('GET /v1/campaigns/{campaign_id}/attacks walks equal the attacks, at limits 1, 7 and 100', async () => {
      for (const c of [...campaignsOf(d.a1), ...campaignsOf(d.a2)]) {
        const expected = oracle.attacks(d.all, c.id as string)
        for (const limit of [1, 7, 100]) {
          const url = `/v1/campaigns/${c.id}/attacks?workspace_id=${c.workspace_id}`
          const { items } = await walk(t, url, key, limit)
          assert.deepEqual(items, expected, `${c.name} limit ${limit}`)
        }
      }
      // The dataset holds every derived case.
      const items = oracle.attacks(d.all, recurring().id as string)
      assert.ok(items.some((a) => a.tricked_at !== null && a.reported_at !== null))
      assert.ok(items.some((a) => a.tricked_at === null && a.reported_at !== null))
      assert.ok(items.some((a) => a.sent_at === null))
    })

    test('attacks filter on cycle, is_tricked and a created window', async () => {
      const c = recurring()
      const [q2] = c.cycles as Rec[]
      const all = oracle.attacks(d.all, c.id as string)
      const middle = all[Math.floor(all.length / 2)]?.created_at as string
      const filters: [string, Parameters<typeof oracle.attacks>[2]][] = [
        [`campaign_cycle_id=${q2?.id}`, { cycle: q2?.id as string }],
        [`campaign_cycle_id=${unknownId()}`, { cycle: 'none' }],
        ['is_tricked=true', { isTricked: true }],
        ['is_tricked=false', { isTricked: false }],
        [`created_after=${middle}`, { after: middle }],
        [`created_before=${middle}&is_tricked=false`, { before: middle, isTricked: false }],
      ]
      for (const [query, filter] of filters) {
        const { items } = await walk(t, `/v1/campaigns/${c.id}/attacks?workspace_id=${d.a1}&${query}`, key, 7)
        assert.deepEqual(items, oracle.attacks(d.all, c.id as string, filter), query)
      }
    })

    test('a window that ends before it starts, or a bound that is not a time, is a 422 naming it', async () => {
      const c = recurring()
      const cases: [string, string][] = [
        ['created_after=2025-02-01&created_before=2025-01-31', 'created_after'],
        ['created_after=2025-02-01T00:00:00.000001Z&created_before=2025-02-01', 'created_after'],
        ['created_after=2025-02-30', 'created_after'],
        ['created_before=2025-02-01T00:00:00.1234567Z', 'created_before'],
        ['created_before=2025-02-01T00:00:00', 'created_before'],
        ['created_before=2025-02-01T00:00:00%2B24:00', 'created_before'],
        ['created_before=yesterday', 'created_before'],
        ['is_tricked=yes', 'is_tricked'],
        ['campaign_cycle_id=nope', 'campaign_cycle_id'],
      ]
      for (const [query, parameter] of cases) {
        for (const path of [`/v1/campaigns/${c.id}/attacks`, '/v1/campaigns']) {
          if (path === '/v1/campaigns' && !query.startsWith('created_')) continue
          const response = await t.request(`${path}?workspace_id=${d.a1}&${query}`, { key })
          assert.equal(response.status, 422, `${path} ${query}`)
          assert.equal(response.json.errors[0].code, 'invalid_parameter')
          assert.deepEqual(response.json.errors[0].source, { parameter }, query)
        }
      }
      // The same instant as a date or a timestamp: one list, one cursor binding.
      const date = await t.request(`/v1/campaigns?workspace_id=${d.a1}&created_after=2000-01-01&limit=1`, {
        key,
      })
      const cursor = date.headers['x-next-cursor'] as string
      assert.ok(cursor)
      const replay = await t.request(
        `/v1/campaigns?workspace_id=${d.a1}&created_after=2000-01-01T00:00:00.000000Z&cursor=${cursor}`,
        { key },
      )
      assert.equal(replay.status, 200)
      // RFC 3339 with an offset or fewer fractional digits names the same instant.
      for (const spelling of [
        '2000-01-01T00:00:00Z',
        '2000-01-01T01:00:00.0%2B01:00',
        '1999-12-31T23:30:00-00:30',
      ]) {
        const same = await t.request(
          `/v1/campaigns?workspace_id=${d.a1}&created_after=${spelling}&cursor=${cursor}`,
          { key },
        )
        assert.equal(same.status, 200, `${spelling}: ${same.body}`)
        assert.deepEqual(same.json, replay.json, spelling)
      }
    })

    test('GET /v1/campaigns/statistics equals the oracle, whole and under every filter', async () => {
      const c = recurring()
      const [q2] = c.cycles as Rec[]
      const middle = oracle.attacks(d.all, c.id as string)[5]?.created_at as string
      const filters: [string, Parameters<typeof oracle.statistics>[2]][] = [
        ['', {}],
        [`&campaign_id=${c.id}`, { campaign: c.id as string }],
        [`&campaign_cycle_id=${q2?.id}`, { cycle: q2?.id as string }],
        [
          `&campaign_id=${c.id}&campaign_cycle_id=${q2?.id}`,
          { campaign: c.id as string, cycle: q2?.id as string },
        ],
        [`&created_after=${middle}`, { after: middle }],
        [`&created_before=${middle}`, { before: middle }],
        ['&created_before=2000-01-01', { before: '2000-01-01T00:00:00.000000Z' }],
      ]
      for (const workspace of [d.a1, d.a2]) {
        for (const [query, filter] of filters) {
          const response = await t.request(`/v1/campaigns/statistics?workspace_id=${workspace}${query}`, {
            key,
          })
          if (workspace === d.a2 && query.includes('campaign_id=')) {
            assert.equal(response.status, 404, query)
            continue
          }
          assert.equal(response.status, 200, query)
          assert.deepEqual(
            response.json.data,
            oracle.statistics(d.all, workspace, filter),
            `${workspace} ${query}`,
          )
        }
      }
      const whole = oracle.statistics(d.all, d.a1)
      // The dataset makes every figure non-trivial: some tricked, some reported, not everyone active.
      assert.ok(whole.vulnerability_rate > 0 && whole.vulnerability_rate < 100)
      assert.ok(whole.reporting_rate > 0 && whole.reporting_rate < 100)
      assert.ok(whole.active_employees_attacked_count < whole.employees_attacked_count)
      assert.deepEqual(
        oracle.statistics(d.all, d.a1, { before: '2000-01-01T00:00:00.000000Z' }).vulnerability_rate,
        0,
      )
      const wrong = await t.request(
        `/v1/campaigns/statistics?workspace_id=${d.a1}&created_after=2025-01-02&created_before=2025-01-01`,
        { key },
      )
      assert.equal(wrong.status, 422)
      assert.deepEqual(wrong.json.errors[0].source, { parameter: 'created_after' })
    })

    test("another workspace's or organization's campaign answers like an unknown one", async () => {
      const [a2] = campaignsOf(d.a2)
      const [b1] = campaignsOf(d.b1)
      const bodies = new Set<string>()
      for (const id of [a2?.id, b1?.id, unknownId()]) {
        const response = await t.request(`/v1/campaigns/${id}/attacks?workspace_id=${d.a1}`, { key })
        assert.equal(response.status, 404)
        assert.equal(response.json.errors[0].code, 'campaign_not_found')
        assert.deepEqual(response.json.errors[0].source, { parameter: 'campaign_id' })
        bodies.add(JSON.stringify({ ...response.json, meta: null }))
      }
      assert.equal(bodies.size, 1)
      // The same for the statistics' campaign_id.
      const statistics = new Set<string>()
      for (const id of [a2?.id, b1?.id, unknownId()]) {
        const response = await t.request(`/v1/campaigns/statistics?workspace_id=${d.a1}&campaign_id=${id}`, {
          key,
        })
        assert.equal(response.status, 404)
        statistics.add(JSON.stringify({ ...response.json, meta: null }))
      }
      assert.equal(statistics.size, 1)
    })
  })

  describe(`campaigns at import (${dialect})`, { skip }, () => {
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
      return fresh.filter((e: any) => /^(campaign|attack)\./.test(e.type))
    }
    const attacksOf = async (c: Rec) =>
      (await walk(t, `/v1/campaigns/${c.id}/attacks?workspace_id=${ws}`, key, 100, ['headers'])).items
    before(async () => {
      base = smallDataset()
      ws = base.ws.id as string
      t = await testApp(dialect, base.all)
      key = await t.key({ organizationId: base.org.id as string })
      await newEvents()
    })
    after(() => t?.close())

    const employees = () => base.all.filter((r) => r.type === 'employee')

    test('events follow campaigns and attacks; a new attack event updates it; a re-import records none', async () => {
      const [e1] = employees()
      const y = cycle({ name: 'First' })
      const c = campaign(ws, { delivery: 'recurring', frequency: 'monthly', cycles: [y] })
      const a = attack(c.id as string, e1?.id as string, {
        campaign_cycle_id: y.id,
        events: [attackEvent('attack_sent')],
      })
      const file = [...base.all, c, a]
      await run(file)
      let events = await newEvents()
      assert.deepEqual(events.map((e: any) => e.type).sort(), ['attack.created', 'campaign.created'])
      await run(file)
      assert.deepEqual(await newEvents(), [])
      // The employee reports it: an update of the attack alone.
      const reported = attackEvent('email_reported')
      const updated = { ...a, events: [...(a.events as Rec[]), reported] }
      await run([...base.all, c, updated])
      events = await newEvents()
      assert.deepEqual(
        events.map((e: any) => [
          e.type,
          e.data.object.reported_at,
          Object.keys(e.data.previous_attributes).sort(),
        ]),
        [['attack.updated', reported.created_at, ['events', 'reported_at']]],
      )
      assert.deepEqual(await attacksOf(c), [events[0].data.object])
      // Its cycle renamed: the campaign and the attack that shows it.
      const renamed = { ...c, cycles: [{ ...y, name: 'Renamed' }] }
      await run([...base.all, renamed, updated])
      events = await newEvents()
      assert.deepEqual(events.map((e: any) => e.type).sort(), ['attack.updated', 'campaign.updated'])
      const [shown] = await attacksOf(c)
      assert.deepEqual(shown.campaign_cycle, { id: y.id, name: 'Renamed' })
      // Its employee renamed: the attack shows the new reference, as an update.
      const renamedEmployee = { ...(e1 as Rec), name: 'Someone Else' }
      await run([...base.all.map((r) => (r.id === e1?.id ? renamedEmployee : r)), renamed, updated])
      events = await newEvents()
      const attackUpdates = events.filter((e: any) => e.type === 'attack.updated')
      assert.deepEqual(
        attackUpdates.map((e: any) => [e.data.object.employee.name, Object.keys(e.data.previous_attributes)]),
        [['Someone Else', ['employee']]],
      )
      assert.deepEqual(await attacksOf(c), [attackUpdates[0].data.object])
      // Renamed again while the attack changes too: merged with the new reference.
      const again = { ...(e1 as Rec), name: 'Third Name' }
      const voided = { ...updated, events: [...(updated.events as Rec[]), attackEvent('attack_voided')] }
      await run([...base.all.map((r) => (r.id === e1?.id ? again : r)), renamed, voided])
      events = (await newEvents()).filter((e: any) => e.type === 'attack.updated')
      assert.deepEqual(
        events.map((e: any) => [e.data.object.employee.name, Object.keys(e.data.previous_attributes).sort()]),
        [['Third Name', ['employee', 'events']]],
      )
      assert.deepEqual(await attacksOf(c), [events[0].data.object])
    })

    test('an employee renamed in a file that also creates a workspace: its stored attack and reports show the new name', async () => {
      // The new workspace's rows are written with their references; the stored ones of the renamed
      // employee (an attack and a report the file leaves as they are) are rendered again.
      const { manager, report } = base
      const c = campaign(ws, { name: 'Beside a new workspace' })
      const a = attack(c.id as string, manager.id as string, { events: [attackEvent('attack_sent')] })
      await run([...base.all, c, a])
      await newEvents()
      const other = workspace(base.org.id as string)
      const otherId = other.id as string
      const e = employee(otherId)
      const oc = campaign(otherId)
      const oa = attack(oc.id as string, e.id as string, { events: [attackEvent('attack_sent')] })
      const renamed = { ...manager, name: 'Renamed Beside A New Workspace' }
      await run([...base.all.map((r) => (r.id === manager.id ? renamed : r)), c, other, e, oc, oa])
      const [shown] = await attacksOf(c)
      assert.equal(shown.employee.name, renamed.name)
      // Attacks of the earlier tests on the same employee are updated too.
      const events = await newEvents()
      assert.ok(events.length > 0)
      assert.ok(events.some((x: any) => x.data.object.id === a.id))
      for (const x of events as any[])
        assert.deepEqual([x.type, x.data.object.employee.name], ['attack.updated', renamed.name])
      const { items: staff } = await walk(t, `/v1/employees?workspace_id=${ws}`, key, 100, ['headers'])
      assert.equal(staff.find((x: Rec) => x.id === report.id)?.manager?.name, renamed.name)
      const { items: theirs } = await walk(
        t,
        `/v1/campaigns/${oc.id}/attacks?workspace_id=${otherId}`,
        key,
        100,
        ['headers'],
      )
      assert.deepEqual(
        theirs.map((x: any) => [x.id, x.employee.id, x.employee.name]),
        [[oa.id, e.id, e.name]],
      )
    })

    test('the statistics derived at import follow a new event, an employee status, a cycle and a campaign gone', async () => {
      const [e1, e2] = employees() as [Rec, Rec]
      const e3 = employee(ws)
      const [y1, y2] = [cycle({ name: 'One' }), cycle({ name: 'Two' })]
      const c = campaign(ws, { delivery: 'recurring', frequency: 'monthly', cycles: [y1, y2] })
      const other = campaign(ws, { name: 'Other' })
      const sent = attackEvent('attack_sent')
      const a1 = attack(c.id as string, e1.id as string, {
        campaign_cycle_id: y1.id,
        events: [sent, attackEvent('email_opened'), attackEvent('employee_tricked')],
      })
      const a2 = attack(c.id as string, e2.id as string, { campaign_cycle_id: y2.id, events: [sent] })
      const a3 = attack(other.id as string, e1.id as string, { events: [sent] })
      const a4 = attack(other.id as string, e3.id as string, { sent_at: null, events: [] })
      // Each step replaces the workspace, so that the file is all it holds.
      const check = async (file: Rec[], step: string) => {
        await run(file, { replace: true })
        const filters: [string, Parameters<typeof oracle.statistics>[2]][] = [
          ['', {}],
          [`&campaign_id=${c.id}`, { campaign: c.id as string }],
          [`&campaign_id=${other.id}`, { campaign: other.id as string }],
          [`&campaign_cycle_id=${y1.id}`, { cycle: y1.id as string }],
          [
            `&campaign_id=${c.id}&campaign_cycle_id=${y2.id}`,
            { campaign: c.id as string, cycle: y2.id as string },
          ],
        ]
        for (const [query, filter] of filters) {
          const response = await t.request(`/v1/campaigns/statistics?workspace_id=${ws}${query}`, { key })
          if (response.status === 404) {
            assert.ok(!file.some((r) => query.includes(`campaign_id=${r.id}`)), `${step} ${query}`)
            continue
          }
          assert.deepEqual(response.json.data, oracle.statistics(file, ws, filter), `${step} ${query}`)
        }
        return (await t.request(`/v1/campaigns/statistics?workspace_id=${ws}`, { key })).json.data
      }
      const people = [...base.all, e3]
      const file = [...people, c, other, a1, a2, a3, a4]
      const first = await check(file, 'first')
      assert.deepEqual([first.employees_attacked_count, first.vulnerability_rate], [2, 50])
      const reported = { ...a2, events: [sent, attackEvent('email_reported')] }
      const second = await check([...people, c, other, a1, reported, a3, a4], 'reported')
      assert.equal(second.reporting_rate, 50)
      const statusOf = (e: Rec, status: string) => people.map((r) => (r.id === e.id ? { ...r, status } : r))
      const activeBefore = second.active_employees_attacked_count
      const moved = [
        ...statusOf(e1, e1.status === 'active' ? 'deactivated' : 'active'),
        c,
        other,
        a1,
        reported,
        a3,
        a4,
      ]
      const third = await check(moved, 'status')
      assert.equal(Math.abs(third.active_employees_attacked_count - activeBefore), 1)
      const fourth = await check([...people, c, a1, reported], 'other campaign gone')
      assert.equal(fourth.employees_attacked_count, 2)
      // A cycle id another campaign uses too: asked without its campaign, both campaigns' attacks in it.
      const twin = campaign(ws, { name: 'Twin', delivery: 'recurring', frequency: 'monthly', cycles: [y1] })
      const a5 = attack(twin.id as string, e2.id as string, { campaign_cycle_id: y1.id, events: [sent] })
      await check([...people, c, twin, a1, reported, a5], 'a shared cycle id')
      const shared = await t.request(
        `/v1/campaigns/statistics?workspace_id=${ws}&campaign_cycle_id=${y1.id}`,
        {
          key,
        },
      )
      assert.equal(shared.json.data.employees_attacked_count, 2)
      const none = await check(people, 'every campaign gone')
      assert.deepEqual(
        [none.employees_attacked_count, none.vulnerability_rate, none.reporting_rate],
        [0, 0, 0],
      )
    })

    test('--replace removes the campaigns the file no longer holds and their attacks, with campaign.deleted only', async () => {
      const [e1] = employees()
      const kept = campaign(ws, { name: 'Kept' })
      const dropped = campaign(ws, { name: 'Dropped' })
      await run([...base.all, kept, dropped, attack(dropped.id as string, e1?.id as string)])
      await newEvents()
      await run([...base.all, kept], { replace: true })
      const events = await newEvents()
      const ofThese = events.filter((e: any) => [kept.id, dropped.id].includes(e.data.object.id))
      assert.deepEqual(
        ofThese.map((e: any) => [e.type, e.data.object.id]),
        [['campaign.deleted', dropped.id]],
      )
      // Campaigns of earlier tests go too; attacks never make a deleted event.
      assert.deepEqual(
        events.filter((e: any) => e.type !== 'campaign.deleted'),
        [],
      )
      const gone = await t.request(`/v1/campaigns/${dropped.id}/attacks?workspace_id=${ws}`, { key })
      assert.equal(gone.status, 404)
    })

    test('an attack of an unknown campaign, of a foreign employee, of a cycle not its campaign’s: refused, nothing written', async () => {
      const other = {
        type: 'workspace',
        id: unknownId(),
        organization_id: base.org.id,
        name: 'Other',
        created_at: ts(),
        updated_at: ts(),
      }
      const stranger = employee(other.id)
      const [e1] = employees()
      const y = cycle()
      const c = campaign(ws, { delivery: 'recurring', frequency: 'weekly', cycles: [y] })
      const cases: [Rec[], RegExp][] = [
        [[attack(unknownId(), e1?.id as string)], /attack\.campaign_id: campaign .* does not exist/],
        [
          [c, attack(c.id as string, unknownId())],
          /attack\.employee_id: employee .* is not in the campaign's workspace/,
        ],
        [
          [other, stranger, c, attack(c.id as string, stranger.id as string)],
          /is not in the campaign's workspace/,
        ],
        [
          [c, attack(c.id as string, e1?.id as string, { campaign_cycle_id: unknownId() })],
          /attack\.campaign_cycle_id: .* is not a cycle of campaign/,
        ],
        [[campaign(ws, { delivery: 'one_off', frequency: 'weekly' })], /a one_off campaign has no frequency/],
        [[campaign(ws, { delivery: 'recurring', frequency: null })], /a recurring campaign needs one of/],
        [[campaign(unknownId())], /campaign\.workspace_id: workspace .* does not exist/],
        [
          [c, attack(c.id as string, e1?.id as string, { events: [attackEvent('x_unknown_type')] })],
          /events/,
        ],
      ]
      const duplicate = attackEvent('attack_sent')
      cases.push([
        [c, attack(c.id as string, e1?.id as string, { events: [duplicate, duplicate] })],
        /attack\.events: id .* is given twice/,
      ])
      for (const [records, message] of cases) {
        const before = await t.request(`/v1/campaigns?workspace_id=${ws}`, { key })
        await assert.rejects(run([...base.all, ...records]), (error: unknown) => {
          assert.ok(error instanceof ImportRejected)
          assert.ok(
            error.errors.some((e) => message.test(e.message)),
            JSON.stringify(error.errors),
          )
          return true
        })
        const after = await t.request(`/v1/campaigns?workspace_id=${ws}`, { key })
        assert.equal(after.body, before.body)
      }
      // A cycle dropped while a stored attack still belongs to it.
      const a = attack(c.id as string, e1?.id as string, { campaign_cycle_id: y.id })
      await run([...base.all, c, a])
      await assert.rejects(
        run([...base.all, { ...c, cycles: [] }]),
        (error: unknown) =>
          error instanceof ImportRejected &&
          error.errors.some((e) => /campaign\.cycles: cycle .* is missing, and attack/.test(e.message)),
      )
      await assert.rejects(
        run([other, campaign(other.id, { id: c.id })]),
        (error: unknown) =>
          error instanceof ImportRejected && error.errors.some((e) => /moving a campaign/.test(e.message)),
      )
    })

    test('an attack id is unique within its organization; another organization holds its own attack of that id', async () => {
      const [e1] = employees()
      const c = campaign(ws, { name: 'Owner of the attack' })
      const a = attack(c.id as string, e1?.id as string, { events: [attackEvent('attack_sent')] })
      await run([...base.all, c, a])
      // Into another workspace of the same organization: a move, refused.
      const other = workspace(base.org.id as string)
      const colleague = employee(other.id as string)
      const elsewhere = campaign(other.id as string)
      await assert.rejects(
        run([other, colleague, elsewhere, { ...a, campaign_id: elsewhere.id, employee_id: colleague.id }]),
        (error: unknown) =>
          error instanceof ImportRejected &&
          error.errors.some((e) => e.line === 4 && /moving an attack to another workspace/.test(e.message)),
      )
      // Another organization's file with the same attack id: its own attack, this one untouched.
      const theirs = smallDataset()
      const theirCampaign = campaign(theirs.ws.id as string)
      const theirAttack = {
        ...attack(theirCampaign.id as string, theirs.manager.id as string, { events: [] }),
        id: a.id,
      }
      const summary = await run([...theirs.all, theirCampaign, theirAttack])
      assert.deepEqual([summary.written.attack, summary.created.attack], [1, 1])
      const [ours] = await attacksOf(c)
      assert.deepEqual([ours.id, ours.employee.id, ours.events.length], [a.id, e1?.id, 1])
      const theirKey = await t.key({ organizationId: theirs.org.id as string })
      const { items } = await walk(
        t,
        `/v1/campaigns/${theirCampaign.id}/attacks?workspace_id=${theirs.ws.id}`,
        theirKey,
        100,
        ['headers'],
      )
      assert.deepEqual(
        items.map((x: any) => [x.id, x.employee.id, x.events.length]),
        [[a.id, theirs.manager.id, 0]],
      )
      // Each re-imported as it is: unchanged on both sides.
      const again = await run([...theirs.all, theirCampaign, theirAttack])
      assert.equal(again.written.attack, 0)
      assert.equal((await run([...base.all, c, a])).written.attack, 0)
    })
  })
}
