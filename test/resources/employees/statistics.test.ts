// GET /v1/employees/statistics (CONTRACT 15): a count per status and the total, exact against the
// imported records, in every workspace; a workspace-scoped key of another workspace is refused.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { replacedDataset, servedDataset, type TestApp } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import type { ApiDataset } from '../../helpers/dataset.js'
import { employee, type Rec } from '../../helpers/records.js'
import { employeeStatistics as oracle } from './oracle.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`employee statistics (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    test('one count per status and the total, in each workspace', async () => {
      for (const workspace of [d.a1, d.a2]) {
        const response = await t.request(`/v1/employees/statistics?workspace_id=${workspace}`, { key })
        assert.equal(response.status, 200)
        assert.deepEqual(response.json.data, oracle(d.all, workspace))
      }
      const none = await t.request(`/v1/employees/statistics?workspace_id=${d.b1}`, { key })
      assert.equal(none.status, 404)
      const scoped = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a1 })
      const other = await t.request(`/v1/employees/statistics?workspace_id=${d.a2}`, { key: scoped })
      assert.equal(other.status, 403)
    })
  })

  describe(`employee statistics after imports (${dialect})`, { skip }, () => {
    test('the counts derived at import follow a status change, a new employee and one removed', async () => {
      const { base, ws, t, answerAfter } = await replacedDataset(dialect)
      try {
        const check = async (file: Rec[], step: string): Promise<Record<string, number | null>> => {
          const data = await answerAfter(file, `/v1/employees/statistics?workspace_id=${ws}`)
          assert.deepEqual(data, oracle(file, ws), step)
          return data
        }
        assert.equal((await check(base.all, 'first')).total, 2)
        const pending = base.all.map((r) => (r === base.manager ? { ...r, status: 'pending' } : r))
        assert.equal((await check(pending, 'status')).pending, 1)
        const added = await check([...pending, employee(ws, { status: 'unlicensed' })], 'added')
        assert.deepEqual([added.unlicensed, added.total], [1, 3])
        // The manager gone, with what refers to it.
        const without = base.all.filter(
          (r) => r !== base.manager && r !== base.x2 && r.id !== base.manager.id,
        )
        const report = { ...base.report, manager: null }
        const removed = await check(
          without.map((r) => (r === base.report ? report : r)),
          'removed',
        )
        assert.equal(removed.total, 1)
      } finally {
        await t.close()
      }
    })

    test('average_karma_score: the active employees with a karma, half up; null when none has one', async () => {
      const { base, ws, t, answerAfter } = await replacedDataset(dialect)
      try {
        const karma = (score: number) => ({ score, security_level: 'ok' })
        const others = base.all.filter((r) => r.type !== 'employee' || r === base.manager)
        const cases: [Rec[], number | null][] = [
          [[employee(ws, { karma: karma(1) }), employee(ws, { karma: karma(2) })], 2],
          [
            [
              employee(ws, { karma: karma(1) }),
              employee(ws, { karma: karma(1) }),
              employee(ws, { karma: karma(2) }),
            ],
            1,
          ],
          [[employee(ws, { karma: karma(5) }), employee(ws, { karma: null })], 5],
          [
            [employee(ws, { karma: karma(7) }), employee(ws, { karma: karma(900), status: 'deactivated' })],
            7,
          ],
          [[employee(ws, { karma: null }), employee(ws, { karma: karma(3), status: 'pending' })], null],
        ]
        const manager: Rec = { ...base.manager, karma: null }
        for (const [employees, expected] of cases) {
          const file = [...others.filter((r) => r !== base.manager), manager, ...employees].filter(
            (r) =>
              r.type !== 'compromised_employee' &&
              r.type !== 'course_progress' &&
              r.type !== 'course_feedback',
          )
          const data = await answerAfter(file, `/v1/employees/statistics?workspace_id=${ws}`)
          assert.equal(data.average_karma_score, expected, JSON.stringify(employees.map((e) => e.karma)))
          assert.deepEqual(data, oracle(file, ws))
        }
      } finally {
        await t.close()
      }
    })
  })
}
