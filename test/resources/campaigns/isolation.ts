// The phishing simulations' routes in the isolation property (test/helpers/isolation.ts).

import { firstOf, type IsolationCase } from '../../helpers/isolation.js'
import { windowSeriesNow } from '../../helpers/series.js'
import { attacks, campaigns, statistics } from './oracle.js'

export const ISOLATION: IsolationCase[] = [
  { kind: 'workspace', path: '/v1/campaigns', data: (d, ws) => campaigns(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/campaigns/{campaign_id}/attacks',
    id: firstOf('campaign'),
    notFound: 'campaign_not_found',
    data: (d, _, campaign) => attacks(d.all, campaign).slice(0, 50),
  },
  { kind: 'workspace', path: '/v1/campaigns/statistics', data: (d, ws) => statistics(d.all, ws) },
  {
    kind: 'workspace',
    path: '/v1/campaigns/statistics/history',
    data: (d, ws) => windowSeriesNow((w) => statistics(d.all, ws, w)),
  },
]
