// campaign.created, .updated, .deleted: the campaign as GET /v1/campaigns lists it; attack.created
// and .updated: the attack as its campaign's attacks list shows it (a new event on it, its
// employee's reference or its cycle's name changed). An attack has no .deleted: it goes with its
// campaign, whose deletion says so.

import { type EventSource, keysJoin } from '../../records/events.js'
import { EXAMPLE_ATTACK, EXAMPLE_CAMPAIGN } from './examples.js'
import { RESTATED_CAMPAIGNS } from './import.js'
import { attackOcsf, campaignOcsf } from './ocsf.js'

export const CAMPAIGN_EVENTS: EventSource = {
  name: 'campaign',
  object: { schema: 'Campaign', description: 'a Campaign', example: EXAMPLE_CAMPAIGN },
  key: ['workspace_id', 'id'],
  candidates: ({ changed, deleted }) => [
    `select workspace_id, id from stg_campaign where ${changed.where('campaign')}`,
    deleted('campaign', 'workspace_id, id'),
  ],
  table: 'campaigns',
  rendering: (keys) => `select c.workspace_id, c.id, c.json from campaigns c
    ${keysJoin(keys, 'k.workspace_id = c.workspace_id and k.id = c.id')}`,
  ocsf: campaignOcsf,
}

export const ATTACK_EVENTS: EventSource = {
  name: 'attack',
  object: { schema: 'Attack', description: 'an Attack', example: EXAMPLE_ATTACK },
  key: ['workspace_id', 'id'],
  candidates: ({ changed }) => [
    `select workspace_id, id from stg_attack where ${changed.where('attack')}`,
    // Their item embeds the employee's reference, and the cycle's name (only a restated
    // campaign's stored attacks can hold an old one).
    `select workspace_id, id from attacks
      where (workspace_id, employee_id) in (select workspace_id, id from stg_employee where ${changed.whereStored('employee')})`,
    `select workspace_id, id from attacks
      where (workspace_id, campaign_id) in (${RESTATED_CAMPAIGNS})`,
  ],
  table: 'attacks',
  rendering: (keys) => `select a.workspace_id, a.id, a.json from attacks a
    ${keysJoin(keys, 'k.workspace_id = a.workspace_id and k.id = a.id')}`,
  // In list order, the order the merge writes them in: through the workspace's other index, each
  // row would be on another page.
  renderingOfWorkspaces: (workspaces) => `select a.workspace_id, a.id, a.json from attacks a
    where a.workspace_id in (${workspaces})
    order by a.workspace_id, a.campaign_id, a.created_at desc, a.id desc`,
  deletions: false,
  ocsf: attackOcsf,
}
