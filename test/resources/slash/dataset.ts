// Alerts and impersonations in the shared dataset: alerts for most of A1's employees in every action,
// some created at one shared time; impersonations of a few; some of each in A2 and B1.

import type { DatasetWorkspaces } from '../../helpers/dataset.js'
import { type Rec, ts } from '../../helpers/records.js'
import { alert, impersonation } from './records.js'

const ACTIONS = [null, 'reported', 'marked_safe', null]
const VERDICTS = ['fraudulent', 'pending_review', 'safe']

export function datasetRecords({ a1, a2, b1, all }: DatasetWorkspaces): Rec[] {
  const employeesOf = (workspace: string) =>
    all.filter((r) => r.type === 'employee' && (r.workspace as { id: string }).id === workspace)
  const out: Rec[] = []
  const together = ts()
  employeesOf(a1).forEach((e, i) => {
    if (i % 4 === 3) return
    for (let k = 0; k <= i % 3; k++)
      out.push(
        alert(a1, e.id as string, {
          action: ACTIONS[(i + k) % 4],
          created_at: k === 0 && i % 2 === 0 ? together : ts(),
        }),
      )
    if (i % 5 === 0)
      for (let k = 0; k <= i % 4; k++)
        out.push(
          impersonation(a1, e.id as string, {
            verdict: VERDICTS[(i + k) % 3],
            created_at: k === 0 ? together : ts(),
          }),
        )
  })
  for (const workspace of [a2, b1])
    for (const e of employeesOf(workspace).slice(0, 2)) {
      out.push(alert(workspace, e.id as string, { action: 'reported' }))
      out.push(impersonation(workspace, e.id as string))
    }
  return out
}
