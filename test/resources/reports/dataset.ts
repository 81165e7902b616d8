// Reports in the shared dataset: nothing is imported as a report, but a follow-up campaign in A1
// tricks a few active employees twice and three times, so that the repeat offenders (at least two
// by default) have several items to page through.

import type { DatasetWorkspaces } from '../../helpers/dataset.js'
import type { Rec } from '../../helpers/records.js'
import { campaign, sentAttack } from '../campaigns/records.js'

export function datasetRecords({ a1, all }: DatasetWorkspaces): Rec[] {
  const active = all.filter(
    (r) => r.type === 'employee' && (r.workspace as { id: string }).id === a1 && r.status === 'active',
  )
  const followUp = campaign(a1, { name: 'Follow-up' })
  const out: Rec[] = [followUp]
  active.slice(0, 4).forEach((e, i) => {
    for (let k = 0; k < 2 + (i % 2); k++)
      out.push(sentAttack(followUp.id as string, e.id as string, ['employee_tricked']))
  })
  return out
}
