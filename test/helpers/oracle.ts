// What the API must answer, computed in plain JavaScript straight from the imported records,
// independently of the server's SQL and rendering (CONTRACT 2, 3, 6).

import type { Rec } from './records.js'

const byType = (records: readonly Rec[], type: string) => records.filter((r) => r.type === type)
const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)
const newestFirst = (at: (r: Rec) => string, id: (r: Rec) => string) => (a: Rec, b: Rec) =>
  desc(at(a), at(b)) || desc(id(a), id(b))

function primary(e: Rec): string | null {
  return (
    (e.email_addresses as { address: string; is_primary: boolean }[]).find((a) => a.is_primary)?.address ??
    null
  )
}

export function reference(e: Rec) {
  return { id: e.id, name: e.name, primary_email_address: primary(e), username: e.username }
}

export function employeeJson(e: Rec, all: readonly Rec[]) {
  const manager =
    e.manager === null ? null : byType(all, 'employee').find((m) => m.id === (e.manager as Rec).id)
  return {
    id: e.id,
    name: e.name,
    username: e.username,
    primary_email_address: primary(e),
    email_addresses: e.email_addresses,
    country_code: e.country_code,
    department: e.department,
    job_title: e.job_title,
    language: e.language,
    timezone: e.timezone,
    status: e.status,
    karma: e.karma,
    manager: manager ? reference(manager) : null,
    workspace: e.workspace,
    created_at: e.created_at,
    updated_at: e.updated_at,
  }
}

export function employees(
  all: readonly Rec[],
  workspaceId: string,
  filters: { status?: string[]; gte?: number; lte?: number } = {},
) {
  return byType(all, 'employee')
    .filter((e) => (e.workspace as Rec).id === workspaceId)
    .filter((e) => !filters.status || filters.status.includes(e.status as string))
    .filter(
      (e) =>
        filters.gte === undefined ||
        (e.karma !== null && (e.karma as { score: number }).score >= filters.gte),
    )
    .filter(
      (e) =>
        filters.lte === undefined ||
        (e.karma !== null && (e.karma as { score: number }).score <= filters.lte),
    )
    .sort(
      newestFirst(
        (r) => r.created_at as string,
        (r) => r.id as string,
      ),
    )
    .map((e) => employeeJson(e, all))
}

export function courses(all: readonly Rec[], workspaceId: string) {
  return byType(all, 'course')
    .filter((c) => c.workspace_id === workspaceId)
    .sort(
      newestFirst(
        (r) => r.created_at as string,
        (r) => r.id as string,
      ),
    )
    .map(({ type: _t, workspace_id: _w, ...c }) => c)
}

export function progress(all: readonly Rec[], workspaceId: string) {
  const workspaceCourses = byType(all, 'course').filter((c) => c.workspace_id === workspaceId)
  return byType(all, 'employee')
    .filter((e) => (e.workspace as Rec).id === workspaceId)
    .sort(
      newestFirst(
        (r) => r.created_at as string,
        (r) => r.id as string,
      ),
    )
    .map((e) => ({
      employee: reference(e),
      courses_progress: byType(all, 'course_progress')
        .filter((p) => p.employee_id === e.id)
        .map((p) => ({ p, c: workspaceCourses.find((c) => c.id === p.course_id) as Rec }))
        .sort((a, b) =>
          newestFirst(
            (r) => r.created_at as string,
            (r) => r.id as string,
          )(a.c, b.c),
        )
        .map(({ p, c }) => ({
          course: { id: c.id, name: c.name, slug: c.slug, description: c.description },
          status: p.status,
          years: [...(p.years as Rec[])]
            .sort((a, b) => (a.year as number) - (b.year as number))
            .map((y) => ({ ...y, quiz_score: y.quiz_score ?? null })),
          quiz_score: p.quiz_score ?? null,
        })),
    }))
}

export function statistics(all: readonly Rec[], workspaceId: string, now: number) {
  const active = byType(all, 'employee').filter(
    (e) => (e.workspace as Rec).id === workspaceId && e.status === 'active',
  )
  const entries = (e: Rec) => byType(all, 'course_progress').filter((p) => p.employee_id === e.id)
  const completed = active.reduce((n, e) => n + entries(e).filter((p) => p.status === 'completed').length, 0)
  const members = new Set(
    byType(all, 'employee')
      .filter((e) => (e.workspace as Rec).id === workspaceId)
      .map((e) => e.id),
  )
  const since = now - 90 * 24 * 3600 * 1000
  const recent = byType(all, 'course_feedback').filter(
    (f) => members.has(f.employee_id) && Date.parse(f.created_at as string) >= since,
  )
  return {
    active_employees: active.length,
    covered_employees: active.filter((e) => entries(e).length > 0).length,
    average_courses_completed: active.length === 0 ? 0 : Math.floor(completed / active.length + 0.5),
    positive_feedbacks: recent.filter((f) => f.sentiment === 'positive').length,
    neutral_feedbacks: recent.filter((f) => f.sentiment === 'neutral').length,
    negative_feedbacks: recent.filter((f) => f.sentiment === 'negative').length,
  }
}

function compromisedOf(all: readonly Rec[], workspaceId: string, breachId: string) {
  return byType(all, 'compromised_employee').filter(
    (c) => c.workspace_id === workspaceId && c.breach_id === breachId,
  )
}

export function breaches(all: readonly Rec[], workspaceId: string, status?: string[]) {
  return byType(all, 'breach')
    .filter((b) => b.workspace_id === workspaceId)
    .map((b) => {
      const hits = compromisedOf(all, workspaceId, b.id as string)
      const acknowledged = hits.filter((c) => c.acknowledged_at !== null).length
      return {
        id: b.id,
        name: b.name,
        domain: b.domain,
        status: acknowledged < hits.length ? 'active' : 'resolved',
        criticality: b.criticality,
        impacted: hits.length,
        warned: hits.filter((c) => c.warned_at !== null).length,
        acknowledged,
        last_breached_at: b.last_breached_at,
        created_at: b.created_at,
        updated_at: b.updated_at,
      }
    })
    .filter((b) => !status || status.includes(b.status))
    .sort(
      newestFirst(
        (r) => r.last_breached_at as string,
        (r) => r.id as string,
      ),
    )
}

export function compromised(
  all: readonly Rec[],
  workspaceId: string,
  breachId: string,
  filters: { warned?: boolean; acknowledged?: boolean } = {},
) {
  const people = byType(all, 'employee')
  return compromisedOf(all, workspaceId, breachId)
    .filter((c) => filters.warned === undefined || (c.warned_at !== null) === filters.warned)
    .filter(
      (c) => filters.acknowledged === undefined || (c.acknowledged_at !== null) === filters.acknowledged,
    )
    .sort(
      newestFirst(
        (r) => r.compromised_at as string,
        (r) => r.employee_id as string,
      ),
    )
    .map((c) => ({
      employee: reference(people.find((e) => e.id === c.employee_id) as Rec),
      compromised_at: c.compromised_at,
      warned_at: c.warned_at,
      acknowledged_at: c.acknowledged_at,
      breached_accounts: c.breached_accounts,
    }))
}

export function organization(all: readonly Rec[], organizationId: string, onlyWorkspace?: string) {
  const org = byType(all, 'organization').find((o) => o.id === organizationId) as Rec
  return {
    id: org.id,
    created_at: org.created_at,
    updated_at: org.updated_at,
    workspaces: byType(all, 'workspace')
      .filter((w) => w.organization_id === organizationId && (!onlyWorkspace || w.id === onlyWorkspace))
      .sort(
        (a, b) =>
          -newestFirst(
            (r) => r.created_at as string,
            (r) => r.id as string,
          )(a, b),
      )
      .map((w) => ({ id: w.id, name: w.name, created_at: w.created_at, updated_at: w.updated_at })),
  }
}
