// GET /v1/breaches/statistics (CONTRACT 15): breaches and distinct employees impacted, warned and
// acknowledged, exact against the imported records, whole and within breached_after/before windows
// (timestamps or dates); a window that ends before it starts is a 422.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { replacedDataset, servedDataset, type TestApp } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import type { ApiDataset } from '../../helpers/dataset.js'
import { breach, compromised, type Rec, ts } from '../../helpers/records.js'
import { breachStatistics as oracle } from './oracle.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`breach statistics (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    test('whole and within windows, equal to the records', async () => {
      const times = d.all
        .filter((b) => b.type === 'breach' && b.workspace_id === d.a1)
        .map((b) => b.last_breached_at as string)
        .sort()
      assert.ok(times.length >= 3)
      const middle = times[Math.floor(times.length / 2)] as string
      const windows: [string, { after?: string; before?: string }][] = [
        ['', {}],
        [`&breached_after=${middle}`, { after: middle }],
        [`&breached_before=${middle}`, { before: middle }],
        [`&breached_after=${middle}&breached_before=${middle}`, { after: middle, before: middle }],
        [`&breached_after=${middle.slice(0, 10)}`, { after: `${middle.slice(0, 10)}T00:00:00.000000Z` }],
        ['&breached_before=2000-01-01', { before: '2000-01-01T00:00:00.000000Z' }],
      ]
      for (const workspace of [d.a1, d.a2]) {
        for (const [query, w] of windows) {
          const response = await t.request(`/v1/breaches/statistics?workspace_id=${workspace}${query}`, {
            key,
          })
          assert.equal(response.status, 200, query)
          assert.deepEqual(response.json.data, oracle(d.all, workspace, w), `${workspace} ${query}`)
        }
      }
      const whole = oracle(d.all, d.a1)
      // Figures that can tell the three counts apart.
      assert.ok(whole.acknowledged_employees_count > 0)
      assert.ok(whole.warned_employees_count < whole.impacted_employees_count)
    })

    test('a window that ends before it starts, or a bound that is not a time, is a 422 naming it', async () => {
      const cases: [string, string][] = [
        ['breached_after=2025-02-01&breached_before=2025-01-31', 'breached_after'],
        ['breached_before=2025-13-01', 'breached_before'],
        ['breached_after=1700000000', 'breached_after'],
      ]
      for (const [query, parameter] of cases) {
        const response = await t.request(`/v1/breaches/statistics?workspace_id=${d.a1}&${query}`, { key })
        assert.equal(response.status, 422, query)
        assert.deepEqual(response.json.errors[0].source, { parameter })
      }
    })
  })

  describe(`breach statistics after imports (${dialect})`, { skip }, () => {
    test('the figures derived at import follow a warning, a new breach and a breach gone', async () => {
      const { base, ws, t, answerAfter } = await replacedDataset(dialect)
      try {
        const check = async (file: Rec[], step: string) => {
          const data = await answerAfter(file, `/v1/breaches/statistics?workspace_id=${ws}`)
          assert.deepEqual(data, oracle(file, ws), step)
          return data
        }
        const first = await check(base.all, 'first')
        assert.deepEqual(Object.values(first), [1, 2, 2, 1])
        const acknowledged = { ...base.x1, acknowledged_at: ts() }
        const rest = base.all.filter((r) => r !== base.x1 && r !== base.x2 && r !== base.b1)
        const second = await check([...rest, base.b1, acknowledged, base.x2], 'acknowledged')
        assert.equal(second.acknowledged_employees_count, 2)
        const b2 = breach(ws, { name: 'Second' })
        const again = compromised(ws, b2.id as string, base.report.id as string)
        const third = await check([...rest, base.b1, acknowledged, base.x2, b2, again], 'a second breach')
        assert.deepEqual(Object.values(third), [2, 2, 2, 2])
        const fourth = await check([...rest, b2, again], 'the first breach gone')
        assert.deepEqual(Object.values(fourth), [1, 1, 0, 0])
        await check(rest, 'every breach gone')
      } finally {
        await t.close()
      }
    })
  })
}
