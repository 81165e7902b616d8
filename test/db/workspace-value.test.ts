// A value or rows read on every request of a route (an aggregate key's population, a kept statistic)
// run outside Kysely, compiled once per kind of database with a marker for the workspace and each
// argument: each grant reads its own workspace's, the arguments go where their markers stand, and a
// statement that would not be read in the granted workspace, or leaves out an argument, is refused.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  grantWorkspace,
  type KeyScope,
  workspaceRows,
  workspaceStatement,
  workspaceValue,
} from '../../src/access.js'
import { importSources } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { employee, organization, source, workspace } from '../helpers/records.js'

const ACTIVE = workspaceValue((from) =>
  from.selectFrom('employee_statistics').select('employees').where('status', '=', 'active'),
)

for (const { dialect, skip } of DIALECTS) {
  describe(`workspace values (${dialect})`, { skip }, () => {
    let db: TestDatabase
    const org = organization()
    const [a, b, empty] = [
      workspace(org.id as string),
      workspace(org.id as string),
      workspace(org.id as string),
    ]
    before(async () => {
      db = await freshDatabase(dialect)
      const people = [
        ...Array.from({ length: 3 }, () => employee(a.id as string)),
        ...Array.from({ length: 5 }, () => employee(b.id as string)),
        employee(b.id as string, { status: 'deactivated' }),
      ]
      await importSources(db.handle, [source([org, a, b, empty, ...people])])
    })
    after(() => db?.drop())

    const rowsOf = async (ws: Record<string, unknown>) => {
      const scope = { organizationId: org.id, workspaceId: null } as KeyScope
      return workspaceRows(db.handle.db, await grantWorkspace(db.handle.db, scope, ws.id as string))
    }

    test("each grant reads its own workspace's value, null without a row", async () => {
      // Asked twice each, interleaved: the statement compiled for the first serves the others.
      for (let round = 0; round < 2; round++) {
        assert.equal(Number(await (await rowsOf(a)).value(ACTIVE)), 3)
        assert.equal(Number(await (await rowsOf(b)).value(ACTIVE)), 5)
        assert.equal(await (await rowsOf(empty)).value(ACTIVE), null)
      }
    })

    test("a statement's arguments go where their markers stand, each grant's rows its own", async () => {
      const byStatus = workspaceStatement<[string, string]>(2, (from, first, second) =>
        from
          .selectFrom('employee_statistics')
          .select(['status', 'employees'])
          .where('status', 'in', [first, second])
          .orderBy('status'),
      )
      for (let round = 0; round < 2; round++) {
        const rows = await (await rowsOf(b)).rows(byStatus, 'deactivated', 'active')
        assert.deepEqual(
          rows.map(([status, n]) => [status, Number(n)]),
          [
            ['active', 5],
            ['deactivated', 1],
          ],
        )
        const own = await (await rowsOf(a)).rows(byStatus, 'active', 'pending')
        assert.deepEqual(
          own.map(([status, n]) => [status, Number(n)]),
          [['active', 3]],
        )
        assert.deepEqual(await (await rowsOf(empty)).rows(byStatus, 'active', 'pending'), [])
      }
    })

    test('a statement that leaves out one of its arguments is refused', async () => {
      const from = await rowsOf(a)
      const careless = workspaceStatement<[string]>(1, (rows) =>
        rows.selectFrom('employee_statistics').select('employees'),
      )
      await assert.rejects(() => from.rows(careless, 'active'), /leaves out one of its arguments/)
    })

    test('a statement not read in the granted workspace is refused', async () => {
      const from = await rowsOf(a)
      const derived = workspaceValue((rows) =>
        rows.selectFrom(db.handle.db.selectFrom('organizations').select('id').as('o')).select('o.id'),
      )
      await assert.rejects(() => from.value(derived), /not read in the granted workspace/)
    })
  })
}
