// The phishing simulations' routes in the isolation property (test/helpers/isolation.ts).

import { unknownId } from '../../helpers/dataset.js'
import { type IsolationCase, recordOf } from '../../helpers/isolation.js'
import { attacks, campaigns, statistics } from './oracle.js'

const unknown = unknownId()

export const ISOLATION: IsolationCase[] = [
  {
    kind: 'workspace',
    path: '/v1/campaigns',
    url: (_, t) => `/v1/campaigns?workspace_id=${t.workspace}`,
    data: (d, t) => campaigns(d.all, t.workspace),
  },
  {
    kind: 'workspace',
    path: '/v1/campaigns/{campaign_id}/attacks',
    url: (d, t) =>
      `/v1/campaigns/${recordOf(d, 'campaign', t.pick, unknown)}/attacks?workspace_id=${t.workspace}`,
    parent: { id: (d, t) => recordOf(d, 'campaign', t.pick, unknown), notFound: 'campaign_not_found' },
    data: (d, t) => attacks(d.all, recordOf(d, 'campaign', t.pick, unknown)).slice(0, 50),
  },
  {
    kind: 'workspace',
    path: '/v1/campaigns/statistics',
    url: (_, t) => `/v1/campaigns/statistics?workspace_id=${t.workspace}`,
    data: (d, t) => statistics(d.all, t.workspace),
  },
]
