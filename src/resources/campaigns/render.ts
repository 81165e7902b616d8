// Campaign and attack JSON, each rendered whole at import. An attack embeds its cycle's name and
// its employee's reference, which follow their own records: the reading thread renders the part
// after the employee (its tail), the merge puts the references before it, and an import that
// changes an employee or a campaign puts their new references into the slots of the stored attacks
// (import.ts).

import { slotBetween } from '../../records/slots.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { employeeReferenceAfterMerge, employeeReferenceJoin } from '../employees/sql.js'
import { Attack, Campaign } from './schema.js'

/** A campaign's JSON. */
export const campaignJson = jsonOf(Campaign)

/** What an attack shows of its cycle. */
export const cycleRefJson = jsonOf(Attack.properties.campaign_cycle)

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

/** SQL: what attack `row` (of `attacks`, or staged) shows of its cycle: its reference, or null. */
export const cycleReference = (row: string): string =>
  `coalesce((select cy.ref_json from campaign_cycles cy
    where cy.campaign_id = ${row}.campaign_id and cy.id = ${row}.campaign_cycle_id), 'null')`

/** SQL: what a staged attack's merge joins (campaign_cycles holds the file's cycles by then). */
export const ATTACK_MERGE_JOINS = `${employeeReferenceJoin('ref', 'stg_attack.employee_id')}
  left join campaign_cycles cy on cy.campaign_id = stg_attack.campaign_id and cy.id = stg_attack.campaign_cycle_id`

/** SQL: a staged attack's JSON as merged, over ATTACK_MERGE_JOINS. */
export const MERGED_ATTACK_JSON = `'{"id":"' || stg_attack.id || '","campaign_cycle":' || coalesce(cy.ref_json, 'null')
  || ',"employee":' || ${employeeReferenceAfterMerge('ref', 'stg_attack.employee_id')} || stg_attack.json_tail`

/** The slots of a stored attack's JSON: its cycle's reference (or null), its employee's reference. */
export const CYCLE_SLOT = slotBetween(',"campaign_cycle":', ',"employee":')
export const EMPLOYEE_SLOT = slotBetween(',"employee":', ',"template":')
