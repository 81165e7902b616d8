// Factories for the campaign and attack import records.

import { randomUUID } from 'node:crypto'
import { type Rec, ts } from '../../helpers/records.js'

export const cycle = (o: Rec = {}): Rec => ({
  id: randomUUID(),
  name: 'Cycle',
  starts_at: ts(),
  ends_at: ts(),
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const campaign = (workspaceId: string, o: Rec = {}): Rec => ({
  type: 'campaign',
  id: randomUUID(),
  workspace_id: workspaceId,
  name: 'Campaign',
  status: 'active',
  delivery: 'one_off',
  frequency: null,
  launched_at: ts(),
  completed_at: null,
  cycles: [],
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const attackEvent = (type: string, o: Rec = {}): Rec => ({
  id: randomUUID(),
  type,
  created_at: ts(),
  ...o,
})

export const attack = (campaignId: string, employeeId: string, o: Rec = {}): Rec => ({
  type: 'attack',
  id: randomUUID(),
  campaign_id: campaignId,
  campaign_cycle_id: null,
  employee_id: employeeId,
  template: { name: 'Password expires today' },
  service: { name: 'Microsoft 365' },
  difficulty: 'easy',
  sent_at: ts(),
  events: [],
  created_at: ts(),
  ...o,
})

/**
 * An attack sent (and created) at `at`, with these events after attack_sent (each at its own later
 * time): `['employee_tricked', 'email_reported']`.
 */
export const sentAttack = (
  campaignId: string,
  employeeId: string,
  events: readonly string[],
  at = ts(),
): Rec =>
  attack(campaignId, employeeId, {
    sent_at: at,
    events: [attackEvent('attack_sent', { created_at: at }), ...events.map((type) => attackEvent(type))],
    created_at: at,
  })
