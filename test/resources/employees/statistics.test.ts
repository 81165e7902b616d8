// GET /v1/employees/statistics (CONTRACT 15): a count per status and the total, exact against the
// imported records, in every workspace; a workspace-scoped key of another workspace is refused.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { EMPLOYEE_STATUSES } from '../../../src/resources/employees/values.js'
import { servedDataset, type TestApp } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import type { ApiDataset } from '../../helpers/dataset.js'

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
        const employees = d.all.filter(
          (r) => r.type === 'employee' && (r.workspace as { id: string }).id === workspace,
        )
        const expected = {
          ...Object.fromEntries(
            EMPLOYEE_STATUSES.map((s) => [s, employees.filter((e) => e.status === s).length]),
          ),
          total: employees.length,
        }
        const response = await t.request(`/v1/employees/statistics?workspace_id=${workspace}`, { key })
        assert.equal(response.status, 200)
        assert.deepEqual(response.json.data, expected)
      }
      const none = await t.request(`/v1/employees/statistics?workspace_id=${d.b1}`, { key })
      assert.equal(none.status, 404)
      const scoped = await t.key({ organizationId: d.orgA.id as string, workspaceId: d.a1 })
      const other = await t.request(`/v1/employees/statistics?workspace_id=${d.a2}`, { key: scoped })
      assert.equal(other.status, 403)
    })
  })
}
