import { type ImportRecord, rowPerItem } from '../export.js'
import { Attack, Campaign } from './schema.js'

/** A campaign's attacks: their own export, and the records that follow each campaign's. */
const ATTACKS = '/v1/campaigns/{campaign_id}/attacks'

function campaignRecord(c: Campaign): ImportRecord[] {
  const { id, workspace, ...fields } = c
  return [{ type: 'campaign', id, workspace_id: workspace.id, ...fields }]
}

/** An attack's record: its campaign, cycle and employee by id; its tricked_at and reported_at derived again. */
const attackRecord = (a: Attack, campaignId: string): ImportRecord[] => [
  {
    type: 'attack',
    id: a.id,
    campaign_id: campaignId,
    campaign_cycle_id: a.campaign_cycle === null ? null : a.campaign_cycle.id,
    employee_id: a.employee.id,
    template: a.template,
    service: a.service,
    difficulty: a.difficulty,
    sent_at: a.sent_at,
    events: a.events,
    created_at: a.created_at,
  },
]

export const CAMPAIGN_EXPORTS = [
  {
    ...rowPerItem(
      { name: 'campaigns', nouns: ['campaign', 'campaigns'], path: '/v1/campaigns', pageSize: 100 },
      Campaign,
    ),
    records: {
      types: ['campaign', 'attack'],
      of: campaignRecord,
      children: {
        path: ATTACKS,
        id: 'campaign',
        pageSize: 100,
        of: attackRecord,
      },
    },
  },
  rowPerItem(
    {
      name: 'attacks',
      nouns: ['attack', 'attacks'],
      path: ATTACKS,
      pageSize: 100,
      everyParent: { id: 'campaign', list: '/v1/campaigns', pageSize: 100 },
      note: '`--campaign ID`; without it, every campaign of the workspace in turn, and each attack carries `"campaign": {"id"}`, in CSV a last column `campaign.id`',
    },
    Attack,
  ),
]
