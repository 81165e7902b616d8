// Reported emails, grouped into tickets, as the API publishes them (CONTRACT 16).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { windowPoint } from '../../history/points.js'
import { hiddenWhenSmall } from '../../privacy/schemas.js'
import { Name, Text } from '../../records/fields.js'
import { derivedAtImport, importedAs } from '../../records/published.js'
import { Closed, count, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { EmployeeReference } from '../employees/schema.js'
import { CLASSIFICATIONS, FRAUD_TYPES, REPORT_SOURCES } from './values.js'

/** A rate of CONTRACT 16: a percentage rounded half up to one decimal, from exact counts. */
const rate = (description: string) =>
  Type.Number({ minimum: 0, maximum: 100, description: `${description} In percent, one decimal.` })

const ReportedEmail = Closed(
  {
    from: Type.String({ description: 'The sender address.' }),
    subject: Type.String(),
    message_uid: Type.String({ description: 'The RFC 5322 Message-ID.' }),
  },
  { description: 'The email the ticket is about.' },
)

export const InboxTicket = Closed(
  {
    id: Uuid,
    email: importedAs(
      ReportedEmail,
      Closed({ from: Name(320), subject: Text(1000), message_uid: Name(1000) }),
    ),
    classification: Nullable(
      StringEnum(CLASSIFICATIONS, {
        description: 'How an analyst classified the email; null while unreviewed.',
      }),
    ),
    fraud_type: Nullable(
      StringEnum(FRAUD_TYPES, { description: 'Set exactly when classification is fraudulent.' }),
    ),
    classified_at: Nullable({ ...Timestamp, description: 'null exactly when classification is.' }),
    reports_count: derivedAtImport(count('Its reports.')),
    first_reported_at: derivedAtImport(
      Nullable({
        ...Timestamp,
        description: 'The earliest reported_at of its reports; null without reports.',
      }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'InboxTicket', description: 'Reports of one suspicious email, grouped for an analyst to classify.' },
)

export const EmailReport = Closed(
  {
    id: Uuid,
    employee: EmployeeReference,
    source: StringEnum(REPORT_SOURCES, { description: 'How the employee reported it.' }),
    reported_at: Timestamp,
  },
  { $id: 'EmailReport', description: 'One employee reporting the email of a ticket.' },
)

export const EmployeeEmailReports = Closed(
  {
    employee: EmployeeReference,
    emails_reported_stats: Closed({
      reported_emails_count: count('Their reports in the window.'),
      reported_fraudulent_emails_count: count('Of those, on tickets classified fraudulent.'),
      reported_safe_emails_count: count('Of those, on tickets classified safe.'),
      reported_spam_emails_count: count('Of those, on tickets classified spam.'),
    }),
  },
  {
    $id: 'EmployeeEmailReports',
    description:
      'An employee with reports in the window; a report on an unreviewed ticket counts only in the total.',
  },
)

export const InboxStatistics = hiddenWhenSmall(
  Closed(
    {
      reports: Closed({
        total_count: count('Reports whose reported_at is in the window.'),
        reporters_count: count('Distinct employees who made them.'),
        employee_reporting_rate: rate('Active employees among them / active employees of the workspace.'),
      }),
      tickets: Closed({
        total_count: count('Tickets created in the window.'),
        unreviewed_count: count('Of those, not classified yet.'),
        safe_rate: rate('Safe tickets / tickets.'),
        spam_rate: rate('Spam tickets / tickets.'),
        fraudulent_rate: rate('Fraudulent tickets / tickets.'),
        fraudulent_distribution: Closed(
          Object.fromEntries(
            FRAUD_TYPES.map((type) => [
              `${type}_rate`,
              rate(`Fraudulent tickets of type ${type} / fraudulent tickets.`),
            ]),
          ) as Record<`${(typeof FRAUD_TYPES)[number]}_rate`, ReturnType<typeof rate>>,
        ),
      }),
    },
    {
      $id: 'InboxStatistics',
      description:
        'Reported emails of a workspace: the window bounds reports by reported_at and tickets by created_at. Rates are ' +
        'percentages rounded half up to one decimal, from exact counts; 0 when the denominator is 0.',
    },
  ),
)

export type InboxTicket = Type.Static<typeof InboxTicket>
export type EmailReport = Type.Static<typeof EmailReport>
export type EmployeeEmailReports = Type.Static<typeof EmployeeEmailReports>
export type InboxStatistics = Type.Static<typeof InboxStatistics>

export const INBOX_TICKET_NOT_FOUND: NotFound = {
  parameter: 'ticket_id',
  code: 'inbox_ticket_not_found',
  title: 'Inbox ticket not found',
  detail: 'No inbox ticket with this id in this workspace for this key.',
}

export const InboxStatisticsPoint = windowPoint(
  InboxStatistics,
  'InboxStatisticsPoint',
  'The statistics of the period: their window from start to 1 µs before end, over the data held now.',
)
