import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { demoNdjson, demoRecords, monthsBackAsOf } from '../../src/demo/generate.js'
import { importSources } from '../../src/importer/import.js'
import { testApp } from '../helpers/app.js'
import { freshDatabase, type TestDatabase } from '../helpers/databases.js'

const anchor = new Date('2026-06-01T00:00:00Z')

async function digest(options: Parameters<typeof demoNdjson>[0]): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of demoNdjson(options)) hash.update(chunk)
  return hash.digest('hex')
}

describe('demo-data', () => {
  let db: TestDatabase
  before(async () => {
    db = await freshDatabase('sqlite')
  })
  after(() => db?.drop())

  test('the same seed gives the same bytes; another seed does not', async () => {
    const a = await digest({ employees: 300, seed: 7, anchor })
    const b = await digest({ employees: 300, seed: 7, anchor })
    const c = await digest({ employees: 300, seed: 8, anchor })
    assert.equal(a, b)
    assert.notEqual(a, c)
  })

  test('a month back: the same records, karma and completions lower; its import holds only what the history reads', async () => {
    const lines = async (options: Parameters<typeof demoNdjson>[0]) => {
      let text = ''
      for await (const chunk of demoNdjson(options)) text += chunk
      return text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    }
    const now = await lines({ employees: 300, seed: 7, anchor })
    const back = await lines({ employees: 300, seed: 7, anchor, monthsBack: 6, monthlyOnly: true })
    const types = new Set(back.map((r) => r.type))
    assert.deepEqual([...types].sort(), [
      'course',
      'course_feedback',
      'course_progress',
      'employee',
      'group',
      'group_member',
      'organization',
      'workspace',
    ])
    const ids = (records: Record<string, unknown>[]) =>
      records.map((r) => `${r.type} ${r.id ?? ''} ${r.employee_id ?? ''} ${r.course_id ?? r.group_id ?? ''}`)
    // The same records as the present, less those that did not exist yet: in the same order, none
    // created (or added to a group) after the month's as_of, nor naming one that was.
    const asOf = monthsBackAsOf(anchor, 6)
    const backIds = new Set(ids(back))
    assert.deepEqual(
      ids(now.filter((r) => types.has(r.type))).filter((id) => backIds.has(id)),
      ids(back),
    )
    const born = (r: Record<string, unknown>) => (r.created_at ?? r.added_at) as string | undefined
    for (const r of back) assert.ok((born(r) ?? '') <= asOf, `${r.type} ${born(r)} after ${asOf}`)
    const existing = new Set(back.flatMap((r) => (typeof r.id === 'string' ? [r.id] : [])))
    for (const r of back)
      for (const [field, value] of Object.entries(r))
        if (field.endsWith('_id') || (value as { id?: unknown } | null)?.id !== undefined) {
          const id = typeof value === 'string' ? value : (value as { id: string }).id
          assert.ok(existing.has(id), `${r.type}.${field} names ${id}, which did not exist yet`)
        }
    const later = now.filter((r) => r.type === 'employee' && (r.created_at as string) > asOf)
    assert.ok(later.length > 0, 'some employees came in the last six months')
    assert.equal(
      back.filter((r) => r.type === 'employee').length,
      now.filter((r) => r.type === 'employee').length - later.length,
    )
    const mean = (records: Record<string, unknown>[]) => {
      const scores = records.flatMap((r) =>
        r.type === 'employee' && r.karma ? [(r.karma as { score: number }).score] : [],
      )
      return scores.reduce((a, b) => a + b, 0) / scores.length
    }
    assert.ok(mean(back) < mean(now))
    const completed = (records: Record<string, unknown>[]) =>
      records.filter((r) => r.type === 'course_progress' && r.status === 'completed').length
    assert.ok(completed(back) < completed(now))
  })

  test('it has the variety the API needs to show', () => {
    const records = [...demoRecords({ employees: 1500, seed: 3, anchor })]
    const of = (type: string) => records.filter((r) => r.type === type)
    assert.equal(of('organization').length, 1)
    assert.equal(of('workspace').length, 3)
    assert.equal(of('employee').length, 1500)
    const employees = of('employee')
    assert.ok(employees.some((e) => e.manager !== null) && employees.some((e) => e.manager === null))
    assert.equal(new Set(employees.map((e) => e.status)).size, 4)
    const sources = new Set(
      employees.flatMap((e) => (e.email_addresses as { source: string }[]).map((a) => a.source)),
    )
    assert.ok(sources.size >= 4)
    assert.ok(
      employees.some((e) => (e.email_addresses as { is_primary: boolean }[]).every((a) => !a.is_primary)),
    )
    assert.ok(new Set(employees.map((e) => e.country_code)).size >= 10)
    const createdAt = employees.map((e) => e.created_at)
    assert.ok(new Set(createdAt).size < createdAt.length, 'some employees share a creation time')
    const progress = of('course_progress')
    assert.ok(
      progress.some((p) => (p.years as unknown[]).length === 0),
      'manually assigned courses',
    )
    assert.ok(
      progress.some((p) => (p.years as unknown[]).length > 1),
      'several program years',
    )
    const states = new Set(
      of('compromised_employee').map((c) => `${c.warned_at !== null}/${c.acknowledged_at !== null}`),
    )
    assert.equal(states.size, 4, 'every warned/acknowledged state')
    const feedback = of('course_feedback').map((f) => Date.parse(f.created_at as string))
    const DAY = 86_400_000
    assert.ok(
      feedback.some((t) => t > anchor.getTime() - 90 * DAY) &&
        feedback.some((t) => t < anchor.getTime() - 90 * DAY),
    )
    // Phishing simulations: every campaign status, one-off and recurring ones with cycles; attacks
    // down the funnel, most ignored, fewer tricked than opened, some reported, a few never sent.
    const campaigns = of('campaign')
    assert.equal(new Set(campaigns.map((c) => c.status)).size, 5)
    assert.ok(campaigns.some((c) => (c.cycles as unknown[]).length > 1))
    const attacks = of('attack')
    const has = (type: string) =>
      attacks.filter((a) => (a.events as { type: string }[]).some((e) => e.type === type)).length
    assert.ok(attacks.length > 5 * 1500 * 0.5, `${attacks.length} attacks`)
    assert.ok(has('employee_tricked') > 0 && has('employee_tricked') < has('email_opened') / 2)
    assert.ok(has('email_opened') < attacks.length / 2)
    assert.ok(has('email_reported') > 0 && has('manually_reported') > 0)
    assert.ok(attacks.some((a) => a.sent_at === null))
    for (const a of attacks.filter((x) => x.sent_at !== null)) {
      const sent = (a.events as { type: string; created_at: string }[]).find((e) => e.type === 'attack_sent')
      assert.equal(sent?.created_at, a.sent_at)
    }
    const status = new Map(employees.map((e) => [e.id, e.status]))
    assert.ok(
      attacks.some((a) => status.get(a.employee_id) === 'deactivated'),
      'attacked before they left',
    )
  })

  test('it imports cleanly, with active and resolved breaches', async () => {
    const summary = await importSources(db.handle, [
      { name: 'demo', read: () => demoNdjson({ employees: 600, seed: 1, anchor }) },
    ])
    assert.equal(summary.records.employee, 600)
    const { rows } = await sql<{
      status: string
    }>`select distinct status from breaches order by status`.execute(db.handle.db)
    assert.deepEqual(
      rows.map((r) => r.status),
      ['active', 'resolved'],
    )
  })

  test("npm start's twelve monthly imports: no series counts a group or an employee before it existed", async () => {
    const t = await testApp('sqlite')
    try {
      const options = { employees: 400, seed: 1, anchor }
      const asOfs: string[] = []
      // As serve --demo-when-empty loads it: oldest first, each month with its as_of.
      for (let monthsBack = 11; monthsBack >= 0; monthsBack--) {
        // The present an hour after its anchor (serve imports it at the moment it starts).
        const asOf = monthsBack === 0 ? '2026-06-01T01:00:00.000000Z' : monthsBackAsOf(anchor, monthsBack)
        asOfs.push(asOf)
        const demo = { ...options, monthsBack, monthlyOnly: monthsBack > 0 }
        await importSources(t.db.handle, [{ name: 'demo', read: () => demoNdjson(demo) }], { asOf })
      }
      const present = [...demoRecords(options)]
      const organizationId = present.find((r) => r.type === 'organization')?.id as string
      const key = await t.key({ organizationId })
      const span = `interval=month&from=${asOfs[0]?.slice(0, 10)}&to=${anchor.toISOString().slice(0, 10)}`
      /** The as_of of the import a point reads: the last before its end. */
      const keptAt = (end: string) => asOfs.filter((a) => a < end).at(-1)
      type Point = { start: string; end: string } & Record<string, number | null>
      const series = async (url: string): Promise<Point[]> => {
        const r = await t.request(`${url}${url.includes('?') ? '&' : '?'}${span}`, { key })
        assert.equal(r.status, 200, r.body)
        return r.json.data as Point[]
      }
      let checked = 0
      for (const workspace of present.filter((r) => r.type === 'workspace')) {
        const w = workspace.id as string
        const employees = present.filter(
          (r) => r.type === 'employee' && (r.workspace as { id: string }).id === w,
        )
        for (const point of await series(`/v1/employees/statistics/history?workspace_id=${w}`)) {
          const at = keptAt(point.end)
          const existed = employees.filter((e) => at !== undefined && (e.created_at as string) <= at).length
          assert.equal(point.total, at === undefined ? null : existed, `${w} ${point.start}`)
          checked++
        }
        for (const group of present.filter((r) => r.type === 'group' && r.workspace_id === w)) {
          const members = present.filter((r) => r.type === 'group_member' && r.group_id === group.id)
          for (const point of await series(`/v1/groups/${group.id}/karma_history?workspace_id=${w}`)) {
            const at = keptAt(point.end)
            if (at === undefined || (group.created_at as string) > at)
              assert.equal(point.employees_count, null)
            else
              assert.equal(
                point.employees_count,
                members.filter((m) => (m.added_at as string) <= at).length,
                `${group.name} ${point.start}`,
              )
            checked++
          }
        }
        // The employees that came within the year: no karma before they did.
        for (const e of employees
          .filter((x) => (x.created_at as string) > (asOfs[0] as string))
          .slice(0, 20)) {
          for (const point of await series(`/v1/employees/${e.id}/karma_history?workspace_id=${w}`)) {
            const at = keptAt(point.end)
            if (at === undefined || (e.created_at as string) > at)
              assert.equal(point.score, null, `${e.id} ${point.start}`)
            checked++
          }
        }
      }
      assert.ok(checked > 100, `${checked} points`)
    } finally {
      await t.close()
    }
  })
})
