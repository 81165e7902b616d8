// Factories for the campaign and attack import records.

import { randomUUID } from 'node:crypto'
import { employee, organization, type Rec, ts, workspace } from '../../helpers/records.js'

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

/**
 * An organization with one campaign of `attacks` attacks on one employee, 1,000 events each: a page
 * of 100 is some 11 MB, of 20 some 2 MB, more than a socket's buffers take (the slow-reader tests).
 */
export function heavyCampaign(attacks: number): {
  records: Rec[]
  organizationId: string
  workspaceId: string
  campaignId: string
} {
  const org = organization()
  const ws = workspace(org.id as string)
  const target = employee(ws.id as string)
  const c = campaign(ws.id as string)
  const events = Array.from({ length: 1000 }, (_, i) =>
    attackEvent(i % 2 === 0 ? 'email_opened' : 'page_opened'),
  )
  return {
    records: [
      org,
      ws,
      target,
      c,
      ...Array.from({ length: attacks }, () => attack(c.id as string, target.id as string, { events })),
    ],
    organizationId: org.id as string,
    workspaceId: ws.id as string,
    campaignId: c.id as string,
  }
}
