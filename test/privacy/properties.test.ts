// CONTRACT 19 as properties, on each database, over random workspaces (fast-check): no figure an
// aggregate key receives describes fewer employees than its minimum, the employees each figure
// describes counted again from the imported records (not by the code under test), and no two rows
// of a breakdown by group differ by fewer; every pseudonymous answer is the identified one through
// section 19's rules written again (section19.ts).

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { sql } from 'kysely'
import { importSources } from '../../src/importer/import.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { employee, organization, source, workspace } from '../helpers/records.js'
import { RUNS, SEED } from '../helpers/seed.js'
import { campaign, sentAttack } from '../resources/campaigns/records.js'
import { group, groupMember } from '../resources/groups/records.js'
import { pseudonymousOf } from './section19.js'

const DAY = 86_400_000
const FIRST_DAY = Date.UTC(2025, 0, 1)
const at = (day: number, hour = 12) =>
  new Date(FIRST_DAY + day * DAY + hour * 3_600_000).toISOString().replace('Z', '000Z')

interface Person {
  active: boolean
  karma: number | null
  department: number | null
  country: number | null
  groups: number[]
  /** Attacks on them: the day each was created, and whether it tricked them. */
  attacks: { day: number; tricked: boolean }[]
}

const person = fc.record({
  active: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
  karma: fc.option(fc.integer({ min: 0, max: 1000 }), { freq: 3 }),
  department: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 4 }),
  country: fc.option(fc.integer({ min: 0, max: 2 }), { freq: 4 }),
  groups: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  attacks: fc.array(fc.record({ day: fc.integer({ min: 0, max: 9 }), tricked: fc.boolean() }), {
    maxLength: 2,
  }),
})

const scenario = fc.record({
  people: fc.array(person, { minLength: 3, maxLength: 40 }),
  min: fc.integer({ min: 2, max: 12 }),
  window: fc.option(
    fc
      .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
  ),
})

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

/** The records of a scenario: an organization of its own, one workspace. */
function recordsOf(s: Scenario) {
  const org = organization()
  const ws = workspace(org.id as string)
  const w = ws.id as string
  const groups = [0, 1, 2, 3].map((i) => group(w, { name: `Group ${i}` }))
  const phish = campaign(w)
  const employees = s.people.map((p) =>
    employee(w, {
      status: p.active ? 'active' : 'deactivated',
      karma: p.karma === null ? null : { score: p.karma, security_level: 'good' },
      department: p.department === null ? null : { name: `Dept ${p.department}` },
      country_code: p.country === null ? null : ['DE', 'ES', 'FR'][p.country],
    }),
  )
  const memberships = s.people.flatMap((p, i) =>
    p.groups.map((g) => groupMember(groups[g]?.id as string, employees[i]?.id as string)),
  )
  const attacks = s.people.flatMap((p, i) =>
    p.attacks.map((a, k) =>
      sentAttack(
        phish.id as string,
        employees[i]?.id as string,
        a.tricked ? ['employee_tricked'] : [],
        at(a.day, 8 + k),
      ),
    ),
  )
  return {
    org: org.id as string,
    ws: w,
    groups: groups.map((g) => g.id as string),
    employees,
    all: [org, ws, ...employees, ...groups, ...memberships, phish, ...attacks],
  }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`section 19 as properties (${dialect})`, { skip }, () => {
    let t: TestApp
    before(async () => {
      t = await testApp(dialect)
    })
    after(() => t?.close())

    test('no figure an aggregate key receives describes fewer employees than its minimum', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          const r = recordsOf(s)
          await importSources(t.db.handle, [source(r.all)])
          const key = await t.key({ organizationId: r.org, privacy: 'aggregate', minGroupSize: s.min })
          const members = s.people
            .map((p, i) => ({ ...p, id: r.employees[i]?.id as string }))
            .filter((p) => p.active)
          const inWindow = (day: number) => s.window === null || (day >= s.window[0] && day <= s.window[1])
          const attacked = (p: Person) => p.attacks.some((a) => inWindow(a.day))
          const window =
            s.window === null
              ? ''
              : `&created_after=${at(s.window[0], 0)}&created_before=${at(s.window[1], 23)}`
          const small = (n: number) => n < s.min

          const employees = (await t.request(`/v1/employees/statistics?workspace_id=${r.ws}`, { key })).json
            .data
          if (employees.active !== null) assert.ok(!small(members.length), 'the population')
          if (employees.average_karma_score !== null)
            assert.ok(!small(members.filter((p) => p.karma !== null).length), 'the employees with a karma')

          const campaigns = (
            await t.request(`/v1/campaigns/statistics?workspace_id=${r.ws}${window}`, { key })
          ).json.data
          const everyone = s.people.filter((p) => p.attacks.some((a) => inWindow(a.day)))
          if (campaigns.vulnerability_rate !== null) assert.ok(!small(everyone.length), 'the attacked')

          for (const by of ['department', 'country', 'group'] as const) {
            const { items } = await walk(
              t,
              `/v1/reports/breakdown?workspace_id=${r.ws}&by=${by}${window}`,
              key,
              100,
            )
            const keyOf = (p: Person & { id: string }): (string | null)[] =>
              by === 'department'
                ? [p.department === null ? null : `Dept ${p.department}`]
                : by === 'country'
                  ? [p.country === null ? null : (['DE', 'ES', 'FR'][p.country] as string)]
                  : p.groups.length === 0
                    ? [null]
                    : p.groups.map((g) => r.groups[g] as string)
            const shown = new Set(items.filter((row) => row.key !== null).map((row) => row.key as string))
            // A row's members: its key's; the null row's, everyone whose key is not shown.
            const rowMembers = (k: string | null) =>
              members.filter((p) =>
                keyOf(p).some((x) => (k === null ? x === null || !shown.has(x) : x === k)),
              )
            const sets: Set<string>[] = []
            for (const row of items) {
              const m = rowMembers(row.key as string | null)
              if (row.employees_count !== null) {
                assert.ok(!small(m.length), `${by} ${row.key}: ${m.length} members`)
                assert.equal(row.employees_count, m.length, `${by} ${row.key}`)
                sets.push(new Set(m.map((p) => p.id)))
              }
              if (row.average_karma_score !== null)
                assert.ok(!small(m.filter((p) => p.karma !== null).length), `${by} ${row.key}: karma`)
              if (row.vulnerability_rate !== null)
                assert.ok(!small(m.filter(attacked).length), `${by} ${row.key}: attacked`)
            }
            if (by === 'group')
              for (const a of sets)
                for (const b of sets) {
                  const d = [...a].filter((x) => !b.has(x)).length + [...b].filter((x) => !a.has(x)).length
                  assert.ok(d === 0 || d >= s.min, `two rows differ by ${d}`)
                }
          }
        }),
        { numRuns: RUNS, seed: SEED },
      )
    })

    test('every pseudonymous answer is the identified one through section 19 written again', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          const r = recordsOf(s)
          // Managers: each employee's manager is an earlier one, now and then.
          r.employees.forEach((e, i) => {
            if (i > 0 && i % 3 === 0) e.manager = { id: r.employees[i - 1]?.id }
          })
          await importSources(t.db.handle, [source(r.all)])
          const identified = await t.key({ organizationId: r.org })
          const pseudonymous = await t.key({ organizationId: r.org, privacy: 'pseudonymous' })
          const { rows } = await sql<{ id: string; pseudonym: string }>`select id, pseudonym
            from employees_pseudonymous where workspace_id = ${r.ws}`.execute(t.db.handle.db)
          const pseudonyms = new Map(rows.map((p) => [p.id, p.pseudonym]))
          for (const path of [
            '/v1/employees',
            '/v1/reports/simulation_coverage',
            '/v1/reports/repeat_offenders?min_tricked=1',
          ]) {
            const url = `${path}${path.includes('?') ? '&' : '?'}workspace_id=${r.ws}`
            const whole = (await walk(t, url, identified, 7)).items
            const seen = (await walk(t, url, pseudonymous, 7)).items
            assert.deepEqual(seen, pseudonymousOf(whole, pseudonyms), url)
          }
        }),
        { numRuns: Math.max(3, Math.round(RUNS / 2)), seed: SEED },
      )
    })
  })
}
