// What the campaigns endpoints must answer, computed from the imported records (CONTRACT 15).

import { ATTACK_EVENT_TYPES } from '../../../src/resources/campaigns/values.js'
import { reference } from '../../helpers/oracle.js'
import type { Rec } from '../../helpers/records.js'

const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)
const asc = (a: string, b: string) => -desc(a, b)
const newestFirst = (a: Rec, b: Rec) =>
  desc(a.created_at as string, b.created_at as string) || desc(a.id as string, b.id as string)

export interface Window {
  after?: string
  before?: string
}

const inWindow = (at: string, w: Window) =>
  (w.after === undefined || at >= w.after) && (w.before === undefined || at <= w.before)

export function campaigns(all: readonly Rec[], workspaceId: string, f: { status?: string[] } & Window = {}) {
  return all
    .filter(
      (r) =>
        r.type === 'campaign' &&
        r.workspace_id === workspaceId &&
        (f.status === undefined || f.status.includes(r.status as string)) &&
        inWindow(r.created_at as string, f),
    )
    .sort(newestFirst)
    .map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      delivery: c.delivery,
      frequency: c.frequency,
      launched_at: c.launched_at,
      completed_at: c.completed_at,
      cycles: [...(c.cycles as Rec[])]
        .sort(
          (a, b) => asc(a.starts_at as string, b.starts_at as string) || asc(a.id as string, b.id as string),
        )
        .map((y) => ({
          id: y.id,
          name: y.name,
          starts_at: y.starts_at,
          ends_at: y.ends_at,
          created_at: y.created_at,
          updated_at: y.updated_at,
        })),
      workspace: { id: c.workspace_id },
      created_at: c.created_at,
      updated_at: c.updated_at,
    }))
}

export function attacks(
  all: readonly Rec[],
  campaignId: string,
  f: { cycle?: string; isTricked?: boolean } & Window = {},
) {
  const employees = new Map(all.filter((r) => r.type === 'employee').map((e) => [e.id as string, e]))
  const owner = all.find((r) => r.type === 'campaign' && r.id === campaignId) as Rec
  const cycles = new Map((owner.cycles as Rec[]).map((c) => [c.id as string, c]))
  return all
    .filter((a) => a.type === 'attack' && a.campaign_id === campaignId)
    .map((a) => {
      const events = [...(a.events as Rec[])].sort(
        (x, y) => asc(x.created_at as string, y.created_at as string) || asc(x.id as string, y.id as string),
      )
      const first = (types: string[]) =>
        events.find((e) => types.includes(e.type as string))?.created_at ?? null
      const cycle = a.campaign_cycle_id === null ? null : (cycles.get(a.campaign_cycle_id as string) as Rec)
      return {
        id: a.id,
        campaign_cycle: cycle === null ? null : { id: cycle.id, name: cycle.name },
        employee: reference(employees.get(a.employee_id as string) as Rec),
        template: a.template,
        service: a.service,
        difficulty: a.difficulty,
        sent_at: a.sent_at,
        tricked_at: first(['employee_tricked']),
        reported_at: first(['email_reported', 'manually_reported']),
        events: events.map((e) => ({ id: e.id, type: e.type, created_at: e.created_at })),
        created_at: a.created_at,
      }
    })
    .filter(
      (a) =>
        (f.cycle === undefined || a.campaign_cycle?.id === f.cycle) &&
        (f.isTricked === undefined || (a.tricked_at !== null) === f.isTricked) &&
        inWindow(a.created_at as string, f),
    )
    .sort((a, b) => newestFirst(a as unknown as Rec, b as unknown as Rec))
}

/** Half up, in percent; 0 without a whole. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole + 1e-9))

export function statistics(
  all: readonly Rec[],
  workspaceId: string,
  f: { campaign?: string; cycle?: string } & Window = {},
) {
  const campaignsHere = new Set(
    all.filter((r) => r.type === 'campaign' && r.workspace_id === workspaceId).map((c) => c.id as string),
  )
  const status = new Map(all.filter((r) => r.type === 'employee').map((e) => [e.id as string, e.status]))
  const attacks = all.filter(
    (a) =>
      a.type === 'attack' &&
      campaignsHere.has(a.campaign_id as string) &&
      (f.campaign === undefined || a.campaign_id === f.campaign) &&
      (f.cycle === undefined || a.campaign_cycle_id === f.cycle) &&
      inWindow(a.created_at as string, f),
  )
  const has = (a: Rec, types: string[]) => (a.events as Rec[]).some((e) => types.includes(e.type as string))
  const employees = (keep: (a: Rec) => boolean) =>
    new Set(attacks.filter(keep).map((a) => a.employee_id as string))
  const attacked = employees((a) => a.sent_at !== null)
  const tricked = employees((a) => a.sent_at !== null && has(a, ['employee_tricked']))
  const reported = employees((a) => a.sent_at !== null && has(a, ['email_reported', 'manually_reported']))
  return {
    employees_attacked_count: attacked.size,
    active_employees_attacked_count: [...attacked].filter((id) => status.get(id) === 'active').length,
    attack_events_per_employee: Object.fromEntries(
      ATTACK_EVENT_TYPES.map((type) => [type, employees((a) => has(a, [type])).size]),
    ),
    vulnerability_rate: percent(tricked.size, attacked.size),
    reporting_rate: percent(reported.size, attacked.size),
  }
}
