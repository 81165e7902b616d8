// Reported emails: a minority of employees report, a few of them often; most emails are reported
// once, a phishing wave by many. Analysts classify most tickets within days: mostly spam or safe,
// some fraudulent of every type; the newest are still unreviewed.

import { DAY, type ResourceDemo } from '../demo.js'
import { demoEmployees } from '../employees/demo.js'
import { FRAUD_TYPES, REPORT_SOURCES } from './values.js'

const SUBJECTS = [
  'Your mailbox is almost full',
  'Invoice overdue: action required',
  'Updated bank details for our next payment',
  'Shared document: Q3 salary review',
  'Your parcel could not be delivered',
  'Urgent: are you at your desk?',
  'Password expires today',
  'Team lunch on Friday',
  'Newsletter: what is new this month',
  'Payment confirmation #48213',
  'We noticed a new sign-in to your account',
  'Your invoice from the cloud provider',
]

const SENDERS = ['billing', 'no-reply', 'it-support', 'ceo-office', 'delivery', 'security', 'hr', 'news']
const DOMAINS = [
  'paypa1-secure.example',
  'mail-delivery.example',
  'promo-deals.example',
  'partner-corp.example',
]

export const INBOX_DEMO: ResourceDemo = {
  *workspace(w) {
    const { r, now } = w
    const employees = demoEmployees(w)
    // One in five reports; a tenth of those report most.
    const reporters = employees.filter(() => r.chance(0.2))
    const eager = reporters.filter(() => r.chance(0.1))
    if (reporters.length === 0) return
    const tickets = Math.max(4, Math.round(employees.length * 0.25))
    for (let i = 0; i < tickets; i++) {
      const ticketId = r.uuid()
      const firstReport = now - r.next() * 365 * DAY
      const age = (now - firstReport) / DAY
      const roll = r.next()
      const classification =
        age < 2 && roll < 0.7
          ? null
          : roll < 0.04
            ? null
            : roll < 0.5
              ? 'spam'
              : roll < 0.86
                ? 'safe'
                : 'fraudulent'
      const created = firstReport + r.int(1, 60) * 1000
      const classified = classification === null ? null : Math.min(now, created + r.int(1, 72) * 3_600_000)
      const from = `${r.pick(SENDERS)}@${classification === 'safe' ? w.domain : r.pick(DOMAINS)}`
      yield {
        type: 'inbox_ticket',
        id: ticketId,
        workspace_id: w.workspace.id,
        email: { from, subject: r.pick(SUBJECTS), message_uid: `<${r.uuid()}@${from.split('@')[1]}>` },
        classification,
        fraud_type: classification === 'fraudulent' ? r.pick(FRAUD_TYPES) : null,
        classified_at: classified === null ? null : r.at(classified),
        created_at: r.at(created),
        updated_at: r.at(classified ?? created),
      }
      // Most emails are reported once; a wave, by many (in a large workspace, hundreds).
      const count = r.chance(0.01)
        ? r.int(5, Math.max(40, Math.round(reporters.length / 100)))
        : r.chance(0.3)
          ? r.int(2, 4)
          : 1
      for (let k = 0; k < count; k++) {
        const reporter = eager.length > 0 && r.chance(0.4) ? r.pick(eager) : r.pick(reporters)
        yield {
          type: 'email_report',
          id: r.uuid(),
          ticket_id: ticketId,
          employee_id: reporter.id,
          source: r.pick(REPORT_SOURCES),
          reported_at: r.at(k === 0 ? firstReport : Math.min(now, firstReport + r.int(1, 48 * 60) * 60_000)),
        }
      }
    }
  },
}
