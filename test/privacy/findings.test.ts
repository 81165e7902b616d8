// The seven findings of issue #78, on each database, each as it was found (CONTRACT 19, amended
// 2026-12-01): a group's mean karma of its one active member; a narrow window's figures about one
// attacked employee; two nested groups that give away their difference; a healthy cell folded into
// a null row that needed no company; the events and the records export of a pseudonymous key; the
// order of a pseudonymous breakdown by manager.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { importSources } from '../../src/importer/import.js'
import type { FeedEvent } from '../../src/ocsf/render.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS } from '../helpers/databases.js'
import { deliverAll } from '../helpers/pseudonymous-deliveries.js'
import { employee, organization, type Rec, source, workspace } from '../helpers/records.js'
import { campaign, sentAttack } from '../resources/campaigns/records.js'
import { group, groupMember } from '../resources/groups/records.js'

const WINDOW_AT = '2025-06-15T12:00:00.000000Z'

interface Findings {
  all: Rec[]
  org: string
  w1: string
  w2: string
  lonely: Rec
  g4: Rec
  g5: Rec
  managers: Rec[]
  renamed: Rec
  moved: Rec
}

function findingsDataset(): Findings {
  const org = organization()
  const w1 = workspace(org.id as string, { name: 'Findings' })
  const w2 = workspace(org.id as string, { name: 'Countries' })
  const ws = w1.id as string
  // 1: a group of 10, 9 of them deactivated; the active one's karma is 777.
  const lonely = employee(ws, { karma: { score: 777, security_level: 'excellent' } })
  const gone = Array.from({ length: 9 }, () => employee(ws, { status: 'deactivated' }))
  const g1 = group(ws, { name: 'Mostly gone' })
  // 3: G4 of 10 members, G5 the same and one more (the one to find out).
  const ten = Array.from({ length: 10 }, (_, i) =>
    employee(ws, { karma: { score: 500, security_level: 'good' }, department: { name: `D${i}` } }),
  )
  const eleventh = employee(ws, { karma: { score: 995, security_level: 'dangerous' } })
  const g4 = group(ws, { name: 'G4' })
  const g5 = group(ws, { name: 'G5' })
  // 7: four managers with two direct reports each, and the same counts.
  const managers = Array.from({ length: 4 }, () => employee(ws, { department: { name: 'Managers' } }))
  const reports = managers.flatMap((m) =>
    [0, 1].map(() => employee(ws, { manager: { id: m.id }, department: { name: 'Teams' } })),
  )
  // 2: one attack in the window, on one employee.
  const phish = campaign(ws, { name: 'One attack' })
  const only = sentAttack(phish.id as string, ten[0]?.id as string, ['employee_tricked'], WINDOW_AT)
  // 6: one renamed only, one renamed and moved (second import).
  const renamed = employee(ws, { name: 'Ada Before' })
  const moved = employee(ws, { name: 'Bob Before', department: { name: 'Before' } })
  // 4: every member has a country: ES 12, FR 11.
  const countries = [
    ...Array.from({ length: 12 }, () => employee(w2.id as string, { country_code: 'ES' })),
    ...Array.from({ length: 11 }, () => employee(w2.id as string, { country_code: 'FR' })),
  ]
  const all = [
    org,
    w1,
    w2,
    lonely,
    ...gone,
    g1,
    ...[lonely, ...gone].map((e) => groupMember(g1.id as string, e.id as string)),
    ...ten,
    eleventh,
    g4,
    g5,
    ...ten.map((e) => groupMember(g4.id as string, e.id as string)),
    ...[...ten, eleventh].map((e) => groupMember(g5.id as string, e.id as string)),
    ...managers,
    ...reports,
    phish,
    only,
    renamed,
    moved,
    ...countries,
  ]
  return { all, org: org.id as string, w1: ws, w2: w2.id as string, lonely, g4, g5, managers, renamed, moved }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`issue #78's findings (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: Findings
    let identified: string
    let pseudonymous: string
    const aggregate = new Map<number, string>()
    const keyFor = async (min: number) => {
      let key = aggregate.get(min)
      if (key === undefined) {
        key = await t.key({ organizationId: d.org, privacy: 'aggregate', minGroupSize: min })
        aggregate.set(min, key)
      }
      return key
    }
    let _endpoint: string

    before(async () => {
      d = findingsDataset()
      t = await testApp(
        dialect,
        d.all.filter((r) => r.type === 'organization' || r.type === 'workspace'),
      )
      _endpoint = (
        await createEndpoint(
          t.db.handle.db,
          { organizationId: d.org, url: 'http://127.0.0.1:9/hook', format: 'json', privacy: 'pseudonymous' },
          { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined },
        )
      ).id
      await importSources(t.db.handle, [source(d.all)])
      // The second import: a name changed alone, a name changed with the department.
      const second = d.all.map((r) =>
        r === d.renamed
          ? { ...r, name: 'Ada After' }
          : r === d.moved
            ? { ...r, name: 'Bob After', department: { name: 'After' } }
            : r,
      )
      await importSources(t.db.handle, [source(second)])
      identified = await t.key({ organizationId: d.org })
      pseudonymous = await t.key({ organizationId: d.org, privacy: 'pseudonymous' })
    })
    after(() => t?.close())

    test('1: a group whose members are mostly deactivated does not show its one active member’s karma', async () => {
      const g1 = d.all.find((r) => r.type === 'group' && r.name === 'Mostly gone') as Rec
      const url = `/v1/groups/${g1.id}/karma_history?workspace_id=${d.w1}`
      const lastOf = async (key: string) => (await t.request(url, { key })).json.data.at(-1)
      assert.deepEqual(
        [(await lastOf(identified)).employees_count, (await lastOf(identified)).average_karma_score],
        [10, 777],
      )
      const shown = await lastOf(await keyFor(10))
      assert.equal(shown.employees_count, 10)
      assert.equal(shown.average_karma_score, null, 'the mean of one member')
      // Even at the least minimum a key may ask: one member is fewer than two.
      assert.equal((await lastOf(await keyFor(2))).average_karma_score, null)
    })

    test('2: a window holding one attack shows its count, not that employee’s rates and events', async () => {
      const window = 'created_after=2025-06-15T11:00:00Z&created_before=2025-06-15T13:00:00Z'
      const url = `/v1/campaigns/statistics?workspace_id=${d.w1}&${window}`
      const whole = (await t.request(url, { key: identified })).json.data
      assert.equal(whole.employees_attacked_count, 1)
      assert.equal(whole.vulnerability_rate, 100)
      const shown = (await t.request(url, { key: await keyFor(10) })).json.data
      assert.equal(shown.employees_attacked_count, 1)
      assert.equal(shown.vulnerability_rate, null)
      assert.equal(shown.reporting_rate, null)
      assert.ok(Object.values(shown.attack_events_per_employee).every((v) => v === null))
      // The day's point of the series: the same.
      const series = `/v1/campaigns/statistics/history?workspace_id=${d.w1}&interval=day&from=2025-06-14T00:00:00Z&to=2025-06-16T00:00:00Z`
      const points = (await t.request(series, { key: await keyFor(10) })).json.data as Record<
        string,
        unknown
      >[]
      const day = points.find((p) => p.start === '2025-06-15T00:00:00.000000Z') as Record<string, unknown>
      assert.equal(day.employees_attacked_count, 1)
      assert.equal(day.vulnerability_rate, null)
      const identifiedDay = (
        (await t.request(series, { key: identified })).json.data as Record<string, unknown>[]
      ).find((p) => p.start === day.start) as Record<string, unknown>
      assert.equal(identifiedDay.vulnerability_rate, 100)
    })

    test('3: two groups one member apart are never both shown to an aggregate key', async () => {
      const { items } = await walk(
        t,
        `/v1/reports/breakdown?workspace_id=${d.w1}&by=group`,
        await keyFor(10),
        100,
      )
      const keys = items.map((r) => r.key)
      assert.ok(!(keys.includes(d.g4.id) && keys.includes(d.g5.id)), JSON.stringify(items))
      // What the identified key sees: both, 10 and 11.
      const whole = await walk(t, `/v1/reports/breakdown?workspace_id=${d.w1}&by=group`, identified, 100)
      assert.deepEqual(
        whole.items.filter((r) => r.key === d.g4.id || r.key === d.g5.id).map((r) => r.employees_count),
        [11, 10],
      )
    })

    test('4: cells all large enough are all shown, with no null row that had no member', async () => {
      const { items } = await walk(
        t,
        `/v1/reports/breakdown?workspace_id=${d.w2}&by=country`,
        await keyFor(2),
        100,
      )
      assert.deepEqual(
        items.map((r) => [r.key, r.employees_count]),
        [
          ['ES', 12],
          ['FR', 11],
        ],
      )
    })

    test('6: a pseudonymous reader learns nothing of a name change, in the feed and in webhooks', async () => {
      const feed = (await walk(t, `/v1/events?workspace_id=${d.w1}`, pseudonymous, 100)).items as FeedEvent[]
      const updates = feed.filter((e) => e.type === 'employee.updated')
      const identifiedFeed = (await walk(t, `/v1/events?workspace_id=${d.w1}`, identified, 100))
        .items as FeedEvent[]
      const identifiedUpdates = identifiedFeed.filter((e) => e.type === 'employee.updated')
      assert.equal(identifiedUpdates.length, 2)
      // The name alone: not sent; the name and the department: the department alone.
      assert.equal(updates.length, 1, JSON.stringify(updates))
      assert.deepEqual(updates[0]?.data.previous_attributes, { department: { name: 'Before' } })
      assert.equal(feed.length, identifiedFeed.length - 1)
      const delivered = await deliverAll(t, dialect)
      const bodies = delivered.map((b) => JSON.parse(b.body) as FeedEvent)
      // The endpoint is the organization's: both workspaces' events, as a pseudonymous key reads them.
      const other = (await walk(t, `/v1/events?workspace_id=${d.w2}`, pseudonymous, 100)).items
      assert.equal(bodies.length, feed.length + other.length)
      assert.deepEqual(
        bodies.filter((e) => e.type === 'employee.updated').map((e) => e.data.previous_attributes),
        [{ department: { name: 'Before' } }],
      )
      for (const { body } of delivered) assert.ok(!/Ada|Bob/.test(body), body)
    })

    test('6: export --format records is refused to a key that is not identified, naming --format', async () => {
      // Every answer says the key's privacy: what the export reads first.
      for (const [key, privacy] of [
        [identified, 'identified'],
        [pseudonymous, 'pseudonymous'],
        [await keyFor(10), 'aggregate'],
      ] as const)
        assert.equal((await t.request('/v1/organization', { key })).headers['x-key-privacy'], privacy)
      const url = await t.listen()
      for (const key of [pseudonymous, await keyFor(10)]) {
        const result = await runCli(
          ['export', 'employees', '--workspace', d.w1, '--format', 'records', '--url', url],
          {
            env: { AWARENESS_API_KEY: key },
          },
        )
        assert.equal(result.code, 2, result.stderr)
        assert.match(result.stderr, /--format records/)
        assert.equal(result.stdout, '')
        const all = await runCli(['export', 'all', '--format', 'records', '--url', url], {
          env: { AWARENESS_API_KEY: key },
        })
        assert.equal(all.code, 2, all.stderr)
        assert.match(all.stderr, /--format records/)
      }
      const fine = await runCli(
        ['export', 'employees', '--workspace', d.w1, '--format', 'records', '--url', url],
        {
          env: { AWARENESS_API_KEY: identified },
        },
      )
      assert.equal(fine.code, 0, fine.stderr)
    })

    test('7: a pseudonymous breakdown by manager is ordered by the pseudonyms it shows', async () => {
      const { items } = await walk(
        t,
        `/v1/reports/breakdown?workspace_id=${d.w1}&by=manager`,
        pseudonymous,
        1,
      )
      const keyed = items.filter((r) => r.key !== null)
      assert.equal(keyed.length, d.managers.length)
      assert.ok(keyed.every((r) => r.employees_count === 2 && r.name === null))
      const keys = keyed.map((r) => r.key as string)
      assert.deepEqual(
        keys,
        [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
      )
      assert.ok(keys.every((k) => !d.managers.some((m) => m.id === k)))
    })
  })
}
