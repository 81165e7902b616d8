// A pseudonymous key reads employees as the import kept them (`employees_pseudonymous`, sent as stored):
// after any sequence of imports (new employees, renamed managers, managers changed or taken away,
// employees dropped by --replace) and rotations, every kept rendering is exactly the one step's walk
// of the employee's identified JSON under the pseudonyms of the organization's current secret.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { sql } from 'kysely'
import { withWriteSession } from '../../src/db/write-session.js'
import { importSources } from '../../src/importer/import.js'
import { peopleOf } from '../../src/privacy/people.js'
import { pseudonymOf } from '../../src/privacy/pseudonyms.js'
import { rotatePseudonyms } from '../../src/resources/employees/pseudonyms.js'
import { Employee } from '../../src/resources/employees/schema.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { employee, organization, type Rec, source, workspace } from '../helpers/records.js'

const PEOPLE = peopleOf(Employee)

type Step =
  | { kind: 'add'; manager: number | null }
  | { kind: 'rename'; who: number; name: string | null }
  | { kind: 'manage'; who: number; manager: number | null }
  | { kind: 'drop'; who: number }
  | { kind: 'rotate' }

const pick = fc.nat({ max: 50 })
const STEP: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), manager: fc.option(pick, { nil: null }) }),
  fc.record({
    kind: fc.constant('rename' as const),
    who: pick,
    name: fc.option(fc.stringMatching(/^[A-Za-zÄöß ]{1,12}$/), { nil: null }),
  }),
  fc.record({ kind: fc.constant('manage' as const), who: pick, manager: fc.option(pick, { nil: null }) }),
  fc.record({ kind: fc.constant('drop' as const), who: pick }),
  fc.constant({ kind: 'rotate' as const }),
)

/**
 * Every employee's kept rendering against the walk of their JSON under the current secret, with what
 * the list orders and filters by; no rendering of an employee deleted since. Returns how many.
 */
async function assertKept(db: TestDatabase): Promise<number> {
  const rows = (
    await sql<{
      id: string
      json: string
      secret: string
      pseudonym: string | null
      kept: string | null
      same: number | boolean | null
    }>`
      select e.id, e.json, s.secret, p.pseudonym, p.json as kept,
        p.workspace_id = e.workspace_id and p.created_at = e.created_at and p.status = e.status
          and p.karma_score is not distinct from e.karma_score as same
      from employees e
      join workspaces w on w.id = e.workspace_id
      join pseudonym_secrets s on s.organization_id = w.organization_id
      left join employees_pseudonymous p on p.id = e.id
      order by e.id`.execute(db.handle.db)
  ).rows
  const count = async (table: 'employees' | 'employees_pseudonymous') =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db.handle.db))
        .rows[0]?.n,
    )
  assert.equal(rows.length, await count('employees'), 'every employee has their organization’s secret')
  assert.equal(
    await count('employees_pseudonymous'),
    rows.length,
    'no rendering of an employee deleted since',
  )
  for (const row of rows) {
    const secret = Buffer.from(row.secret, 'base64')
    assert.equal(row.pseudonym, pseudonymOf(secret, row.id))
    const walked = PEOPLE.hide(JSON.parse(row.json), (id) => pseudonymOf(secret, id))
    assert.equal(row.kept, JSON.stringify(walked), `employee ${row.id}`)
    assert.ok(Boolean(row.same), `employee ${row.id}: the rendering's workspace, time, status and karma`)
  }
  return rows.length
}

for (const { dialect, skip } of DIALECTS) {
  describe(`kept pseudonymous renderings (${dialect})`, { skip }, () => {
    let db: TestDatabase
    before(async () => {
      db = await freshDatabase(dialect)
    })
    after(() => db?.drop())

    test('after any imports and rotations, each is the walk of the identified JSON', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(STEP, { minLength: 1, maxLength: 6 }), async (steps) => {
          // An organization of its own per run, with a bystander organization imported beside it.
          const org = organization()
          const ws = workspace(org.id as string)
          const wsId = ws.id as string
          const other = organization()
          const otherWs = workspace(other.id as string)
          const bystander = employee(otherWs.id as string)
          let people: Rec[] = [employee(wsId), employee(wsId)]
          people[1] = { ...(people[1] as Rec), manager: { id: (people[0] as Rec).id } }
          await importSources(db.handle, [source([org, ws, other, otherWs, bystander, ...people])])
          for (const step of steps) {
            const at = (n: number) => people[n % people.length] as Rec
            const managing = (n: number | null, of: Rec) => {
              if (n === null) return null
              // Only an earlier employee manages a later one: no cycle.
              const index = people.indexOf(of)
              return index > 0 ? { id: (people[n % index] as Rec).id } : null
            }
            if (step.kind === 'rotate') {
              await withWriteSession(db.handle, (session) => rotatePseudonyms(session, org.id as string))
              continue
            }
            if (step.kind === 'add') {
              const added = employee(wsId)
              people = [...people, added]
              people[people.length - 1] = { ...added, manager: managing(step.manager, added) }
              await importSources(db.handle, [source([org, ws, people.at(-1) as Rec])])
            } else if (step.kind === 'rename' || step.kind === 'manage') {
              const who = at(step.who)
              const changed =
                step.kind === 'rename'
                  ? { ...who, name: step.name }
                  : { ...who, manager: managing(step.manager, who) }
              people = people.map((p) => (p === who ? changed : p))
              await importSources(db.handle, [source([org, ws, changed])])
            } else if (people.length > 1) {
              // --replace without one employee: their reports are left without a manager.
              const gone = at(step.who)
              people = people
                .filter((p) => p !== gone)
                .map((p) => ((p.manager as Rec | null)?.id === gone.id ? { ...p, manager: null } : p))
              await importSources(db.handle, [source([org, ws, ...people])], { replace: true })
            }
          }
          assert.ok((await assertKept(db)) > people.length)
        }),
        { numRuns: 12 },
      )
    })
  })
}
