// Phishing simulation campaigns and their attacks, as the API publishes them (CONTRACT 15).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { windowPoint } from '../../history/points.js'
import { Closed, count, Nullable, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'
import { figure, figureOf, hiddenWhenSmall, plain } from '../../schemas/disclosure.js'
import { EmployeeReference } from '../employees/schema.js'
import { ATTACK_EVENT_TYPES, CAMPAIGN_STATUSES, DELIVERIES, DIFFICULTIES, FREQUENCIES } from './values.js'

export const CampaignCycle = Closed(
  {
    id: plain(Uuid),
    name: plain(Type.String()),
    starts_at: plain(Timestamp),
    ends_at: plain(Timestamp),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
  },
  { description: 'One run of a campaign: a recurring campaign has one per period.' },
)

export const Campaign = Closed(
  {
    id: plain(Uuid),
    name: plain(Nullable(Type.String())),
    status: plain(StringEnum(CAMPAIGN_STATUSES)),
    delivery: plain(StringEnum(DELIVERIES)),
    frequency: plain(Nullable(StringEnum(FREQUENCIES, { description: 'null for a one-off campaign.' }))),
    launched_at: plain(Nullable({ ...Timestamp, description: 'null until the campaign is launched.' })),
    completed_at: plain(Nullable({ ...Timestamp, description: 'null until the campaign is completed.' })),
    cycles: Type.Array(CampaignCycle, { description: 'By starts_at ascending, then id ascending.' }),
    workspace: Closed({ id: plain(Uuid) }),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
  },
  { $id: 'Campaign', description: 'A phishing simulation campaign.' },
)

export const AttackEvent = Closed(
  { id: plain(Uuid), type: plain(StringEnum(ATTACK_EVENT_TYPES)), created_at: plain(Timestamp) },
  { description: 'Something that happened to the attack.' },
)

const Named = Closed({ name: plain(Type.String()) })

export const Attack = Closed(
  {
    id: plain({ ...Uuid, description: 'Unique within the organization.' }),
    campaign_cycle: Nullable(Closed({ id: plain(Uuid), name: plain(Type.String()) })),
    employee: EmployeeReference,
    template: Named,
    service: { ...Named, description: 'The brand the message imitated.' },
    difficulty: plain(StringEnum(DIFFICULTIES)),
    sent_at: plain(Nullable({ ...Timestamp, description: 'null while the message is not sent.' })),
    tricked_at: plain(
      Nullable({ ...Timestamp, description: 'The first employee_tricked event; null when none.' }),
    ),
    reported_at: plain(
      Nullable({
        ...Timestamp,
        description: 'The first email_reported or manually_reported event; null when none.',
      }),
    ),
    events: Type.Array(AttackEvent, { description: 'By created_at ascending, then id ascending.' }),
    created_at: plain(Timestamp),
  },
  { $id: 'Attack', description: 'One simulated phishing message sent to one employee.' },
)

const rate = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description })

export const CampaignStatistics = hiddenWhenSmall(
  Closed(
    {
      employees_attacked_count: figure(count('Employees with at least one sent attack within the filters.')),
      active_employees_attacked_count: figure(count('Of those, the ones whose status is active.')),
      attack_events_per_employee: Closed(
        Object.fromEntries(
          ATTACK_EVENT_TYPES.map((type) => [
            type,
            figureOf('employees_attacked_count', count(`Employees with at least one ${type} event.`)),
          ]),
        ) as Record<(typeof ATTACK_EVENT_TYPES)[number], Type.TInteger>,
        {
          description:
            'Per attack event type: the employees with at least one such event on an attack within the filters.',
        },
      ),
      vulnerability_rate: figureOf(
        'employees_attacked_count',
        rate(
          'Employees with a tricked sent attack / employees attacked, in percent rounded half up; 0 when nobody was attacked.',
        ),
      ),
      reporting_rate: figureOf(
        'employees_attacked_count',
        rate(
          'Employees with a reported sent attack / employees attacked, in percent rounded half up; 0 when nobody was attacked.',
        ),
      ),
    },
    { $id: 'CampaignStatistics' },
  ),
)

export type CampaignStatistics = Type.Static<typeof CampaignStatistics>
export type CampaignCycle = Type.Static<typeof CampaignCycle>
export type AttackEvent = Type.Static<typeof AttackEvent>
export type Campaign = Type.Static<typeof Campaign>
export type Attack = Type.Static<typeof Attack>

export const CAMPAIGN_NOT_FOUND: NotFound = {
  parameter: 'campaign_id',
  code: 'campaign_not_found',
  title: 'Campaign not found',
  detail: 'No campaign with this id in this workspace for this key.',
}

export const CampaignStatisticsPoint = windowPoint(
  CampaignStatistics,
  'CampaignStatisticsPoint',
  'The statistics of the period: their window from start to 1 µs before end, over the data held now.',
)
