// Examples shown in the OpenAPI document (validated against the schemas by tests).

import { monthlyExample } from '../../history/points.js'
import { EXAMPLE_REFERENCE } from '../employees/examples.js'
import type { Attack, Campaign, CampaignStatistics } from './schema.js'
import { ATTACK_EVENT_TYPES } from './values.js'

const campaign: Campaign = {
  id: '2f8e6c1a-4b3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Quarterly phishing baseline',
  status: 'active',
  delivery: 'recurring',
  frequency: 'quarterly',
  launched_at: '2026-01-05T08:00:00.000000Z',
  completed_at: null,
  cycles: [
    {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
      name: 'Q1 2026',
      starts_at: '2026-01-05T08:00:00.000000Z',
      ends_at: '2026-03-31T23:59:59.999999Z',
      created_at: '2026-01-02T10:00:00.000120Z',
      updated_at: '2026-01-02T10:00:00.000120Z',
    },
  ],
  workspace: { id: '7cf3c256-32b9-4240-ad3f-b64afebede10' },
  created_at: '2026-01-02T10:00:00.000120Z',
  updated_at: '2026-01-05T08:00:00.000000Z',
}

const attack: Attack = {
  id: '6c5d4e3f-2a1b-4c0d-9e8f-7a6b5c4d3e2f',
  campaign_cycle: { id: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', name: 'Q1 2026' },
  employee: EXAMPLE_REFERENCE,
  template: { name: 'Shared document awaiting signature' },
  service: { name: 'DocuSign' },
  difficulty: 'medium',
  sent_at: '2026-01-12T09:14:03.120000Z',
  tricked_at: null,
  reported_at: '2026-01-12T09:20:41.003000Z',
  events: [
    {
      id: '0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
      type: 'attack_sent',
      created_at: '2026-01-12T09:14:03.120000Z',
    },
    {
      id: '1f2a3b4c-5d6e-4f7a-8b9c-0d1e2f3a4b5c',
      type: 'email_opened',
      created_at: '2026-01-12T09:18:22.450000Z',
    },
    {
      id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
      type: 'email_reported',
      created_at: '2026-01-12T09:20:41.003000Z',
    },
  ],
  created_at: '2026-01-12T09:14:03.120000Z',
}

/** A plausible funnel: every attacked employee was sent one, fewer opened, clicked, were tricked. */
const FUNNEL: Partial<Record<(typeof ATTACK_EVENT_TYPES)[number], number>> = {
  attack_sent: 412,
  email_opened: 187,
  email_reported: 71,
  manually_reported: 9,
  page_opened: 52,
  attachment_opened: 11,
  credentials_submitted: 30,
  employee_tricked: 38,
  remedial_started: 24,
  remedial_completed: 19,
}

const statistics: CampaignStatistics = {
  employees_attacked_count: 412,
  active_employees_attacked_count: 398,
  attack_events_per_employee: Object.fromEntries(
    ATTACK_EVENT_TYPES.map((type) => [type, FUNNEL[type] ?? 0]),
  ) as CampaignStatistics['attack_events_per_employee'],
  vulnerability_rate: 9,
  reporting_rate: 19,
}

export const CAMPAIGN_EXAMPLES = {
  listCampaigns: { data: [campaign] },
  getCampaignStatistics: { data: statistics },
  getCampaignStatisticsHistory: monthlyExample([
    { ...statistics, vulnerability_rate: 14, reporting_rate: 11 },
    statistics,
  ]),
  listCampaignAttacks: { data: [attack] },
}

/** How the typed client calls each operation: the JavaScript sample of the reference page. */
export const CAMPAIGN_CLIENT_SAMPLES = {
  listCampaigns: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
for await (const campaign of client.campaigns.list({ workspaceId, status: ['active'] })) {
  console.log(campaign.name, campaign.cycles.length)
}`,
  getCampaignStatistics: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const { vulnerability_rate, reporting_rate } = await client.campaigns.statistics({ workspaceId, createdAfter: '2026-01-01' })
console.log(vulnerability_rate, reporting_rate)`,
  getCampaignStatisticsHistory: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
// The click rate month by month: each point counts the attacks created in its month.
const months = await client.campaigns.statistics.history({ workspaceId, from: '2026-01-01' })
console.log(months.map((point) => point.vulnerability_rate))`,
  listCampaignAttacks: `const workspaceId = '7cf3c256-32b9-4240-ad3f-b64afebede10'
const campaignId = '2f8e6c1a-4b3d-4e5f-8a9b-0c1d2e3f4a5b'
for await (const attack of client.campaigns.attacks({ campaignId, workspaceId, isTricked: true })) {
  console.log(attack.employee.id, attack.tricked_at)
}`,
}

/** The objects of campaign.* and attack.* events (their webhooks' examples). */
export { attack as EXAMPLE_ATTACK, campaign as EXAMPLE_CAMPAIGN }
