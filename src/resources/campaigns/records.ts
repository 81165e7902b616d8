// The campaign and attack import records (CONTRACT 15) and how they are staged. An attack names
// only its campaign: its workspace is the campaign's. Its tricked_at and reported_at are derived
// from its events here; a campaign's cycles are copied to their own table at import (import.ts).

import type { RawBuilder } from 'kysely'
import Type from 'typebox'
import { workspaceAfterImport } from '../../records/checks.js'
import { AnyTimestamp, AnyUuid, id, Name, nullableTimestamp, timestamp } from '../../records/fields.js'
import { endsWith } from '../../records/slots.js'
import { defineRecord } from '../../records/spec.js'
import { Closed, Nullable, StringEnum } from '../../schemas/common.js'
import { ATTACK_MERGE_JOINS, attackTail, campaignJson, MERGED_ATTACK_JSON } from './render.js'
import type { AttackEvent, CampaignCycle } from './schema.js'
import {
  ATTACK_EVENT_TYPES,
  CAMPAIGN_STATUSES,
  DELIVERIES,
  DIFFICULTIES,
  eventMask,
  FREQUENCIES,
  REPORTED_BY,
  TRICKED_BY,
} from './values.js'

/** The workspace a campaign id will belong to after the import, or null when it will not exist. */
export const campaignWorkspace = (column: string): RawBuilder<string | null> =>
  workspaceAfterImport('campaign', 'campaigns', column)

/** Ascending by `at`, then id: the order cycles and attack events are published in. */
const byTimeThenId =
  <T extends { id: string }>(at: (item: T) => string) =>
  (a: T, b: T): number =>
    at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** Reports the ids given twice in `items` (`field` names the list). */
function unique(items: readonly { id: string }[], field: string, errors: string[]): void {
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.id)) errors.push(`${field}: id ${item.id} is given twice`)
    seen.add(item.id)
  }
}

export const campaignRecord = defineRecord({
  type: 'campaign',
  schema: Closed({
    type: Type.Literal('campaign'),
    id: AnyUuid,
    workspace_id: AnyUuid,
    name: Nullable(Name()),
    status: StringEnum(CAMPAIGN_STATUSES),
    delivery: StringEnum(DELIVERIES),
    frequency: Nullable(StringEnum(FREQUENCIES)),
    launched_at: Nullable(AnyTimestamp),
    completed_at: Nullable(AnyTimestamp),
    cycles: Type.Array(
      Closed({
        id: AnyUuid,
        name: Name(),
        starts_at: AnyTimestamp,
        ends_at: AnyTimestamp,
        created_at: AnyTimestamp,
        updated_at: AnyTimestamp,
      }),
      { maxItems: 1000 },
    ),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  columns: [
    'workspace_id',
    'id',
    'name',
    'status',
    'delivery',
    'frequency',
    'launched_at',
    'completed_at',
    'created_at',
    'updated_at',
    'cycle_ids',
    'json',
  ],
  toRow(r, e) {
    if (r.delivery === 'one_off' && r.frequency !== null)
      e.push('campaign.frequency: a one_off campaign has no frequency (null)')
    if (r.delivery === 'recurring' && r.frequency === null)
      e.push(`campaign.frequency: a recurring campaign needs one of ${FREQUENCIES.join(', ')}`)
    const cycles = r.cycles
      .map(
        (c, i): CampaignCycle => ({
          id: id(c.id),
          name: c.name,
          starts_at: timestamp(c.starts_at, `campaign.cycles.${i}.starts_at`, e),
          ends_at: timestamp(c.ends_at, `campaign.cycles.${i}.ends_at`, e),
          created_at: timestamp(c.created_at, `campaign.cycles.${i}.created_at`, e),
          updated_at: timestamp(c.updated_at, `campaign.cycles.${i}.updated_at`, e),
        }),
      )
      .sort(byTimeThenId((c) => c.starts_at))
    unique(cycles, 'campaign.cycles', e)
    const campaign = {
      id: id(r.id),
      name: r.name,
      status: r.status,
      delivery: r.delivery,
      frequency: r.frequency,
      launched_at: nullableTimestamp(r.launched_at, 'campaign.launched_at', e),
      completed_at: nullableTimestamp(r.completed_at, 'campaign.completed_at', e),
      cycles,
      workspace: { id: id(r.workspace_id) },
      created_at: timestamp(r.created_at, 'campaign.created_at', e),
      updated_at: timestamp(r.updated_at, 'campaign.updated_at', e),
    }
    return {
      workspace_id: campaign.workspace.id,
      id: campaign.id,
      name: campaign.name,
      status: campaign.status,
      delivery: campaign.delivery,
      frequency: campaign.frequency,
      launched_at: campaign.launched_at,
      completed_at: campaign.completed_at,
      created_at: campaign.created_at,
      updated_at: campaign.updated_at,
      cycle_ids: cycles.map((c) => c.id).join(','),
      json: campaignJson(campaign),
    }
  },
  target: 'campaigns',
  key: ['id'],
  workspaceColumn: 'workspace_id',
})

export const attackRecord = defineRecord({
  type: 'attack',
  schema: Closed({
    type: Type.Literal('attack'),
    id: AnyUuid,
    campaign_id: AnyUuid,
    campaign_cycle_id: Nullable(AnyUuid),
    employee_id: AnyUuid,
    template: Closed({ name: Name() }),
    service: Closed({ name: Name() }),
    difficulty: StringEnum(DIFFICULTIES),
    sent_at: Nullable(AnyTimestamp),
    events: Type.Array(
      Closed({ id: AnyUuid, type: StringEnum(ATTACK_EVENT_TYPES), created_at: AnyTimestamp }),
      { maxItems: 1000 },
    ),
    created_at: AnyTimestamp,
  }),
  columns: [
    'id',
    'campaign_id',
    'campaign_cycle_id',
    'employee_id',
    'sent_at',
    'tricked_at',
    'reported_at',
    'created_at',
    'event_mask',
    'json_tail',
  ],
  toRow(r, e) {
    const events = r.events
      .map(
        (event, i): AttackEvent => ({
          id: id(event.id),
          type: event.type,
          created_at: timestamp(event.created_at, `attack.events.${i}.created_at`, e),
        }),
      )
      .sort(byTimeThenId((event) => event.created_at))
    unique(events, 'attack.events', e)
    // The first event of a kind: events are in time order.
    const first = (types: readonly string[]) =>
      events.find((event) => types.includes(event.type))?.created_at ?? null
    const attack = {
      template: r.template,
      service: r.service,
      difficulty: r.difficulty,
      sent_at: nullableTimestamp(r.sent_at, 'attack.sent_at', e),
      tricked_at: first(TRICKED_BY),
      reported_at: first(REPORTED_BY),
      events,
      created_at: timestamp(r.created_at, 'attack.created_at', e),
    }
    return {
      id: id(r.id),
      campaign_id: id(r.campaign_id),
      campaign_cycle_id: r.campaign_cycle_id === null ? null : id(r.campaign_cycle_id),
      employee_id: id(r.employee_id),
      sent_at: attack.sent_at,
      tricked_at: attack.tricked_at,
      reported_at: attack.reported_at,
      created_at: attack.created_at,
      event_mask: eventMask(events.map((event) => event.type)),
      json_tail: attackTail(attack),
    }
  },
  target: 'attacks',
  key: ['id'],
  // Unique within an organization, stored by workspace (migration 0018).
  storedKey: ['workspace_id', 'id'],
  computed: { json: MERGED_ATTACK_JSON },
  mergeJoins: ATTACK_MERGE_JOINS,
  stagingOnly: ['json_tail'],
  // The attack's own fields: the stored JSON ends with the staged tail (the references before it
  // follow their records).
  sameStored: endsWith('t.json', 'stg_attack.json_tail'),
  integers: ['event_mask'],
  workspaceColumn: null,
  workspaceOf: (row) => campaignWorkspace(`${row}.campaign_id`),
  writeOrder: 'campaign_id, created_at desc, id desc',
})
