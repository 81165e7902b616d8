// What the warnings on dangerous mail and the impersonation attempts publish: per employee, their
// counts in a window (CONTRACT 16).

import type Type from 'typebox'
import { Closed, count } from '../../schemas/common.js'
import { plain } from '../../schemas/disclosure.js'
import { EmployeeReference } from '../employees/schema.js'

export const EmployeeAlertStatistics = Closed(
  {
    employee: EmployeeReference,
    emails_alerts_stats: Closed({
      received_alerts_count: plain(count('Alerts shown to them, created in the window.')),
      reported_alerts_count: plain(count('Of those, the ones they reported.')),
      marked_safe_alerts_count: plain(count('Of those, the ones they marked safe.')),
    }),
  },
  { $id: 'EmployeeAlertStatistics', description: 'An employee warned on dangerous mail in the window.' },
)

export const EmployeeImpersonationStatistics = Closed(
  {
    employee: EmployeeReference,
    impersonation_stats: Closed({
      attacks_impersonating_employee: plain(
        count('Attacks that used their identity, created in the window.'),
      ),
      impersonation_attacks_confirmed: plain(count('Of those, the ones judged fraudulent.')),
      impersonation_attacks_pending_review: plain(count('Of those, the ones pending review.')),
      impersonation_attacks_denied: plain(count('Of those, the ones judged safe.')),
    }),
  },
  { $id: 'EmployeeImpersonationStatistics', description: 'An employee impersonated in the window.' },
)

export type EmployeeAlertStatistics = Type.Static<typeof EmployeeAlertStatistics>
export type EmployeeImpersonationStatistics = Type.Static<typeof EmployeeImpersonationStatistics>
