// Groups in the shared dataset: several in A1 (two created at the same time, one empty, members
// added at shared times), one in A2, one in B1.

import type { DatasetWorkspaces } from '../../helpers/dataset.js'
import { type Rec, ts } from '../../helpers/records.js'
import { group, groupMember } from './records.js'

export function datasetRecords({ a1, a2, b1, all }: DatasetWorkspaces): Rec[] {
  const employeesOf = (workspace: string) =>
    all.filter((r) => r.type === 'employee' && (r.workspace as { id: string }).id === workspace)
  const out: Rec[] = []
  const together = ts()
  const groupsA1 = [0, 1, 2, 3].map((i) =>
    group(a1, {
      name: `Group ${i}`,
      description: i % 2 === 0 ? `The ${i}th group` : null,
      created_at: i < 2 ? together : ts(),
    }),
  )
  out.push(...groupsA1)
  const addedTogether = ts()
  for (const [k, g] of groupsA1.entries()) {
    if (k === 3) continue // an empty group
    employeesOf(a1).forEach((e, i) => {
      if ((i + k) % 2 === 1 && k !== 0) return
      out.push(groupMember(g.id as string, e.id as string, { added_at: i % 3 === 0 ? addedTogether : ts() }))
    })
  }
  const groupA2 = group(a2, { name: 'A2 group' })
  const groupB1 = group(b1, { name: 'B1 group' })
  out.push(groupA2, groupB1)
  for (const e of employeesOf(a2)) out.push(groupMember(groupA2.id as string, e.id as string))
  for (const e of employeesOf(b1)) out.push(groupMember(groupB1.id as string, e.id as string))
  return out
}
