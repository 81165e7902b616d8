import type { FastifyInstance } from 'fastify'
import { notFound } from '../../errors.js'
import { windowTwin } from '../../history/twins.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { defineItem, itemRoute } from '../../routing/item.js'
import { defineList, listRoute } from '../../routing/list.js'
import { checkCreatedWindow, createdWindow, param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { EMPLOYEE_POPULATION } from '../employees/statistics.js'
import { CAMPAIGN_NOT_FOUND, CampaignStatisticsPoint } from './schema.js'
import { SIMULATION_READ } from './scopes.js'
import { CAMPAIGN_SQL } from './sql.js'
import { CAMPAIGN_STATISTICS_ID } from './statistics.js'
import { CAMPAIGN_STATUSES } from './values.js'

const LIST_CAMPAIGNS = defineList({
  operationId: 'listCampaigns',
  path: '/v1/campaigns',
  summary: 'List the phishing simulation campaigns of a workspace',
  description:
    'Newest first: created_at descending, then id descending. cycles are the runs of the campaign, by starts_at ' +
    'ascending; a one-off campaign has frequency null.',
  scope: SIMULATION_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    status: param.enumList(CAMPAIGN_STATUSES, 'Keeps only campaigns with one of these statuses.'),
    ...createdWindow('campaigns created'),
  },
  limits: LIST_LIMITS,
  item: 'Campaign',
  rows: CAMPAIGN_SQL.listPage,
  check: checkCreatedWindow,
})

const LIST_ATTACKS = defineList({
  operationId: 'listCampaignAttacks',
  path: '/v1/campaigns/:campaign_id/attacks',
  summary: 'List the attacks of a phishing simulation campaign',
  description:
    'Newest first: created_at descending, then id descending. An attack is one simulated phishing message to one ' +
    'employee; tricked_at is its first employee_tricked event and reported_at its first email_reported or ' +
    'manually_reported event. A campaign of another workspace is a 404, like an unknown one.',
  scope: SIMULATION_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    campaign_id: param.uuid('The campaign.'),
    campaign_cycle_id: param.optionalUuid('Only the attacks of this cycle of the campaign.'),
    is_tricked: param.boolean('true: only attacks that tricked their employee; false: only the others.'),
    ...createdWindow('attacks created'),
  },
  limits: LIST_LIMITS,
  item: 'Attack',
  rows: CAMPAIGN_SQL.attacksPage,
  check: checkCreatedWindow,
  async reach(from, { campaign_id }) {
    if (!(await CAMPAIGN_SQL.inWorkspace(from, campaign_id))) throw notFound(CAMPAIGN_NOT_FOUND)
  },
})

const CAMPAIGN_STATISTICS = defineItem({
  operationId: CAMPAIGN_STATISTICS_ID,
  path: '/v1/campaigns/statistics',
  summary: 'Statistics of the phishing simulations of a workspace',
  description:
    'Over the attacks of the workspace within the filters. An employee is attacked when one of their attacks was ' +
    'sent (sent_at set). vulnerability_rate and reporting_rate: employees with a tricked, or reported, sent attack ' +
    'over employees attacked, in percent rounded half up, 0 when nobody was attacked. attack_events_per_employee: ' +
    'per event type, the employees with at least one such event. A campaign_id of another workspace is a 404, like ' +
    'an unknown one.',
  scope: SIMULATION_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    campaign_id: param.optionalUuid('Only the attacks of this campaign.'),
    campaign_cycle_id: param.optionalUuid('Only the attacks of this campaign cycle.'),
    ...createdWindow('attacks created'),
  },
  item: 'CampaignStatistics',
  check: checkCreatedWindow,
  async reach(from, { campaign_id }) {
    if (campaign_id !== undefined && !(await CAMPAIGN_SQL.inWorkspace(from, campaign_id)))
      throw notFound(CAMPAIGN_NOT_FOUND)
  },
  read: (from, query, _wanted, population) => CAMPAIGN_SQL.statistics(from, query, population),
  aggregate: { statistic: EMPLOYEE_POPULATION },
})

const CAMPAIGN_STATISTICS_HISTORY = windowTwin(CAMPAIGN_STATISTICS, {
  operationId: 'getCampaignStatisticsHistory',
  summary: 'The statistics of the phishing simulations of a workspace, period by period',
  point: CampaignStatisticsPoint,
  after: 'created_after',
  before: 'created_before',
})

/** GET /v1/campaigns, /v1/campaigns/:campaign_id/attacks and /v1/campaigns/statistics (and its history). */
export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_CAMPAIGNS)
  itemRoute(app, CAMPAIGN_STATISTICS)
  itemRoute(app, CAMPAIGN_STATISTICS_HISTORY)
  listRoute(app, LIST_ATTACKS)
}
