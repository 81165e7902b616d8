// The employees with reports, tallied (resources/tallies.ts): a report counts by its ticket's review.

import type { TallyKind } from '../tallies.js'
import { EmployeeEmailReports } from './schema.js'

export const EMAIL_REPORTS_TALLY: TallyKind = {
  kind: 'employees_with_email_reports',
  table: 'email_reports',
  at: 'reported_at',
  category: 'review',
  item: EmployeeEmailReports,
  counts: {
    reported_emails_count: null,
    reported_fraudulent_emails_count: 'fraudulent',
    reported_safe_emails_count: 'safe',
    reported_spam_emails_count: 'spam',
  },
}
