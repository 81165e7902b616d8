// Campaigns in the shared dataset: in A1 a recurring campaign with three cycles (given out of order)
// and many attacks (shared creation times, every funnel, unsent ones), a one-off without cycles and
// a draft; one campaign in A2 and one in B1.

import type { DatasetWorkspaces } from '../../helpers/dataset.js'
import { type Rec, ts } from '../../helpers/records.js'
import { attack, attackEvent, campaign, cycle } from './records.js'

/** Event sequences of the funnel; `[]` with sent_at null is an attack not sent yet. */
const FUNNELS: readonly string[][] = [
  ['attack_sent'],
  ['attack_sent', 'email_opened'],
  [
    'attack_sent',
    'email_opened',
    'page_opened',
    'credentials_submitted',
    'employee_tricked',
    'remedial_started',
  ],
  ['attack_sent', 'email_opened', 'email_reported'],
  ['attack_sent', 'manually_reported'],
  [
    'attack_sent',
    'email_opened',
    'attachment_opened',
    'employee_tricked',
    'email_reported',
    'employee_tricked',
  ],
  ['attack_sent', 'attack_voided'],
  [],
]

export function datasetRecords({ a1, a2, b1, all }: DatasetWorkspaces): Rec[] {
  const employeesOf = (workspace: string) =>
    all.filter((r) => r.type === 'employee' && (r.workspace as { id: string }).id === workspace)
  const cycles = [cycle({ name: 'Q2' }), cycle({ name: 'Q1' }), cycle({ name: 'Q3' })]
  // Out of order: the campaign lists them by starts_at.
  const [q2, q1, q3] = cycles as [Rec, Rec, Rec]
  q1.starts_at = '2025-01-01T00:00:00.000001Z'
  q2.starts_at = '2025-04-01T00:00:00.000001Z'
  q3.starts_at = '2025-07-01T00:00:00.000001Z'
  const together = ts()
  const recurring = campaign(a1, {
    name: 'Quarterly',
    delivery: 'recurring',
    frequency: 'quarterly',
    cycles,
    created_at: together,
  })
  const oneOff = campaign(a1, { name: null, status: 'completed', completed_at: ts(), created_at: together })
  const draft = campaign(a1, {
    name: 'Draft',
    status: 'draft',
    delivery: 'recurring',
    frequency: 'weekly',
    launched_at: null,
  })
  const out: Rec[] = [recurring, oneOff, draft]
  const attackedTogether = ts()
  employeesOf(a1).forEach((e, i) => {
    const funnel = FUNNELS[i % FUNNELS.length] as string[]
    const base = ts()
    out.push(
      attack(recurring.id as string, e.id as string, {
        campaign_cycle_id: (cycles[i % 3] as Rec).id,
        difficulty: ['easy', 'medium', 'hard'][i % 3],
        sent_at: funnel.length === 0 ? null : base,
        // Given out of order: the attack lists them by created_at.
        events: funnel
          .map((type, k) =>
            attackEvent(type, { created_at: `${base.slice(0, 20)}${String(k).padStart(6, '0')}Z` }),
          )
          .reverse(),
        created_at: i % 4 === 0 ? attackedTogether : base,
      }),
    )
    if (i % 2 === 0)
      out.push(
        attack(oneOff.id as string, e.id as string, {
          events: [attackEvent('attack_sent'), attackEvent('email_opened')],
        }),
      )
  })
  const inA2 = campaign(a2, { name: 'A2 campaign' })
  const inB1 = campaign(b1, { name: 'B1 campaign' })
  out.push(inA2, inB1)
  for (const e of employeesOf(a2)) out.push(attack(inA2.id as string, e.id as string))
  for (const e of employeesOf(b1)) out.push(attack(inB1.id as string, e.id as string))
  return out
}
