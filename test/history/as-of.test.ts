// CONTRACT 17, the moments an import keeps: `import --as-of` (forward only per workspace, never in
// the future, a refused import writes nothing), the snapshot of each workspace the file holds
// records of, the karma and group history kept where it changed, and `as_of=` on the two state
// statistics endpoints, exact against the files imported, on each database.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { AsOfRefused } from '../../src/history/record.js'
import { importSources } from '../../src/importer/import.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { employee, feedback, organization, smallDataset, source, workspace } from '../helpers/records.js'
import { employeeStatistics } from '../resources/employees/oracle.js'
import { group, groupMember } from '../resources/groups/records.js'

const T1 = '2026-01-10T00:00:00.000000Z'
const T2 = '2026-02-10T12:00:00.000000Z'
const T3 = '2026-03-10T00:00:00.000000Z'
const DAY = 24 * 3600 * 1000
const minus = (at: string, ms: number) => new Date(Date.parse(at) - ms).toISOString().replace('Z', '000Z')

for (const { dialect, skip } of DIALECTS) {
  describe(`imports as of a moment (${dialect})`, { skip }, () => {
    let t: TestApp
    let key: string
    const d = smallDataset()
    const ws = d.ws.id as string
    const karma = (score: number) => ({ score, security_level: score > 500 ? 'great' : 'ok' })
    const g = group(ws)
    const third = employee(ws, { karma: karma(700) })
    // The window of T2's feedback: 89 days before it counts, 91 days before and after it do not.
    const feedbacks = [
      feedback(d.report.id as string, d.c1.id as string, {
        created_at: minus(T2, 89 * DAY),
        sentiment: 'negative',
      }),
      feedback(d.report.id as string, d.c2.id as string, {
        created_at: minus(T2, 91 * DAY),
        sentiment: 'neutral',
      }),
      feedback(d.manager.id as string, d.c1.id as string, {
        created_at: minus(T2, -DAY),
        sentiment: 'neutral',
      }),
    ]
    const file1 = [...d.all.filter((r) => r !== d.f1), g, groupMember(g.id as string, d.report.id as string)]
    const file2 = [
      ...file1.map((r) => (r === d.manager ? { ...r, karma: karma(900) } : r)),
      third,
      groupMember(g.id as string, third.id as string),
      ...feedbacks,
    ]
    const stats = async (query: string) =>
      t.request(`/v1/employees/statistics?workspace_id=${ws}${query}`, { key })
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db.handle.db))
          .rows[0]?.n,
      )

    before(async () => {
      t = await testApp(dialect)
      await importSources(t.db.handle, [source(file1)], { asOf: T1 })
      key = await t.key({ organizationId: d.org.id as string })
    })
    after(() => t?.close())

    test('as_of answers the snapshot at or before it; before the first, 404 snapshot_not_found', async () => {
      const first = await stats(`&as_of=${T1}`)
      assert.equal(first.status, 200)
      assert.deepEqual(first.json.data, employeeStatistics(file1, ws))
      assert.deepEqual((await stats('&as_of=2026-01-10')).json.data, first.json.data)
      const earlier = await stats(`&as_of=2026-01-09T23:59:59.999999Z`)
      assert.equal(earlier.status, 404)
      assert.equal(earlier.json.errors[0].code, 'snapshot_not_found')
      assert.deepEqual(earlier.json.errors[0].source, { parameter: 'as_of' })
      const courses = await t.request(
        `/v1/courses/statistics?workspace_id=${ws}&as_of=2026-01-09T23:59:59.999999Z`,
        { key },
      )
      assert.equal(courses.status, 404)
      assert.equal(courses.json.errors[0].code, 'snapshot_not_found')
      const bad = await stats('&as_of=yesterday')
      assert.equal(bad.status, 422)
    })

    test('a later import keeps a second moment; each as_of reads its own', async () => {
      await importSources(t.db.handle, [source(file2)], { asOf: T2 })
      assert.deepEqual(
        (await stats(`&as_of=2026-02-10T11:59:59.999999Z`)).json.data,
        employeeStatistics(file1, ws),
      )
      assert.deepEqual((await stats(`&as_of=${T2}`)).json.data, employeeStatistics(file2, ws))
      assert.deepEqual((await stats('')).json.data, employeeStatistics(file2, ws))
      const courses = await t.request(`/v1/courses/statistics?workspace_id=${ws}&as_of=${T2}`, { key })
      assert.equal(courses.status, 200)
      assert.deepEqual(
        [
          courses.json.data.positive_feedbacks,
          courses.json.data.neutral_feedbacks,
          courses.json.data.negative_feedbacks,
        ],
        [0, 0, 1],
      )
      const earlier = await t.request(`/v1/courses/statistics?workspace_id=${ws}&as_of=${T1}`, { key })
      assert.deepEqual(earlier.json.data.negative_feedbacks, 0)
      assert.deepEqual(earlier.json.data.active_employees, 2)
      assert.deepEqual(courses.json.data.active_employees, 3)
    })

    test('karma and group figures are kept where they changed, and an unchanged import keeps only its snapshot', async () => {
      const karmaRows = async () =>
        (
          await sql<{
            employee_id: string
            as_of: string
            score: number | null
          }>`select employee_id, as_of, score
            from karma_history order by employee_id, as_of`.execute(t.db.handle.db)
        ).rows.map((r) => [r.employee_id, r.as_of, r.score === null ? null : Number(r.score)])
      const rows = await karmaRows()
      // T1: both employees; T2: the manager's change and the new employee.
      assert.deepEqual(
        rows,
        [
          [d.manager.id, T1, 420],
          [d.manager.id, T2, 900],
          [d.report.id, T1, 420],
          [third.id, T2, 700],
        ].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
      )
      const groups = (
        await sql<{
          as_of: string
          employees_count: number
          average_karma_score: number | null
        }>`select as_of,
          employees_count, average_karma_score from group_history order by as_of`.execute(t.db.handle.db)
      ).rows.map((r) => [r.as_of, Number(r.employees_count), r.average_karma_score])
      assert.deepEqual(groups, [
        [T1, 1, 420],
        [T2, 2, 560],
      ])
      const snapshots = await count('workspace_snapshots')
      await importSources(t.db.handle, [source(file2)], { asOf: T3 })
      assert.equal(await count('workspace_snapshots'), snapshots + 1)
      assert.deepEqual(await karmaRows(), rows)
      assert.equal(await count('group_history'), 2)
      // Karma becoming null is a change; an employee deleted takes their history with them.
      const file3 = file2
        .filter((r) => r !== third && !(r.type === 'group_member' && r.employee_id === third.id))
        .map((r) => (r.id === d.report.id && r.type === 'employee' ? { ...r, karma: null } : r))
      await importSources(t.db.handle, [source(file3)], { asOf: T3, replace: true })
      const after3 = await karmaRows()
      assert.deepEqual(
        after3.filter((r) => r[0] === d.report.id),
        [
          [d.report.id, T1, 420],
          [d.report.id, T3, null],
        ],
      )
      assert.equal(after3.filter((r) => r[0] === third.id).length, 0)
      assert.deepEqual((await stats(`&as_of=${T3}`)).json.data, employeeStatistics(file3, ws))
      // A group deleted takes its history with it.
      const file4 = file3.filter((r) => r !== g && r.group_id !== g.id)
      await importSources(t.db.handle, [source(file4)], { asOf: T3, replace: true })
      assert.equal(await count('group_history'), 0)
    })

    test('an as_of before the latest of a workspace, or in the future, is refused and writes nothing', async () => {
      const state = async () => ({
        stats: (await stats('')).json.data,
        snapshots: await count('workspace_snapshots'),
        karma: await count('karma_history'),
        employees: await count('employees'),
      })
      const kept = await state()
      const changed = [...file2, employee(ws)]
      await assert.rejects(importSources(t.db.handle, [source(changed)], { asOf: T2 }), AsOfRefused)
      const future = new Date(Date.now() + 10 * 60 * 1000).toISOString().replace('Z', '000Z')
      await assert.rejects(importSources(t.db.handle, [source(changed)], { asOf: future }), AsOfRefused)
      await assert.rejects(
        importSources(t.db.handle, [source(changed)], { asOf: T2, dryRun: true }),
        AsOfRefused,
      )
      assert.deepEqual(await state(), kept)
      // A few minutes ahead is taken; an import without as_of is then refused until that moment,
      // and told so.
      const aheadOrg = organization()
      const ahead = workspace(aheadOrg.id as string)
      const soon = new Date(Date.now() + 3 * 60 * 1000).toISOString().replace('Z', '000Z')
      await importSources(t.db.handle, [source([aheadOrg, ahead, employee(ahead.id as string)])], {
        asOf: soon,
      })
      await assert.rejects(
        importSources(t.db.handle, [source([aheadOrg, ahead, employee(ahead.id as string)])]),
        (error: Error) =>
          error instanceof AsOfRefused &&
          error.message.includes(
            `lies ahead of now: an import is accepted with --as-of ${soon} or later, or without --as-of from ${soon} on`,
          ),
      )
      // Forward per workspace: another organization's first moment may lie before this one's latest.
      const org = organization()
      const other = workspace(org.id as string)
      await importSources(t.db.handle, [source([org, other, employee(other.id as string)])], { asOf: T1 })
      assert.equal(await count('workspace_snapshots'), kept.snapshots + 2)
    })

    test('HISTORY_RETENTION prunes older rows of the imported workspaces, keeping the last one before the cutoff', async () => {
      const org = organization()
      const here = workspace(org.id as string)
      const person = employee(here.id as string, { karma: karma(100) })
      const team = group(here.id as string)
      const member = groupMember(team.id as string, person.id as string)
      const elsewhere = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from workspace_snapshots
              where workspace_id = ${ws}`.execute(t.db.handle.db)
          ).rows[0]?.n,
        )
      const before = await elsewhere()
      const moments = ['2025-01-01', '2025-02-01', '2025-03-01', '2025-03-20'].map(
        (d) => `${d}T00:00:00.000000Z`,
      )
      for (const [i, asOf] of moments.entries())
        await importSources(
          t.db.handle,
          [source([org, here, { ...person, karma: karma(100 + i) }, team, member])],
          {
            asOf,
            historyRetentionMs: 30 * DAY,
          },
        )
      const asOfs = async (table: string) =>
        (
          await sql<{ as_of: string }>`select as_of from ${sql.table(table)}
            where workspace_id = ${here.id} order by as_of`.execute(t.db.handle.db)
        ).rows.map((r) => r.as_of)
      // The cutoff of the last import is 2025-02-18: 2025-02-01 is the last row before it, and stays.
      assert.deepEqual(await asOfs('workspace_snapshots'), moments.slice(1))
      assert.deepEqual(await asOfs('karma_history'), moments.slice(1))
      assert.deepEqual(await asOfs('group_history'), moments.slice(1))
      // Each kept statistic is pruned alike.
      const kept = await sql<{
        statistic: string
        as_of: string
      }>`select statistic, as_of from kept_statistics
        where workspace_id = ${here.id} order by statistic, as_of`.execute(t.db.handle.db)
      assert.deepEqual(
        kept.rows.map((r) => `${r.statistic} ${r.as_of}`),
        ['getEmployeeStatistics', 'getProgramStatistics'].flatMap((s) =>
          moments.slice(1).map((m) => `${s} ${m}`),
        ),
      )
      // Another workspace's history is not touched by this workspace's imports.
      assert.equal(await elsewhere(), before)
      const history = await t.request(
        `/v1/employees/${person.id}/karma_history?workspace_id=${here.id}&from=2025-01-01&to=2025-03-31`,
        { key: await t.key({ organizationId: org.id as string }) },
      )
      assert.deepEqual(
        history.json.data.map((p: { score: number | null }) => p.score),
        [null, 101, 103],
      )
    })

    test("another organization's key reads no moment of this workspace", async () => {
      const org = organization()
      await importSources(t.db.handle, [source([org, workspace(org.id as string)])], { asOf: T3 })
      const foreign = await t.key({ organizationId: org.id as string })
      const r = await t.request(`/v1/employees/statistics?workspace_id=${ws}&as_of=${T3}`, { key: foreign })
      const unknown = await t.request(
        `/v1/employees/statistics?workspace_id=00000000-0000-4000-8000-000000000000&as_of=${T3}`,
        { key: foreign },
      )
      assert.equal(r.status, 404)
      assert.deepEqual(r.json.errors, unknown.json.errors)
    })
  })
}
