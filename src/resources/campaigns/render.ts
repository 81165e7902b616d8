// Campaign JSON, rendered whole at import; an attack's, stored in parts. An attack embeds its
// employee's reference and its cycle's name, which follow their own records: it is stored as the
// part after the employee, and the rest is joined in when a page is read (sql.ts).

import type { Attack, Campaign, CampaignCycle } from './schema.js'

export function campaignJson(campaign: Campaign): string {
  const ordered: Campaign = {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    delivery: campaign.delivery,
    frequency: campaign.frequency,
    launched_at: campaign.launched_at,
    completed_at: campaign.completed_at,
    cycles: campaign.cycles.map(
      (c): CampaignCycle => ({
        id: c.id,
        name: c.name,
        starts_at: c.starts_at,
        ends_at: c.ends_at,
        created_at: c.created_at,
        updated_at: c.updated_at,
      }),
    ),
    workspace: { id: campaign.workspace.id },
    created_at: campaign.created_at,
    updated_at: campaign.updated_at,
  }
  return JSON.stringify(ordered)
}

/** What an attack shows of its cycle. */
export const cycleRefJson = (cycle: Pick<CampaignCycle, 'id' | 'name'>): string =>
  JSON.stringify({ id: cycle.id, name: cycle.name })

/**
 * An attack after its employee: `{…"employee":` + employee reference + this, in the schema's order.
 * Written out rather than through JSON.stringify of the whole: ids, enums and canonical timestamps
 * need no escaping, and an import renders one per attack (docs/design.md).
 */
export function attackTail(attack: Omit<Attack, 'id' | 'campaign_cycle' | 'employee'>): string {
  const at = (value: string | null) => (value === null ? 'null' : `"${value}"`)
  let events = ''
  for (const e of attack.events)
    events += `${events === '' ? '' : ','}{"id":"${e.id}","type":"${e.type}","created_at":"${e.created_at}"}`
  return (
    `,"template":{"name":${JSON.stringify(attack.template.name)}},"service":{"name":${JSON.stringify(attack.service.name)}}` +
    `,"difficulty":"${attack.difficulty}","sent_at":${at(attack.sent_at)},"tricked_at":${at(attack.tricked_at)}` +
    `,"reported_at":${at(attack.reported_at)},"events":[${events}],"created_at":"${attack.created_at}"}`
  )
}

/** SQL: an attack's JSON, from its row `a`, its cycle's row `cy` (left joined) and its employee's `e`. */
export const ATTACK_JSON = `'{"id":"' || a.id || '","campaign_cycle":' || coalesce(cy.ref_json, 'null') || ',"employee":' || e.ref_json || a.json_tail`
