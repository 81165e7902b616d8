// Small factories for import records. Each returns a valid record; tests override what they probe.

import { randomUUID } from 'node:crypto'
import type { ImportSource } from '../../src/importer/import.js'

export type Rec = Record<string, unknown>

let clock = Date.UTC(2024, 0, 1)
/** A distinct, increasing timestamp with non-zero microseconds. */
export function ts(offsetMs = 0): string {
  clock += 1000
  const base = new Date(clock + offsetMs).toISOString().slice(0, 19)
  return `${base}.${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}Z`
}

export const organization = (o: Rec = {}): Rec => ({
  type: 'organization',
  id: randomUUID(),
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const workspace = (organizationId: string, o: Rec = {}): Rec => ({
  type: 'workspace',
  id: randomUUID(),
  organization_id: organizationId,
  name: 'Workspace',
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const employee = (workspaceId: string, o: Rec = {}): Rec => {
  const id = (o.id as string | undefined) ?? randomUUID()
  const username = `user-${id.slice(0, 8)}`
  return {
    type: 'employee',
    id,
    name: `Employee ${id.slice(0, 4)}`,
    username,
    email_addresses: [{ address: `${username}@example.com`, is_primary: true, source: 'microsoft' }],
    country_code: 'DE',
    department: { name: 'Engineering' },
    job_title: 'Engineer',
    language: 'german',
    timezone: 'Europe/Berlin',
    status: 'active',
    karma: { score: 420, security_level: 'good' },
    manager: null,
    workspace: { id: workspaceId },
    created_at: ts(),
    updated_at: ts(),
    ...o,
  }
}

export const course = (workspaceId: string, o: Rec = {}): Rec => ({
  type: 'course',
  workspace_id: workspaceId,
  id: randomUUID(),
  name: 'Phishing',
  slug: 'phishing',
  description: 'Spotting phishing',
  duration: 12,
  theme: 'social_engineering',
  settings: [{ delivery: 'first_day', year: 1 }],
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const progress = (employeeId: string, courseId: string, o: Rec = {}): Rec => ({
  type: 'course_progress',
  employee_id: employeeId,
  course_id: courseId,
  status: 'completed',
  years: [{ year: 1, status: 'completed', due_at: ts(), completed_at: ts() }],
  ...o,
})

export const feedback = (employeeId: string, courseId: string, o: Rec = {}): Rec => ({
  type: 'course_feedback',
  id: randomUUID(),
  employee_id: employeeId,
  course_id: courseId,
  sentiment: 'positive',
  created_at: ts(),
  ...o,
})

export const breach = (workspaceId: string, o: Rec = {}): Rec => ({
  type: 'breach',
  workspace_id: workspaceId,
  id: randomUUID(),
  name: 'ExampleCorp',
  domain: 'example.com',
  criticality: 'high',
  last_breached_at: ts(),
  created_at: ts(),
  updated_at: ts(),
  ...o,
})

export const compromised = (workspaceId: string, breachId: string, employeeId: string, o: Rec = {}): Rec => ({
  type: 'compromised_employee',
  workspace_id: workspaceId,
  breach_id: breachId,
  employee_id: employeeId,
  compromised_at: ts(),
  warned_at: null,
  acknowledged_at: null,
  breached_accounts: [{ email: 'someone@example.com', compromised_at: ts() }],
  ...o,
})

export function ndjson(records: readonly (Rec | string)[]): string {
  return `${records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n')}\n`
}

export function source(
  records: readonly (Rec | string)[] | string | Buffer,
  name = 'test.ndjson',
): ImportSource {
  const bytes = Buffer.isBuffer(records)
    ? records
    : Buffer.from(typeof records === 'string' ? records : ndjson(records))
  return {
    name,
    size: bytes.length,
    async *read() {
      // Odd chunk sizes exercise lines that span chunks.
      for (let i = 0; i < bytes.length; i += 777) yield bytes.subarray(i, i + 777)
    },
  }
}

/** A small, complete dataset: one organization, one workspace, a manager and a report, etc. */
export function smallDataset() {
  const org = organization()
  const ws = workspace(org.id as string)
  const wsId = ws.id as string
  const manager = employee(wsId)
  const report = employee(wsId, { manager: { id: manager.id } })
  const c1 = course(wsId)
  const c2 = course(wsId, { name: 'Passwords', slug: 'passwords', theme: 'passwords' })
  const p1 = progress(report.id as string, c1.id as string)
  const p2 = progress(report.id as string, c2.id as string, { status: null, years: [] })
  const f1 = feedback(report.id as string, c1.id as string)
  const b1 = breach(wsId)
  const x1 = compromised(wsId, b1.id as string, report.id as string, { warned_at: ts() })
  const x2 = compromised(wsId, b1.id as string, manager.id as string, {
    warned_at: ts(),
    acknowledged_at: ts(),
  })
  return {
    org,
    ws,
    manager,
    report,
    c1,
    c2,
    p1,
    p2,
    f1,
    b1,
    x1,
    x2,
    all: [org, ws, manager, report, c1, c2, p1, p2, f1, b1, x1, x2],
  }
}
