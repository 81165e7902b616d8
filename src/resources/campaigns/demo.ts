// Campaigns: per workspace a recurring quarterly baseline with past cycles, a monthly campaign now
// paused, a completed one-off, a scheduled one and a draft. Each cycle attacks most active
// employees, and the attacks follow the usual funnel: most are ignored, some opened, fewer clicked,
// few tricked (then remedial training), some reported.

import { DAY, type DemoRecord, type DemoWorkspace, type Random, type ResourceDemo } from '../demo.js'
import { demoEmployees } from '../employees/demo.js'
import type { AttackEventType } from './values.js'

type Lure = 'link' | 'attachment' | 'qr' | 'sms'

const TEMPLATES: readonly [template: string, service: string, difficulty: string, lure: Lure][] = [
  ['Shared document awaiting signature', 'DocuSign', 'medium', 'link'],
  ['Password expires today', 'Microsoft 365', 'easy', 'link'],
  ['Parcel could not be delivered', 'DHL', 'easy', 'sms'],
  ['Invoice overdue', 'QuickBooks', 'medium', 'attachment'],
  ['New sign-in from an unknown device', 'Google', 'hard', 'link'],
  ['Scan to confirm your benefits', 'Workday', 'hard', 'qr'],
  ['You were mentioned in a channel', 'Slack', 'medium', 'link'],
]

/** The event after which the employee is tricked, by lure. */
const TRICK: Record<Lure, readonly AttackEventType[]> = {
  link: ['email_opened', 'page_opened', 'credentials_submitted'],
  attachment: ['email_opened', 'attachment_opened', 'file_opened'],
  qr: ['email_opened', 'qr_code_scanned', 'credentials_submitted'],
  sms: ['sms_answered', 'page_opened', 'credentials_submitted'],
}

const QUARTER = 91 * DAY

interface DemoCampaign {
  name: string | null
  status: string
  delivery: 'one_off' | 'recurring'
  frequency: string | null
  /** Cycle starts, in ms; attacks go out in each. */
  cycles: { start: number; end: number; name: string }[]
  launched: number | null
  completed: number | null
  created: number
  /** Share of the active employees each cycle attacks. */
  reach: number
}

function campaignsOf(w: DemoWorkspace): DemoCampaign[] {
  const { now, r } = w
  const since = Math.max(w.workspace.created, now - 2 * 365 * DAY)
  const quarterly = since + r.int(1, 20) * DAY
  const cycles: DemoCampaign['cycles'] = []
  for (let start = quarterly, n = 1; start < now; start += QUARTER, n++)
    cycles.push({ start, end: start + QUARTER - 1, name: `Cycle ${n}` })
  const monthlyStart = Math.max(since, now - 200 * DAY)
  const monthly: DemoCampaign['cycles'] = []
  for (let start = monthlyStart, n = 1; start < now - 60 * DAY; start += 30 * DAY, n++)
    monthly.push({ start, end: start + 30 * DAY - 1, name: `Month ${n}` })
  const oneOff = Math.max(since, now - r.int(60, 300) * DAY)
  return [
    {
      name: 'Quarterly phishing baseline',
      status: 'active',
      delivery: 'recurring',
      frequency: 'quarterly',
      cycles,
      launched: quarterly,
      completed: null,
      created: quarterly - 3 * DAY,
      reach: 0.9,
    },
    {
      name: 'Finance invoice lures',
      status: 'paused',
      delivery: 'recurring',
      frequency: 'monthly',
      cycles: monthly,
      launched: monthlyStart,
      completed: null,
      created: monthlyStart - DAY,
      reach: 0.3,
    },
    {
      name: 'Holiday gift card scam',
      status: 'completed',
      delivery: 'one_off',
      frequency: null,
      cycles: [],
      launched: oneOff,
      completed: Math.min(now, oneOff + 14 * DAY),
      created: oneOff - 2 * DAY,
      reach: 0.6,
    },
    {
      name: 'MFA fatigue test',
      status: 'scheduled',
      delivery: 'one_off',
      frequency: null,
      cycles: [],
      launched: null,
      completed: null,
      created: now - r.int(1, 10) * DAY,
      reach: 0,
    },
    {
      name: null,
      status: 'draft',
      delivery: 'recurring',
      frequency: 'weekly',
      cycles: [],
      launched: null,
      completed: null,
      created: now - r.int(0, 5) * DAY,
      reach: 0,
    },
  ]
}

/** One attack's events from `sent` on, down the funnel; `risk` scales the chance of a click. */
function attackEvents(r: Random, lure: Lure, sent: number, now: number, risk: number) {
  const events: [AttackEventType, number][] = [['attack_sent', sent]]
  let at = sent
  const next = (type: AttackEventType, minutes: number) => {
    at = Math.min(now, at + r.int(1, minutes) * 60_000)
    events.push([type, at])
  }
  if (r.chance(0.02)) {
    next('attack_voided', 60)
    return events
  }
  const [open, click, submit] = TRICK[lure] as [AttackEventType, AttackEventType, AttackEventType]
  // Older attacks were clicked more and reported less: the program's lines improve to the present.
  const age = Math.min(1, Math.max(0, (now - sent) / (365 * DAY)))
  if (r.chance(0.45)) {
    next(open, 2 * 24 * 60)
    if (r.chance(0.3 - 0.15 * age)) next('email_reported', 30)
    else if (r.chance(Math.min(0.9, (0.2 + 0.2 * age) * risk))) {
      next(click, 10)
      if (r.chance(0.55)) {
        next(submit, 5)
        next('employee_tricked', 1)
        if (r.chance(0.6)) {
          next('remedial_started', 60)
          if (r.chance(0.8)) next('remedial_completed', 30)
        }
      } else if (r.chance(0.3)) next('manually_reported', 24 * 60)
    }
  } else if (r.chance(0.05)) next('manually_reported', 3 * 24 * 60)
  return events
}

export const CAMPAIGN_DEMO: ResourceDemo = {
  *workspace(w) {
    const { r, now } = w
    // Active employees, and deactivated ones in runs older than a quarter (attacked before they left).
    const employees = demoEmployees(w).filter((e) => e.status === 'active' || e.status === 'deactivated')
    for (const c of campaignsOf(w)) {
      const campaignId = r.uuid()
      const cycles = c.cycles.map((cycle) => ({
        ...cycle,
        id: r.uuid(),
        created: Math.max(c.created, cycle.start - DAY),
      }))
      yield {
        type: 'campaign',
        id: campaignId,
        workspace_id: w.workspace.id,
        name: c.name,
        status: c.status,
        delivery: c.delivery,
        frequency: c.frequency,
        launched_at: c.launched === null ? null : r.at(c.launched),
        completed_at: c.completed === null ? null : r.at(c.completed),
        cycles: cycles.map((cycle) => ({
          id: cycle.id,
          name: cycle.name,
          starts_at: r.at(cycle.start),
          ends_at: r.at(cycle.end),
          created_at: r.at(cycle.created),
          updated_at: r.at(cycle.created),
        })),
        created_at: r.at(c.created),
        updated_at: r.at(Math.min(now, c.launched ?? c.created)),
      } satisfies DemoRecord
      if (c.launched === null) continue
      // A one-off campaign is one run without a cycle.
      const runs = c.delivery === 'one_off' ? [{ id: null, start: c.launched }] : cycles
      for (const run of runs) {
        for (const employee of employees) {
          if (employee.created > run.start || !employee.simulated || !r.chance(c.reach)) continue
          if (employee.status !== 'active' && run.start > now - 91 * DAY) continue
          const [template, service, difficulty, lure] = r.pick(TEMPLATES)
          const created = Math.min(now, run.start + r.int(0, 7 * 24 * 60) * 60_000)
          const unsent = r.chance(0.01)
          // Sent when created: sent_at is the attack_sent event's time, to the microsecond.
          const sentAt = r.at(created)
          yield {
            type: 'attack',
            id: r.uuid(),
            campaign_id: campaignId,
            campaign_cycle_id: run.id,
            employee_id: employee.id,
            template: { name: template },
            service: { name: service },
            difficulty,
            sent_at: unsent ? null : sentAt,
            events: unsent
              ? []
              : attackEvents(r, lure, created, now, employee.risk).map(([type, at]) => ({
                  id: r.uuid(),
                  type,
                  created_at: type === 'attack_sent' ? sentAt : r.at(at),
                })),
            created_at: sentAt,
          } satisfies DemoRecord
        }
      }
    }
  },
}
