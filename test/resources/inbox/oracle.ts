// What the inbox endpoints must answer, computed from the imported records (CONTRACT 16), with the
// rates from exact fractions (BigInt), independently of the server's arithmetic.

import { reference } from '../../helpers/oracle.js'
import type { Rec } from '../../helpers/records.js'

const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)

/** A window on a time, inclusive; a date is midnight UTC. */
export interface Window {
  after?: string
  before?: string
}

/** The window's query: `&created_after=…&created_before=…`, the values as given. */
export const windowQuery = (w: Window) =>
  `${w.after === undefined ? '' : `&created_after=${encodeURIComponent(w.after)}`}${w.before === undefined ? '' : `&created_before=${encodeURIComponent(w.before)}`}`

/** Windows over `times`: none, exact bounds on both sides, one side, dates, one instant, nothing inside. */
export function windowsOver(times: readonly string[]): Window[] {
  const sorted = [...times].sort()
  const at = (f: number) => sorted[Math.floor(f * (sorted.length - 1))] as string
  return [
    {},
    { after: at(0.25), before: at(0.75) },
    { after: at(0.5) },
    { before: at(0.3) },
    { after: at(0), before: at(1) },
    { after: at(0.4).slice(0, 10) },
    { after: at(0.5), before: at(0.5) },
    { after: '2000-01-01', before: '2000-01-02' },
  ]
}

const instant = (value: string) => (value.length === 10 ? `${value}T00:00:00.000000Z` : value)
export const inWindow = (at: string, w: Window) =>
  (w.after === undefined || at >= instant(w.after)) && (w.before === undefined || at <= instant(w.before))

/** part / whole in percent, half up to one decimal, from BigInts: 0 when whole is 0. */
export function rate(part: number, whole: number): number {
  if (whole === 0) return 0
  const tenths = (BigInt(part) * 2000n + BigInt(whole)) / (2n * BigInt(whole))
  return Number(tenths) / 10
}

const byType = (all: readonly Rec[], type: string) => all.filter((r) => r.type === type)
const employeesById = (all: readonly Rec[]) =>
  new Map(byType(all, 'employee').map((e) => [e.id as string, e]))
const ticketsById = (all: readonly Rec[]) =>
  new Map(byType(all, 'inbox_ticket').map((t) => [t.id as string, t]))

export function tickets(all: readonly Rec[], workspaceId: string, classification?: string[], w: Window = {}) {
  const reports = byType(all, 'email_report')
  return byType(all, 'inbox_ticket')
    .filter((t) => t.workspace_id === workspaceId)
    .filter(
      (t) =>
        classification === undefined ||
        classification.includes((t.classification as string | null) ?? 'unreviewed'),
    )
    .filter((t) => inWindow(t.created_at as string, w))
    .sort(
      (a, b) => desc(a.created_at as string, b.created_at as string) || desc(a.id as string, b.id as string),
    )
    .map((t) => {
      const own = reports.filter((r) => r.ticket_id === t.id).map((r) => r.reported_at as string)
      return {
        id: t.id,
        email: t.email,
        classification: t.classification,
        fraud_type: t.fraud_type,
        classified_at: t.classified_at,
        reports_count: own.length,
        first_reported_at: own.length === 0 ? null : own.sort()[0],
        created_at: t.created_at,
        updated_at: t.updated_at,
      }
    })
}

export function reports(all: readonly Rec[], ticketId: string) {
  const employees = employeesById(all)
  return byType(all, 'email_report')
    .filter((r) => r.ticket_id === ticketId)
    .sort(
      (a, b) =>
        desc(a.reported_at as string, b.reported_at as string) || desc(a.id as string, b.id as string),
    )
    .map((r) => ({
      id: r.id,
      employee: reference(employees.get(r.employee_id as string) as Rec),
      source: r.source,
      reported_at: r.reported_at,
    }))
}

/** The employees with `rows` (already filtered to the window), in employees order, with `stats` of theirs. */
export function perEmployee(
  all: readonly Rec[],
  rows: readonly Rec[],
  field: string,
  stats: (mine: readonly Rec[]) => Record<string, number>,
) {
  const employees = employeesById(all)
  const ids = [...new Set(rows.map((r) => r.employee_id as string))]
  return ids
    .map((id) => employees.get(id) as Rec)
    .sort(
      (a, b) => desc(a.created_at as string, b.created_at as string) || desc(a.id as string, b.id as string),
    )
    .map((e) => ({ employee: reference(e), [field]: stats(rows.filter((r) => r.employee_id === e.id)) }))
}

const workspaceOfReport = (all: readonly Rec[]) => {
  const byId = ticketsById(all)
  return (r: Rec) => byId.get(r.ticket_id as string)?.workspace_id
}

export function reporters(all: readonly Rec[], workspaceId: string, w: Window = {}) {
  const ticketOf = ticketsById(all)
  const workspace = workspaceOfReport(all)
  const rows = byType(all, 'email_report').filter(
    (r) => workspace(r) === workspaceId && inWindow(r.reported_at as string, w),
  )
  const classOf = (r: Rec) => ticketOf.get(r.ticket_id as string)?.classification
  return perEmployee(all, rows, 'emails_reported_stats', (mine) => ({
    reported_emails_count: mine.length,
    reported_fraudulent_emails_count: mine.filter((r) => classOf(r) === 'fraudulent').length,
    reported_safe_emails_count: mine.filter((r) => classOf(r) === 'safe').length,
    reported_spam_emails_count: mine.filter((r) => classOf(r) === 'spam').length,
  }))
}

export function statistics(all: readonly Rec[], workspaceId: string, w: Window = {}) {
  const employees = employeesById(all)
  const workspace = workspaceOfReport(all)
  const rows = byType(all, 'email_report').filter(
    (r) => workspace(r) === workspaceId && inWindow(r.reported_at as string, w),
  )
  const reporterIds = new Set(rows.map((r) => r.employee_id as string))
  const active = byType(all, 'employee').filter(
    (e) => (e.workspace as { id: string }).id === workspaceId && e.status === 'active',
  )
  const activeReporters = [...reporterIds].filter((id) => employees.get(id)?.status === 'active').length
  const ts = byType(all, 'inbox_ticket').filter(
    (t) => t.workspace_id === workspaceId && inWindow(t.created_at as string, w),
  )
  const of = (c: string | null) => ts.filter((t) => t.classification === c).length
  const fraudulent = ts.filter((t) => t.classification === 'fraudulent')
  const ofType = (type: string) => fraudulent.filter((t) => t.fraud_type === type).length
  return {
    reports: {
      total_count: rows.length,
      reporters_count: reporterIds.size,
      employee_reporting_rate: rate(activeReporters, active.length),
    },
    tickets: {
      total_count: ts.length,
      unreviewed_count: of(null),
      safe_rate: rate(of('safe'), ts.length),
      spam_rate: rate(of('spam'), ts.length),
      fraudulent_rate: rate(fraudulent.length, ts.length),
      fraudulent_distribution: {
        employee_impersonation_rate: rate(ofType('employee_impersonation'), fraudulent.length),
        partner_payment_fraud_rate: rate(ofType('partner_payment_fraud'), fraudulent.length),
        scam_extortion_rate: rate(ofType('scam_extortion'), fraudulent.length),
        service_imitation_rate: rate(ofType('service_imitation'), fraudulent.length),
        other_rate: rate(ofType('other'), fraudulent.length),
      },
    },
  }
}
