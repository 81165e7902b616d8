// Alerts and impersonation (CONTRACT 16): both per-employee lists exact against an oracle computed
// from the imported records, walked item for item at limits 1, 7 and 100 for every window; the
// import refuses an alert or impersonation whose employee is not in its workspace, writing nothing.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ImportRejected, importSources } from '../../../src/importer/import.js'
import { servedDataset, type TestApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { type ApiDataset, unknownId } from '../../helpers/dataset.js'
import { employee, organization, type Rec, source, workspace } from '../../helpers/records.js'
import { windowQuery, windowsOver } from '../inbox/oracle.js'
import * as oracle from './oracle.js'
import { alert, impersonation } from './records.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`slash (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    const lists = [
      ['/v1/slash/employees/alert_statistics', 'email_alert', oracle.alertStatistics],
      ['/v1/slash/employees/impersonation_statistics', 'impersonation', oracle.impersonationStatistics],
    ] as const

    for (const [path, type, expected] of lists)
      test(`${path} walks equal the oracle for every window, at limits 1, 7 and 100`, async () => {
        const times = d.all
          .filter((r) => r.type === type && r.workspace_id === d.a1)
          .map((r) => r.created_at as string)
        for (const w of windowsOver(times)) {
          const oracleItems = expected(d.all, d.a1, w)
          for (const limit of [1, 7, 100]) {
            const { items } = await walk(t, `${path}?workspace_id=${d.a1}${windowQuery(w)}`, key, limit)
            assert.deepEqual(items, oracleItems, `${JSON.stringify(w)} limit ${limit}`)
          }
        }
        assert.ok(expected(d.all, d.a1).length > 3)
        const second = await walk(t, `${path}?workspace_id=${d.a2}`, key, 1)
        assert.deepEqual(second.items, expected(d.all, d.a2))
      })

    test("an alert or impersonation of another workspace's employee, or moved: refused, nothing written", async () => {
      const org = organization()
      const ws = workspace(org.id as string)
      const other = workspace(org.id as string)
      const mine = employee(ws.id as string)
      const theirs = employee(other.id as string)
      const base = [org, ws, other, mine, theirs]
      const file = (records: Rec[]) => importSources(t.db.handle, [source([...base, ...records])])
      const existing = alert(ws.id as string, mine.id as string)
      await file([existing])
      const orgKey = await t.key({ organizationId: org.id as string })
      const read = async () =>
        (await t.request(`/v1/slash/employees/alert_statistics?workspace_id=${ws.id}`, { key: orgKey })).json
          .data
      const before = await read()
      assert.equal(before.length, 1)
      const cases: [Rec[], RegExp][] = [
        [
          [alert(ws.id as string, theirs.id as string)],
          /email_alert\.employee_id: employee .* is not in this workspace/,
        ],
        [
          [impersonation(ws.id as string, unknownId())],
          /impersonation\.employee_id: employee .* is not in this workspace/,
        ],
        [[impersonation(ws.id as string, mine.id as string, { verdict: 'maybe' })], /verdict/],
        [[alert(unknownId(), mine.id as string)], /email_alert\.workspace_id: workspace .* does not exist/],
        [[{ ...existing, workspace_id: other.id, employee_id: theirs.id }], /moving an alert/],
      ]
      for (const [records, message] of cases) {
        await assert.rejects(file(records), (error: unknown) => {
          assert.ok(error instanceof ImportRejected)
          assert.ok(
            error.errors.some((e) => message.test(e.message)),
            JSON.stringify(error.errors),
          )
          return true
        })
        assert.deepEqual(await read(), before)
      }
    })
  })
}
