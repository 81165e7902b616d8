// Phishing simulations: campaigns, with their cycles, and the attacks they sent.

import type { Resource } from '../resource.js'
import { CAMPAIGN_DEMO } from './demo.js'
import { ATTACK_EVENTS, CAMPAIGN_EVENTS } from './events.js'
import { CAMPAIGN_CLIENT_SAMPLES, CAMPAIGN_EXAMPLES } from './examples.js'
import { CAMPAIGN_EXPORTS } from './export.js'
import { CAMPAIGN_IMPORT } from './import.js'
import { attackRecord, campaignRecord } from './records.js'
import {
  Attack,
  CAMPAIGN_NOT_FOUND,
  Campaign,
  CampaignStatistics,
  CampaignStatisticsPoint,
} from './schema.js'
import { SIMULATION_READ } from './scopes.js'
import { CAMPAIGN_SQL } from './sql.js'

export const campaigns = {
  name: 'campaigns',
  about: 'phishing simulations',
  scopes: [SIMULATION_READ],
  tag: {
    name: 'Phishing simulations',
    description: 'Phishing simulation campaigns, their cycles, and the attacks they sent to employees.',
  },
  notFound: [CAMPAIGN_NOT_FOUND],
  schemas: [Campaign, Attack, CampaignStatistics, CampaignStatisticsPoint],
  routes: async (app) => (await import('./routes.js')).campaignRoutes(app),
  examples: CAMPAIGN_EXAMPLES,
  clientSamples: CAMPAIGN_CLIENT_SAMPLES,
  client: {
    namespace: 'campaigns',
    operations: {
      listCampaigns: { method: 'list', page: 'page', filters: 'CampaignFilters' },
      getCampaignStatistics: {
        method: 'statistics',
        doc: ['@example const { vulnerability_rate } = await client.campaigns.statistics({ workspaceId })'],
      },
      getCampaignStatisticsHistory: {
        method: 'statistics.history',
        doc: ['@example const months = await client.campaigns.statistics.history({ workspaceId })'],
      },
      listCampaignAttacks: {
        method: 'attacks',
        page: 'attacksPage',
        filters: 'CampaignAttackFilters',
        doc: ['@example for await (const attack of client.campaigns.attacks({ campaignId, workspaceId })) …'],
      },
    },
  },
  records: [campaignRecord, attackRecord],
  import: CAMPAIGN_IMPORT,
  exports: CAMPAIGN_EXPORTS,
  sql: CAMPAIGN_SQL,
  demo: CAMPAIGN_DEMO,
  events: [CAMPAIGN_EVENTS, ATTACK_EVENTS],
} satisfies Resource<'campaign' | 'attack'>
