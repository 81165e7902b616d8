import { rowPerItem } from '../export.js'
import { Attack, Campaign } from './schema.js'

export const CAMPAIGN_EXPORTS = [
  rowPerItem(
    { name: 'campaigns', nouns: ['campaign', 'campaigns'], path: '/v1/campaigns', pageSize: 100 },
    Campaign,
  ),
  rowPerItem(
    {
      name: 'attacks',
      nouns: ['attack', 'attacks'],
      path: '/v1/campaigns/{campaign_id}/attacks',
      pageSize: 100,
      everyParent: { id: 'campaign', list: '/v1/campaigns', pageSize: 100 },
      note: '`--campaign ID`; without it, every campaign of the workspace in turn, and each attack carries `"campaign": {"id"}`, in CSV a last column `campaign.id`',
    },
    Attack,
  ),
]
