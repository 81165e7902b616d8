// A dataset for the endpoint tests: two organizations, three workspaces, timestamps shared by many
// items (to prove paging under ties), nullable fields left null, every progress and breach state,
// and one breach id present in two workspaces. A resource adds its own records from its test folder
// (test/resources/<resource>/dataset.ts: `datasetRecords`), so that the tests over every operation
// page through its lists too.

import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { timestampFromMillis } from '../../src/domain/time.js'
import {
  breach,
  compromised,
  course,
  employee,
  feedback,
  organization,
  progress,
  type Rec,
  ts,
  workspace,
} from './records.js'
import { MODULE_EXTENSION } from './root.js'

const DAY = 86_400_000

/** The workspaces a resource's dataset records go into: organization A's two, organization B's one. */
export interface DatasetWorkspaces {
  a1: string
  a2: string
  b1: string
  /** The records of the shared dataset so far (their employees, say). */
  all: readonly Rec[]
}

type DatasetRecords = (w: DatasetWorkspaces) => Rec[]

const RESOURCE_TESTS = new URL('../resources/', import.meta.url)
const RESOURCE_RECORDS: DatasetRecords[] = await Promise.all(
  readdirSync(RESOURCE_TESTS)
    .map((name) => new URL(`${name}/dataset${MODULE_EXTENSION}`, RESOURCE_TESTS))
    .filter((file) => existsSync(file))
    .map(async (file) => ((await import(file.href)) as { datasetRecords: DatasetRecords }).datasetRecords),
)

export interface ApiDataset {
  all: Rec[]
  orgA: Rec
  orgB: Rec
  a1: string
  a2: string
  b1: string
  employeesA1: Rec[]
  employeesA2: Rec[]
  breachesA1: Rec[]
  sharedBreachId: string
  foreignEmployee: Rec
  foreignBreach: Rec
}

export function apiDataset(size = 40): ApiDataset {
  const orgA = organization()
  const orgB = organization()
  const wsA1 = workspace(orgA.id as string, { name: 'A one' })
  const wsA2 = workspace(orgA.id as string, { name: 'A two' })
  const wsB1 = workspace(orgB.id as string, { name: 'B one' })
  const a1 = wsA1.id as string
  const a2 = wsA2.id as string
  const b1 = wsB1.id as string
  const all: Rec[] = [orgA, orgB, wsA1, wsA2, wsB1]

  const shared = ts()
  const statuses = ['active', 'active', 'active', 'deactivated', 'pending', 'unlicensed']
  const employeesA1: Rec[] = []
  for (let i = 0; i < size; i++) {
    const manager = i > 2 ? { id: employeesA1[i % 3]?.id } : null
    employeesA1.push(
      employee(a1, {
        status: statuses[i % statuses.length],
        // A third share one creation time: the order falls back on the id.
        created_at: i % 3 === 0 ? shared : ts(),
        karma: i % 7 === 0 ? null : { score: (i * 37) % 1000, security_level: 'ok' },
        name: i % 11 === 0 ? null : `Person ${i}`,
        manager,
        ...(i % 13 === 0 ? { country_code: null, department: null, job_title: null, language: null } : {}),
        ...(i % 17 === 0
          ? { email_addresses: [{ address: `nobody${i}@example.com`, is_primary: false, source: 'slack' }] }
          : {}),
      }),
    )
  }
  all.push(...employeesA1)

  const courseTime = ts()
  const coursesA1 = [0, 1, 2, 3, 4].map((i) =>
    course(a1, { name: `Course ${i}`, slug: `course-${i}`, created_at: i < 2 ? courseTime : ts() }),
  )
  all.push(...coursesA1)
  employeesA1.forEach((e, i) => {
    if (i % 4 === 3) return // some employees have no progress at all
    for (const [k, c] of coursesA1.entries()) {
      if ((i + k) % 2 === 0) continue
      const manual = (i + k) % 9 === 0
      // Quiz scores absent (as null), null, and from 0 to 100.
      const score = (n: number) => (n % 4 === 0 ? {} : { quiz_score: n % 4 === 1 ? null : (n * 13) % 101 })
      all.push(
        progress(e.id as string, c.id as string, {
          status: manual ? null : ['completed', 'missed', 'upcoming'][(i + k) % 3],
          ...score(i + k),
          years: manual
            ? []
            : [
                { year: 2, status: 'upcoming', due_at: ts(), completed_at: null },
                { year: 1, status: 'completed', due_at: ts(), completed_at: ts(), ...score(i * k + 1) },
              ],
        }),
      )
    }
  })
  const now = Date.now()
  employeesA1.slice(0, 12).forEach((e, i) => {
    const at = [now - 10 * DAY, now - 89 * DAY, now - 200 * DAY][i % 3] as number
    all.push(
      feedback(e.id as string, coursesA1[1]?.id as string, {
        sentiment: ['positive', 'neutral', 'negative', 'positive'][i % 4],
        created_at: timestampFromMillis(at),
      }),
    )
  })

  const breachTime = ts()
  const breachesA1 = [0, 1, 2, 3].map((i) =>
    breach(a1, { name: `Breach ${i}`, last_breached_at: i < 2 ? breachTime : ts() }),
  )
  all.push(...breachesA1)
  const sharedBreachId = breachesA1[0]?.id as string
  const compromisedTime = ts()
  for (const [k, b] of breachesA1.entries()) {
    if (k === 3) continue // a breach that compromised nobody here
    employeesA1.forEach((e, i) => {
      if ((i + k) % 3 !== 0) return
      const state = (i + k) % 4
      all.push(
        compromised(a1, b.id as string, e.id as string, {
          compromised_at: i % 2 === 0 ? compromisedTime : ts(),
          warned_at: state === 1 || state === 2 ? ts() : null,
          acknowledged_at: state >= 2 || k === 1 ? ts() : null,
        }),
      )
    })
  }

  const employeesA2 = [0, 1, 2, 3].map(() => employee(a2))
  all.push(...employeesA2, course(a2), breach(a2, { id: sharedBreachId, name: 'Shared' }))
  all.push(compromised(a2, sharedBreachId, employeesA2[0]?.id as string))

  const employeesB1 = [0, 1, 2].map(() => employee(b1))
  const foreignBreach = breach(b1)
  all.push(...employeesB1, course(b1), foreignBreach)
  all.push(compromised(b1, foreignBreach.id as string, employeesB1[0]?.id as string))
  for (const records of RESOURCE_RECORDS) all.push(...records({ a1, a2, b1, all: [...all] }))

  return {
    all,
    orgA,
    orgB,
    a1,
    a2,
    b1,
    employeesA1,
    employeesA2,
    breachesA1,
    sharedBreachId,
    foreignEmployee: employeesB1[0] as Rec,
    foreignBreach,
  }
}

export const unknownId = () => randomUUID()

/**
 * The key with its last character changed, so its checksum no longer matches. Always a different
 * character: writing a fixed one over a key that already ends in it left the key valid (1 in 62).
 */
export const alteredKey = (key: string) => `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`
