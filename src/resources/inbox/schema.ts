// Reported emails, grouped into tickets, as the API publishes them (CONTRACT 16).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { windowPoint } from '../../history/points.js'
import { Name, Text } from '../../records/fields.js'
import { derivedAtImport, importedAs } from '../../records/published.js'
import { Closed, count, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { figure, figureOf, hiddenWhenSmall, plain } from '../../schemas/disclosure.js'
import { EmployeeReference } from '../employees/schema.js'
import { CLASSIFICATIONS, FRAUD_TYPES, REPORT_SOURCES } from './values.js'

/** A rate of CONTRACT 16: a percentage rounded half up to one decimal, from exact counts. */
const rate = (description: string) =>
  Type.Number({ minimum: 0, maximum: 100, description: `${description} In percent, one decimal.` })

const ReportedEmail = Closed(
  {
    from: plain(Type.String({ description: 'The sender address.' })),
    subject: plain(Type.String()),
    message_uid: plain(Type.String({ description: 'The RFC 5322 Message-ID.' })),
  },
  { description: 'The email the ticket is about.' },
)

export const InboxTicket = Closed(
  {
    id: plain(Uuid),
    email: importedAs(
      ReportedEmail,
      Closed({ from: Name(320), subject: Text(1000), message_uid: Name(1000) }),
    ),
    classification: plain(
      Nullable(
        StringEnum(CLASSIFICATIONS, {
          description: 'How an analyst classified the email; null while unreviewed.',
        }),
      ),
    ),
    fraud_type: plain(
      Nullable(StringEnum(FRAUD_TYPES, { description: 'Set exactly when classification is fraudulent.' })),
    ),
    classified_at: plain(Nullable({ ...Timestamp, description: 'null exactly when classification is.' })),
    reports_count: plain(derivedAtImport(count('Its reports.'))),
    first_reported_at: plain(
      derivedAtImport(
        Nullable({
          ...Timestamp,
          description: 'The earliest reported_at of its reports; null without reports.',
        }),
      ),
    ),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
  },
  { $id: 'InboxTicket', description: 'Reports of one suspicious email, grouped for an analyst to classify.' },
)

export const EmailReport = Closed(
  {
    id: plain(Uuid),
    employee: EmployeeReference,
    source: plain(StringEnum(REPORT_SOURCES, { description: 'How the employee reported it.' })),
    reported_at: plain(Timestamp),
  },
  { $id: 'EmailReport', description: 'One employee reporting the email of a ticket.' },
)

export const EmployeeEmailReports = Closed(
  {
    employee: EmployeeReference,
    emails_reported_stats: Closed({
      reported_emails_count: plain(count('Their reports in the window.')),
      reported_fraudulent_emails_count: plain(count('Of those, on tickets classified fraudulent.')),
      reported_safe_emails_count: plain(count('Of those, on tickets classified safe.')),
      reported_spam_emails_count: plain(count('Of those, on tickets classified spam.')),
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
        total_count: figureOf(
          'reports.reporters_count',
          count('Reports whose reported_at is in the window.'),
        ),
        reporters_count: figure(count('Distinct employees who made them.')),
        employee_reporting_rate: figure(
          rate('Active employees among them / active employees of the workspace.'),
        ),
      }),
      tickets: Closed({
        total_count: figureOf('reports.reporters_count', count('Tickets created in the window.')),
        unreviewed_count: figureOf('reports.reporters_count', count('Of those, not classified yet.')),
        safe_rate: figureOf('reports.reporters_count', rate('Safe tickets / tickets.')),
        spam_rate: figureOf('reports.reporters_count', rate('Spam tickets / tickets.')),
        fraudulent_rate: figureOf('reports.reporters_count', rate('Fraudulent tickets / tickets.')),
        fraudulent_distribution: Closed(
          Object.fromEntries(
            FRAUD_TYPES.map((type) => [
              `${type}_rate`,
              figureOf(
                'reports.reporters_count',
                rate(`Fraudulent tickets of type ${type} / fraudulent tickets.`),
              ),
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
