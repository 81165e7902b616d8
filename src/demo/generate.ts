// A realistic, deterministic dataset in the import format: one organization with several
// workspaces, managers, departments, countries, languages, addresses from several sources, karma,
// courses with settings over program years, progress (some manually assigned, with `years: []`),
// feedback over the last year, and breaches with compromised employees in every warned/acknowledged
// state. The same options give the same records, byte for byte.

import { en, Faker } from '@faker-js/faker'
import { timestampFromMillis } from '../domain/time.js'
import {
  CRITICALITIES,
  DELIVERIES,
  type EMPLOYEE_STATUSES,
  type LANGUAGES,
  PROGRESS_STATUSES,
  SECURITY_LEVELS,
  SENTIMENTS,
  type THEMES,
} from '../domain/values.js'

export interface DemoOptions {
  employees: number
  seed: number
  /** Number of workspaces (default 3); employees are split 60/30/10-like between them. */
  workspaces?: number
  /** The "present" of the dataset: feedback spreads over the year before it. Default: today, 00:00 UTC. */
  anchor?: Date
}

type Rec = Record<string, unknown>

const DAY = 86_400_000

/** mulberry32: a small, fast, seedable generator; faker is used only for vocabulary. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const chance = (p: number) => next() < p
  const hex = (n: number) => {
    let s = ''
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(next() * 16)]
    return s
  }
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`
  // Microsecond timestamps: the last three digits are not zero, so exactness is visible.
  const micros = () => String(int(0, 999)).padStart(3, '0')
  const at = (ms: number) => `${timestampFromMillis(Math.floor(ms)).slice(0, 23)}${micros()}Z`
  return { next, int, pick, chance, uuid, at }
}

const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'NL',
  'ES',
  'IT',
  'SE',
  'DK',
  'PL',
  'CA',
  'AU',
  'BR',
  'JP',
  'IN',
  'SG',
]
const LANGUAGE_OF: Record<string, (typeof LANGUAGES)[number]> = {
  US: 'english',
  GB: 'english',
  DE: 'german',
  FR: 'french',
  NL: 'dutch',
  ES: 'spanish',
  IT: 'italian',
  SE: 'english',
  DK: 'danish',
  PL: 'polish',
  CA: 'french_quebec',
  AU: 'english',
  BR: 'portuguese_brazilian',
  JP: 'japanese',
  IN: 'hindi',
  SG: 'chinese',
}
const TIME_ZONE_OF: Record<string, string> = {
  US: 'America/New_York',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  NL: 'Europe/Amsterdam',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  SE: 'Europe/Stockholm',
  DK: 'Europe/Copenhagen',
  PL: 'Europe/Warsaw',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  JP: 'Asia/Tokyo',
  IN: 'Asia/Kolkata',
  SG: 'Asia/Singapore',
}
const DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Finance',
  'Human Resources',
  'Legal',
  'Operations',
  'Support',
  'IT',
  'Product',
]
const WORKSPACE_NAMES = [
  'Headquarters',
  'Europe',
  'Americas',
  'Asia Pacific',
  'Subsidiaries',
  'Contractors',
  'Labs',
  'Retail',
]
const COURSE_TITLES: [string, (typeof THEMES)[number]][] = [
  ['Spotting phishing emails', 'social_engineering'],
  ['Strong passwords and managers', 'passwords'],
  ['Your digital footprint', 'digital_footprint'],
  ['GDPR essentials', 'gdpr'],
  ['Working securely in public places', 'irl'],
  ['Securing your devices', 'it'],
  ['Confidential documents and the law', 'legal'],
  ['Multi-factor authentication', 'technical'],
  ['CEO fraud and urgent requests', 'social_engineering'],
  ['Safe browsing', 'general'],
  ['Ransomware: what to do', 'technical'],
  ['Social media at work', 'digital_footprint'],
  ['Reporting an incident', 'general'],
  ['Physical security and tailgating', 'irl'],
]
const STATUS_WEIGHTS: [(typeof EMPLOYEE_STATUSES)[number], number][] = [
  ['active', 0.85],
  ['deactivated', 0.07],
  ['pending', 0.05],
  ['unlicensed', 0.03],
]

function securityLevel(score: number): (typeof SECURITY_LEVELS)[number] {
  const bands = [50, 150, 300, 500, 700, 900]
  const index = bands.findIndex((b) => score < b)
  return SECURITY_LEVELS[index === -1 ? 6 : index] as (typeof SECURITY_LEVELS)[number]
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Splits `total` employees over `count` workspaces, largest first (roughly 60/30/10 for three). */
function split(total: number, count: number): number[] {
  const weights = Array.from({ length: count }, (_, i) => 2 ** (count - i))
  const sum = weights.reduce((a, b) => a + b, 0)
  const sizes = weights.map((w) => Math.floor((total * w) / sum))
  sizes[0] = (sizes[0] as number) + total - sizes.reduce((a, b) => a + b, 0)
  return sizes
}

/**
 * Yields the records of a demo dataset, in import order.
 * @example for (const record of demoRecords({ employees: 2000, seed: 1 })) console.log(JSON.stringify(record))
 */
export function* demoRecords(options: DemoOptions): Generator<Rec> {
  const r = random(options.seed)
  const faker = new Faker({ locale: [en] })
  faker.seed(options.seed)
  const anchor = options.anchor ?? new Date(Math.floor(Date.now() / DAY) * DAY)
  const now = anchor.getTime()
  const firstNames = Array.from({ length: 400 }, () => faker.person.firstName())
  const lastNames = Array.from({ length: 800 }, () => faker.person.lastName())
  const jobTitles = Array.from({ length: 120 }, () => faker.person.jobTitle())
  const breachNames = Array.from({ length: 60 }, () => faker.company.name())
  const organizationId = r.uuid()
  const domain = `${slugify(faker.company.name())}.example`
  const orgCreated = now - 4 * 365 * DAY
  yield {
    type: 'organization',
    id: organizationId,
    created_at: r.at(orgCreated),
    updated_at: r.at(now - 30 * DAY),
  }

  const workspaceCount = Math.max(1, options.workspaces ?? 3)
  const sizes = split(options.employees, workspaceCount)
  let usernameSerial = 0
  for (let w = 0; w < workspaceCount; w++) {
    const workspaceId = r.uuid()
    const created = orgCreated + w * 20 * DAY + r.int(0, DAY)
    yield {
      type: 'workspace',
      id: workspaceId,
      organization_id: organizationId,
      name: WORKSPACE_NAMES[w % WORKSPACE_NAMES.length] + (w >= WORKSPACE_NAMES.length ? ` ${w + 1}` : ''),
      created_at: r.at(created),
      updated_at: r.at(created + r.int(1, 300) * DAY),
    }

    const courses = COURSE_TITLES.map(([title, theme], i) => {
      const createdAt = r.at(created + (i + 1) * 25 * DAY + r.int(0, DAY))
      const course = {
        type: 'course',
        workspace_id: workspaceId,
        id: r.uuid(),
        name: title,
        slug: slugify(title),
        description: `${title}: ${faker.lorem.sentence({ min: 8, max: 16 })}`,
        duration: r.int(3, 25),
        theme,
        settings: Array.from({ length: r.int(1, 3) }, (_, y) => ({
          delivery:
            y === 0
              ? r.pick(['first_day', 'first_month', 'directly_after_event', 'a_week_after_event'] as const)
              : r.pick(DELIVERIES),
          year: y + 1,
        })),
        created_at: createdAt,
        updated_at: createdAt,
      }
      return course
    })
    yield* courses

    // Employees: a few managers first, then everyone else reporting to one of them. About a third
    // are created in directory-sync batches that share one timestamp, as real provisioning does.
    const size = sizes[w] as number
    const managers: string[] = []
    const employees: { id: string; status: string; created: number }[] = []
    let batchTime = 0
    let batchLeft = 0
    for (let i = 0; i < size; i++) {
      const id = r.uuid()
      const first = r.pick(firstNames)
      const last = r.pick(lastNames)
      const username = `${slugify(first)}.${slugify(last)}${++usernameSerial}`
      const country = r.pick(COUNTRIES)
      let created: number
      if (batchLeft > 0) {
        batchLeft--
        created = batchTime
      } else if (r.chance(0.02)) {
        batchLeft = r.int(5, 60)
        batchTime = now - r.int(1, 3 * 365) * DAY
        created = batchTime
      } else {
        created = now - r.next() * 3 * 365 * DAY
      }
      const createdAt = r.at(created)
      const isManager = i < Math.max(1, Math.ceil(size / 20))
      const roll = r.next()
      let status: string = 'active'
      for (let acc = 0, k = 0; k < STATUS_WEIGHTS.length; k++) {
        const [name, weight] = STATUS_WEIGHTS[k] as [string, number]
        acc += weight
        if (roll < acc) {
          status = name
          break
        }
      }
      const addresses: { address: string; is_primary: boolean; source: string }[] = []
      const hasPrimary = !r.chance(0.03)
      addresses.push({
        address: `${username}@${domain}`,
        is_primary: hasPrimary,
        source: r.pick(['microsoft', 'google', 'okta'] as const),
      })
      if (r.chance(0.3))
        addresses.push({
          address: `${slugify(first)}@${domain}`,
          is_primary: false,
          source: r.pick(['custom', 'slack', 'employee'] as const),
        })
      const score = r.chance(0.9) ? r.int(0, 1000) : null
      const manager = isManager
        ? managers.length > 0 && i > 0
          ? (managers[0] as string)
          : null
        : r.pick(managers)
      yield {
        type: 'employee',
        id,
        name: r.chance(0.005) ? null : `${first} ${last}`,
        username: r.chance(0.005) ? null : username,
        email_addresses: addresses,
        country_code: r.chance(0.02) ? null : country,
        department: r.chance(0.03) ? null : { name: isManager ? 'Management' : r.pick(DEPARTMENTS) },
        job_title: r.chance(0.05) ? null : isManager ? 'Manager' : r.pick(jobTitles),
        language: r.chance(0.02) ? null : (LANGUAGE_OF[country] ?? 'english'),
        timezone: TIME_ZONE_OF[country] ?? 'UTC',
        status,
        karma: score === null ? null : { score, security_level: securityLevel(score) },
        manager: manager === null ? null : { id: manager },
        workspace: { id: workspaceId },
        created_at: createdAt,
        updated_at: r.at(Math.min(now, created + r.int(0, 200) * DAY)),
      }
      if (isManager) managers.push(id)
      employees.push({ id, status, created })
    }

    // Progress and feedback: program year 1 starts when the employee joined.
    for (const employee of employees) {
      if (employee.status === 'pending' || (employee.status !== 'active' && r.chance(0.5))) continue
      const programYears = Math.max(1, Math.ceil((now - employee.created) / (365 * DAY)))
      const taken = courses.filter(() => r.chance(0.35))
      for (const course of taken) {
        const manual = r.chance(0.05)
        const years = manual
          ? []
          : Array.from({ length: r.int(1, programYears) }, (_, y) => {
              const due = employee.created + (y * 365 + r.int(7, 60)) * DAY
              const status = due > now ? 'upcoming' : r.chance(0.8) ? 'completed' : 'missed'
              return {
                year: y + 1,
                status,
                due_at: r.at(due),
                completed_at: status === 'completed' ? r.at(due - r.int(0, 6) * DAY) : null,
              }
            })
        const overall = manual
          ? r.pick([null, 'completed'] as const)
          : years.some((y) => y.status === 'upcoming')
            ? 'upcoming'
            : years.every((y) => y.status === 'completed')
              ? 'completed'
              : r.pick(PROGRESS_STATUSES)
        yield {
          type: 'course_progress',
          employee_id: employee.id,
          course_id: course.id,
          status: overall,
          years,
        }
        if (overall === 'completed' && r.chance(0.3)) {
          yield {
            type: 'course_feedback',
            id: r.uuid(),
            employee_id: employee.id,
            course_id: course.id,
            sentiment: r.chance(0.6) ? 'positive' : r.pick(SENTIMENTS),
            created_at: r.at(now - r.next() * 365 * DAY),
          }
        }
      }
    }

    // Breaches: each compromises a few employees, in every warned/acknowledged state; some are
    // fully acknowledged (resolved), some affect nobody yet.
    const breachCount = Math.min(12, 3 + Math.floor(Math.log2(size + 1)))
    for (let b = 0; b < breachCount; b++) {
      const breachId = r.uuid()
      const lastBreached = now - r.int(1, 900) * DAY
      const created = lastBreached + r.int(1, 20) * DAY
      const name = r.pick(breachNames)
      yield {
        type: 'breach',
        workspace_id: workspaceId,
        id: breachId,
        name,
        domain: `${slugify(name)}.com`,
        criticality: r.pick(CRITICALITIES),
        last_breached_at: r.at(lastBreached),
        created_at: r.at(Math.min(now, created)),
        updated_at: r.at(Math.min(now, created + r.int(0, 30) * DAY)),
      }
      const resolved = b % 4 === 3
      const share = b === breachCount - 1 ? 0 : r.int(5, 30) / 1000
      for (const [index, employee] of employees.entries()) {
        if (!r.chance(share)) continue
        const compromised = lastBreached - r.int(0, 30) * DAY
        const state = resolved ? r.pick([2, 3] as const) : r.int(0, 3)
        const warned = state === 1 || state === 2 ? r.at(created + r.int(0, 3) * DAY) : null
        const acknowledged = state >= 2 ? r.at(created + r.int(3, 10) * DAY) : null
        yield {
          type: 'compromised_employee',
          workspace_id: workspaceId,
          breach_id: breachId,
          employee_id: employee.id,
          compromised_at: r.at(compromised),
          warned_at: warned,
          acknowledged_at: acknowledged,
          breached_accounts: Array.from({ length: r.int(1, 2) }, (_, k) => ({
            email: k === 0 ? `employee${index}@${domain}` : `${faker.internet.username()}@mail.example`,
            compromised_at: r.at(compromised - k * DAY),
          })),
        }
      }
    }
  }
}

/**
 * The dataset as NDJSON, in chunks of many lines (for a file or straight into the importer);
 * `progress` hears, with each chunk, how many employees have been generated so far.
 */
export async function* demoNdjson(
  options: DemoOptions,
  progress: (employees: number) => void = () => {},
): AsyncGenerator<Buffer> {
  let lines: string[] = []
  let employees = 0
  for (const record of demoRecords(options)) {
    lines.push(JSON.stringify(record))
    if (record.type === 'employee') employees++
    if (lines.length >= 2000) {
      progress(employees)
      yield Buffer.from(`${lines.join('\n')}\n`)
      lines = []
    }
  }
  progress(employees)
  if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`)
}
