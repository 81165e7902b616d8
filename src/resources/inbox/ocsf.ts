// inbox_ticket.* in OCSF (docs/ocsf.md): a ticket is a Detection Finding, as the anchor sends it: the
// reported email in `evidences`, its sender an Email Address observable, an alert when the email
// was classified spam or fraudulent.

import { DETECTION_FINDING, FINDING_STATUS, OBSERVABLE_TYPE, SEVERITY } from '../../ocsf/classes.js'
import { findingActivity } from '../../ocsf/finding.js'
import {
  changeOf,
  compact,
  except,
  type FeedEvent,
  millis,
  millisOrAbsent,
  type OcsfParts,
} from '../../ocsf/render.js'
import type { InboxTicket } from './schema.js'
import type { Review } from './values.js'

const SEVERITY_OF: Record<Review, (typeof SEVERITY)[keyof typeof SEVERITY]> = {
  unreviewed: SEVERITY.medium,
  safe: SEVERITY.informational,
  spam: SEVERITY.low,
  fraudulent: SEVERITY.high,
}

export function inboxTicketOcsf(event: FeedEvent): OcsfParts {
  const ticket = event.data.object as InboxTicket
  const deleted = changeOf(event) === 'deleted'
  const review: Review = ticket.classification ?? 'unreviewed'
  const status = deleted
    ? FINDING_STATUS.deleted
    : ticket.classification === null
      ? FINDING_STATUS.new
      : FINDING_STATUS.resolved
  const reports = `${ticket.reports_count} report${ticket.reports_count === 1 ? '' : 's'}`
  return {
    class: DETECTION_FINDING,
    activity: findingActivity(event),
    severity: SEVERITY_OF[review],
    message: `Reported email from ${ticket.email.from} ${changeOf(event)}: ${review}${ticket.fraud_type === null ? '' : ` (${ticket.fraud_type})`}, ${reports}`,
    attributes: {
      finding_info: compact({
        uid: ticket.id,
        title: `Reported email: ${ticket.email.subject}`,
        types: ['Reported email', ...(ticket.fraud_type === null ? [] : [ticket.fraud_type])],
        first_seen_time: millisOrAbsent(ticket.first_reported_at),
        created_time: millis(ticket.created_at),
        modified_time: millis(ticket.updated_at),
      }),
      status_id: status[0],
      status: status[1],
      // Spam and fraudulent mail is an alert whatever became of its ticket (CONTRACT 16).
      is_alert: review === 'spam' || review === 'fraudulent',
      evidences: [{ email: { ...ticket.email } }],
      observables: [
        {
          name: 'evidences[0].email.from',
          type_id: OBSERVABLE_TYPE.emailAddress[0],
          type: OBSERVABLE_TYPE.emailAddress[1],
          value: ticket.email.from,
        },
      ],
    },
    unmapped: except(ticket, ['id', 'email']),
  }
}
