// Employees: managers first (a tree, each reporting to an earlier one), then everyone else in teams
// of 3 to 15 under them; one department behind the others (lower karma, more clicks, fewer courses
// completed), a few employees tricked again and again, a few no simulation reaches. About a third
// are created in directory-sync batches that share one timestamp, as real provisioning does.

import { bucketOf, DAY, type DemoWorkspace, type ResourceDemo, slugify } from '../demo.js'
import type { EMPLOYEE_STATUSES, LANGUAGES } from './values.js'
import { SECURITY_LEVELS } from './values.js'

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

/** An employee as the resources after this one see it. */
export interface DemoEmployee {
  id: string
  status: string
  /** When it was created, in ms. */
  created: number
  /** Whether others report to them. */
  manager: boolean
  /** How likely they are to fall for a lure, against most (1): more in the department behind, most in a few. */
  risk: number
  /** Whether simulations reach them (a few opted out, on leave or exempt). */
  simulated: boolean
  /** Whether they are in the department behind: fewer courses completed too. */
  behind: boolean
}

/** The department clearly behind the others in every report (CONTRACT 18's demo data). */
export const DEPARTMENT_BEHIND = 'Sales'

interface Vocabulary {
  firstNames: string[]
  lastNames: string[]
  jobTitles: string[]
  /** Usernames are numbered across workspaces. */
  serial: number
}

/** The employees of the workspace being generated. */
export const demoEmployees = (w: DemoWorkspace) => w.state.get('employees') as DemoEmployee[]

export const EMPLOYEE_DEMO: ResourceDemo = {
  monthly: true,
  organization({ faker, state }) {
    const vocabulary: Vocabulary = {
      firstNames: Array.from({ length: 400 }, () => faker.person.firstName()),
      lastNames: Array.from({ length: 800 }, () => faker.person.lastName()),
      jobTitles: Array.from({ length: 120 }, () => faker.person.jobTitle()),
      serial: 0,
    }
    state.set('employee vocabulary', vocabulary)
    return []
  },
  *workspace(w) {
    const { r, now, domain } = w
    const v = w.state.get('employee vocabulary') as Vocabulary
    const { firstNames, lastNames, jobTitles } = v
    const workspaceId = w.workspace.id
    const size = w.workspace.size
    const managers: string[] = []
    // Teams of 3 to 15: each manager's size, filled in turn by the employees after the managers.
    const teamSizes: number[] = []
    let team = 0
    let inTeam = 0
    const employees: DemoEmployee[] = []
    w.state.set('employees', employees)
    let batchTime = 0
    let batchLeft = 0
    for (let i = 0; i < size; i++) {
      const id = r.uuid()
      const first = r.pick(firstNames)
      const last = r.pick(lastNames)
      const username = `${slugify(first)}.${slugify(last)}${++v.serial}`
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
      const isManager = i < Math.max(1, Math.ceil(size / 9))
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
      const department = isManager ? 'Management' : r.pick(DEPARTMENTS)
      const behind = department === DEPARTMENT_BEHIND
      const repeatOffender = r.chance(0.02)
      const present = r.chance(0.9) ? r.int(0, behind ? 600 : 1000) : null
      // Months back, most scores were lower: the line rises to the present.
      const score = present === null ? null : Math.max(0, present - w.monthsBack * (8 + (bucketOf(id) % 12)))
      let manager: string | null
      if (isManager) {
        // A tree: each manager reports to one of the managers before them, the first to nobody.
        manager = i === 0 ? null : (managers[Math.floor((i - 1) / 5)] as string)
        teamSizes.push(r.int(3, 15))
      } else {
        if (inTeam >= (teamSizes[team] as number)) {
          team = (team + 1) % teamSizes.length
          inTeam = 0
        }
        manager = managers[team] as string
        inTeam++
      }
      yield {
        type: 'employee',
        id,
        name: r.chance(0.005) ? null : `${first} ${last}`,
        username: r.chance(0.005) ? null : username,
        email_addresses: addresses,
        country_code: r.chance(0.02) ? null : country,
        department: r.chance(0.03) ? null : { name: department },
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
      employees.push({
        id,
        status,
        created,
        manager: isManager,
        risk: repeatOffender ? 4 : behind ? 1.8 : 1,
        simulated: !r.chance(0.04),
        behind,
      })
      w.advance(1)
    }
  },
}
