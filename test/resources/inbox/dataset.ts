// Reported emails in the shared dataset: tickets in A1 of every classification and fraud type, two
// created at the same time, one without reports; reports by a minority of A1's employees, some at
// shared times, some on several tickets; a ticket with reports in A2 and in B1.

import type { DatasetWorkspaces } from '../../helpers/dataset.js'
import { type Rec, ts } from '../../helpers/records.js'
import { report, ticket } from './records.js'

const FRAUD_TYPES = [
  'employee_impersonation',
  'partner_payment_fraud',
  'scam_extortion',
  'service_imitation',
  'other',
]

export function datasetRecords({ a1, a2, b1, all }: DatasetWorkspaces): Rec[] {
  const employeesOf = (workspace: string) =>
    all.filter((r) => r.type === 'employee' && (r.workspace as { id: string }).id === workspace)
  const out: Rec[] = []
  const together = ts()
  const classifications = [null, 'safe', 'spam', 'spam', 'safe', null, ...FRAUD_TYPES.map(() => 'fraudulent')]
  let fraud = 0
  const ticketsA1 = classifications.map((classification, i) =>
    ticket(a1, {
      classification,
      fraud_type: classification === 'fraudulent' ? FRAUD_TYPES[fraud++] : null,
      email: {
        from: `sender${i}@mail.example`,
        subject: i === 0 ? '' : `Subject "${i}" \u2028`,
        message_uid: `<m${i}@mail.example>`,
      },
      created_at: i < 2 ? together : ts(),
    }),
  )
  out.push(...ticketsA1)
  const reporters = employeesOf(a1).filter((_, i) => i % 3 !== 1)
  const reportedTogether = ts()
  for (const [k, t] of ticketsA1.entries()) {
    if (k === 3) continue // a ticket without reports
    reporters.forEach((e, i) => {
      if ((i + k) % 4 !== 0) return
      out.push(
        report(t.id as string, e.id as string, {
          reported_at: i % 5 === 0 ? reportedTogether : ts(),
          source: ['add_in', 'forward', 'mobile'][i % 3],
        }),
      )
    })
  }
  for (const workspace of [a2, b1]) {
    const t = ticket(workspace, { classification: 'spam' })
    out.push(t)
    for (const e of employeesOf(workspace).slice(0, 3)) out.push(report(t.id as string, e.id as string))
  }
  return out
}
