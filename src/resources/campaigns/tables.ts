// The tables the campaigns resource owns, added to the engine's Database type (db/tables.ts).

import type { AttackEventType } from './values.js'

declare module '../../db/tables.js' {
  interface Database {
    campaigns: CampaignsTable
    campaign_cycles: CampaignCyclesTable
    attacks: AttacksTable
    simulation_statistics: SimulationStatisticsTable
  }
}

export interface CampaignsTable {
  workspace_id: string
  id: string
  name: string | null
  status: string
  delivery: string
  frequency: string | null
  launched_at: string | null
  completed_at: string | null
  created_at: string
  updated_at: string
  /** Its cycles' ids, comma-separated: what an attack's campaign_cycle_id is checked against. */
  cycle_ids: string
  /** The campaign as the API renders it. */
  json: string
}

/** Derived from the campaigns at import: what an attack's `campaign_cycle` shows, and its filter. */
export interface CampaignCyclesTable {
  campaign_id: string
  id: string
  workspace_id: string
  /** `{"id":"…","name":"…"}` */
  ref_json: string
}

export interface AttacksTable {
  id: string
  campaign_id: string
  campaign_cycle_id: string | null
  employee_id: string
  /** The campaign's (resolved at import). */
  workspace_id: string
  sent_at: string | null
  /** Derived from its events at import. */
  tricked_at: string | null
  reported_at: string | null
  created_at: string
  /** Its event types, a bit each (values.ts eventMask): the statistics read it. */
  event_mask: number
  /**
   * The attack as the API renders it, rendered while merging; its cycle's and its employee's
   * references sit in slots that follow their records (render.ts).
   */
  json: string
}

/**
 * The simulation statistics derived at import (CONTRACT 15), per workspace, campaign and cycle:
 * `campaign_id` and `campaign_cycle_id` are '' where the row is not narrowed to one. `attacked`,
 * `active`, `tricked` and `reported` count employees; so does each attack event type's column.
 */
export type SimulationStatisticsTable = {
  workspace_id: string
  campaign_id: string
  campaign_cycle_id: string
  attacked: number
  active: number
  tricked: number
  reported: number
} & Record<AttackEventType, number>
