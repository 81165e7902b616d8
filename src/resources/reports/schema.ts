// Reports (CONTRACT 18) as the API publishes them: a breakdown's cells, and the members who need
// help (repeat offenders, simulation and training coverage).

import Type from 'typebox'
import { Closed, count, Nullable, Timestamp } from '../../schemas/common.js'
import {
  figure,
  figureOf,
  hiddenWhenSmall,
  personalWhen,
  personWhen,
  plain,
} from '../../schemas/disclosure.js'
import { EmployeeReference, KARMA_SCORED, Karma } from '../employees/schema.js'

/** A rate of CONTRACT 15: a percentage rounded half up to an integer. */
const percent = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 100, description: `${description} In percent, rounded half up.` })

export const BreakdownCell = hiddenWhenSmall(
  Closed(
    {
      key: personWhen(
        { by: 'manager' },
        Nullable(
          Type.String({
            description:
              "The department's name, the manager's employee id, the group's id or the country code; null for the members without one.",
          }),
        ),
      ),
      name: personalWhen(
        { by: 'manager' },
        Nullable(
          Type.String({
            description:
              "The department's name, the manager's name, the group's name or the country code; null for the members without one, or when unknown.",
          }),
        ),
      ),
      employees_count: figure(
        Type.Integer({ minimum: 1, description: 'Members in the cell (active employees).' }),
      ),
      average_karma_score: figure(
        Nullable(
          Type.Integer({
            minimum: 0,
            description:
              "The mean karma score of the cell's members with a karma, rounded half up; null when none has one.",
          }),
        ),
        KARMA_SCORED,
      ),
      at_risk_employees_count: figure(count('Members whose karma security_level is dangerous or bad.')),
      covered_employees: figure(count('Members with at least one course progress entry.')),
      average_courses_completed: figure(
        count('The mean number of completed progress entries per member, rounded half up.'),
      ),
      employees_attacked_count: figure(count('Members with at least one sent attack created in the window.')),
      vulnerability_rate: figureOf(
        'employees_attacked_count',
        percent('Members with a tricked attack / members attacked; 0 when nobody was.'),
      ),
      reporting_rate: figureOf(
        'employees_attacked_count',
        percent('Members with a reported attack / members attacked; 0 when nobody was.'),
      ),
      reporters_count: figure(count('Members with at least one email report made in the window.')),
      employee_reporting_rate: figure(
        Type.Number({
          minimum: 0,
          maximum: 100,
          description: 'reporters_count / employees_count, in percent, rounded half up to one decimal.',
        }),
      ),
      compromised_employees_count: figure(
        count('Members with at least one compromised record in the workspace.'),
      ),
      unacknowledged_employees_count: figureOf(
        'compromised_employees_count',
        count('Of those, members with at least one compromised record not acknowledged.'),
      ),
    },
    {
      $id: 'BreakdownCell',
      description:
        "One cell of a breakdown: the workspace's members (active employees) of one department, manager's team, group or country.",
    },
  ),
  'For an aggregate key (CONTRACT 19), the row whose key is null holds the merged cells; when it still has fewer ' +
    'members than the minimum group size, every figure is null, employees_count included.',
)

export const RepeatOffender = Closed(
  {
    employee: EmployeeReference,
    karma: Nullable(Karma),
    attacks_count: plain(count('Their attacks with sent_at set, created in the window.')),
    tricked_count: plain(count('Of those, the attacks that tricked them.')),
    reported_count: plain(count('Of those, the attacks they reported.')),
    last_tricked_at: plain({ ...Timestamp, description: 'The latest tricked_at of those attacks.' }),
  },
  { $id: 'RepeatOffender', description: 'A member tricked in at least min_tricked attacks of the window.' },
)

export const SimulationCoverage = Closed(
  {
    employee: EmployeeReference,
    attacks_count: plain(count('Their attacks with sent_at set, created in the window.')),
    tricked_count: plain(count('Of those, the attacks that tricked them.')),
    reported_count: plain(count('Of those, the attacks they reported.')),
    last_attacked_at: plain(
      Nullable({
        ...Timestamp,
        description: 'The latest sent_at of those attacks; null when none.',
      }),
    ),
  },
  {
    $id: 'SimulationCoverage',
    description: 'A member and the simulated phishing they received in the window.',
  },
)

export const TrainingCoverage = Closed(
  {
    employee: EmployeeReference,
    courses_count: plain(count('Their course progress entries.')),
    completed_count: plain(count('Entries whose status is completed.')),
    missed_count: plain(count('Entries whose status is missed.')),
    upcoming_count: plain(count('Entries whose status is upcoming.')),
    not_started_count: plain(count('Entries without a status.')),
    last_completed_at: plain(
      Nullable({
        ...Timestamp,
        description: 'The latest completed_at of any year of any entry; null when none.',
      }),
    ),
  },
  { $id: 'TrainingCoverage', description: 'A member and their awareness training.' },
)
