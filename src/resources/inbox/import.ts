// What an import does for the inbox beyond merging its records: checks the references of tickets
// and reports, copies each ticket's review to its reports, derives each ticket's reports_count and
// first_reported_at and renders the tickets whose values moved, then the per-employee tallies and
// the workspace statistics, in the touched workspaces.

import { sql } from 'kysely'
import { periodStartSql } from '../../db/dialect.js'
import { type WriteSession, workspaceList } from '../../db/write-session.js'
import { INTERVALS } from '../../domain/time.js'
import { PeriodCounts } from '../../history/kept-periods.js'
import { parentCheck, stayInWorkspaceCheck, workspaceCheck } from '../../records/checks.js'
import type { Check, ImportSteps, PeriodAnswers } from '../../records/spec.js'
import { employeeOfParentCheck } from '../employees/import.js'
import { deriveTallies } from '../tallies.js'
import { ticketWorkspace } from './records.js'
import { ticketJson } from './render.js'
import type { InboxTicket } from './schema.js'
import { INBOX_STATISTICS_ID, statisticsOf } from './statistics.js'
import { EMAIL_REPORTS_TALLY } from './tally.js'
import { REVIEWS } from './values.js'

const CHECKS: readonly Check[] = [
  workspaceCheck('inbox_ticket'),
  stayInWorkspaceCheck('inbox_ticket', 'inbox_tickets', 'a ticket'),
  parentCheck('email_report', 'ticket_id', 'inbox ticket', ticketWorkspace),
  employeeOfParentCheck('email_report', 'ticket'),
  stayInWorkspaceCheck('email_report', 'email_reports', 'a report'),
]

/**
 * Each report's copy of its ticket's review and of whether its employee is active, and each
 * ticket's reports_count and first_reported_at, for the touched workspaces. Only rows whose values
 * move are written; a ticket's JSON is then cleared so that it is rendered again.
 */
async function deriveTickets(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(sql`update email_reports set review = t.review
    from inbox_tickets t
    where t.id = email_reports.ticket_id and email_reports.workspace_id in ${touched}
      and email_reports.review <> t.review`)
  // Each report's employee is looked up by id: joined to the workspace's employees instead, SQLite
  // (without statistics) would walk them and, for each, every report of the workspace. `active` is
  // 0 or 1.
  await session.exec(sql`update email_reports set active = 1 - active
    where workspace_id in ${touched} and active <> (
      select case when e.status = 'active' then 1 else 0 end from employees e
      where e.id = email_reports.employee_id)`)
  await session.exec(sql`update inbox_tickets set reports_count = c.n, first_reported_at = c.first_at, json = null
    from (
      select ticket_id, count(*) as n, min(reported_at) as first_at from email_reports
      where workspace_id in ${touched}
      group by ticket_id) c
    where inbox_tickets.id = c.ticket_id
      and (inbox_tickets.reports_count <> c.n or coalesce(inbox_tickets.first_reported_at, '') <> c.first_at)`)
  await session.exec(sql`update inbox_tickets set reports_count = 0, first_reported_at = null, json = null
    where workspace_id in ${touched} and (reports_count <> 0 or first_reported_at is not null)
      and not exists (select 1 from email_reports r
        where r.workspace_id = inbox_tickets.workspace_id and r.ticket_id = inbox_tickets.id)`)
}

const RENDER_BATCH = 1000

type TicketRow = Omit<InboxTicket, 'email'> & { email: string }

/** Renders the tickets whose JSON was cleared: merged ones, and those whose counts moved. */
async function renderStaleTickets(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  for (;;) {
    const rows = await session.rows<TicketRow>(sql`
      select id, email, classification, fraud_type, classified_at, reports_count, first_reported_at,
        created_at, updated_at
      from inbox_tickets
      where workspace_id in ${touched} and json is null limit ${RENDER_BATCH}`)
    if (rows.length === 0) return
    await session.updateMany(
      'inbox_tickets',
      ['id'],
      ['json'],
      rows.map((r) => [
        r.id,
        ticketJson({ ...r, email: JSON.parse(r.email), reports_count: Number(r.reports_count) }),
      ]),
    )
  }
}

/**
 * The inbox statistics of each touched workspace without a window (CONTRACT 16): its reports, their
 * reporters (active ones by their status now), its tickets per review and fraud type, and the span
 * of times each covers (a window that spans them answers the same).
 */
async function deriveStatistics(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(sql`delete from inbox_statistics where workspace_id in ${touched}`)
  await session.exec(sql`insert into inbox_statistics (workspace_id, reports, reporters, active_reporters,
      first_reported_at, last_reported_at, tickets, first_created_at, last_created_at, by_review)
    select w.workspace_id, coalesce(r.reports, 0), coalesce(r.reporters, 0), coalesce(r.active, 0),
      r.first_at, r.last_at, coalesce(t.tickets, 0), t.first_at, t.last_at, '[]'
    from stg_touched w
    left join (
      select workspace_id, count(*) as reports, count(distinct employee_id) as reporters,
        count(distinct case when active = 1 then employee_id end) as active,
        min(reported_at) as first_at, max(reported_at) as last_at
      from email_reports where workspace_id in ${touched}
      group by workspace_id) r on r.workspace_id = w.workspace_id
    left join (
      select workspace_id, count(*) as tickets, min(created_at) as first_at, max(created_at) as last_at
      from inbox_tickets where workspace_id in ${touched}
      group by workspace_id) t on t.workspace_id = w.workspace_id`)
  const histogram = await session.rows<{
    workspace_id: string
    review: string
    fraud_type: string | null
    n: number | string
  }>(sql`select workspace_id, review, fraud_type, count(*) as n from inbox_tickets
    where workspace_id in ${touched}
    group by workspace_id, review, fraud_type
    order by workspace_id, review, fraud_type`)
  const byWorkspace = new Map<string, [string, string | null, number][]>()
  for (const row of histogram) {
    const list = byWorkspace.get(row.workspace_id) ?? []
    list.push([row.review, row.fraud_type, Number(row.n)])
    byWorkspace.set(row.workspace_id, list)
  }
  await session.updateMany(
    'inbox_statistics',
    ['workspace_id'],
    ['by_review'],
    [...byWorkspace].map(([workspace, list]) => [workspace, JSON.stringify(list)]),
  )
}

/**
 * The inbox statistics of the touched workspaces per period (CONTRACT 17), as a window counts them
 * (sql.ts): per month, ISO week and day, the reports by reported_at and their reporters, the tickets
 * by created_at per review and fraud type; the reporting rate over the active employees now.
 */
async function derivePeriods(session: WriteSession): Promise<PeriodAnswers> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  const activeEmployees = new Map(
    (
      await session.rows<{ workspace_id: string; employees: number }>(sql`
        select workspace_id, employees from employee_statistics
        where status = 'active' and workspace_id in ${touched}`)
    ).map((row) => [row.workspace_id, Number(row.employees)]),
  )
  const periods = new PeriodCounts(() => ({
    reports: 0,
    reporters: 0,
    activeReporters: 0,
    tickets: [] as [string, string | null, number][],
  }))
  for (const unit of INTERVALS) {
    const reported = sql.raw(periodStartSql(session.dialect, unit, 'r.reported_at'))
    const reports = await session.rows<{
      workspace_id: string
      start: string
      reports: number
      reporters: number
      active: number
    }>(sql`
      select workspace_id, start, sum(n) as reports, count(*) as reporters, sum(active) as active from (
        select r.workspace_id, ${reported} as start, r.employee_id, count(*) as n, max(r.active) as active
        from email_reports r where r.workspace_id in ${touched} group by 1, 2, 3) x
      group by workspace_id, start`)
    for (const r of reports)
      Object.assign(periods.at(r.workspace_id, unit, r.start), {
        reports: Number(r.reports),
        reporters: Number(r.reporters),
        activeReporters: Number(r.active),
      })
    const created = sql.raw(periodStartSql(session.dialect, unit, 't.created_at'))
    const tickets = await session.rows<{
      workspace_id: string
      start: string
      review: string
      fraud_type: string | null
      n: number
    }>(sql`
      select t.workspace_id, ${created} as start, t.review, t.fraud_type, count(*) as n from inbox_tickets t
      where t.workspace_id in ${touched} and t.review in (${sql.join([...REVIEWS])})
      group by 1, 2, 3, 4`)
    for (const t of tickets)
      periods.at(t.workspace_id, unit, t.start).tickets.push([t.review, t.fraud_type, Number(t.n)])
  }
  return periods.answers((workspace, counts) =>
    JSON.stringify(statisticsOf({ ...counts, activeEmployees: activeEmployees.get(workspace) ?? 0 })),
  )
}

export const INBOX_IMPORT: ImportSteps = {
  checks: CHECKS,
  async derive(session) {
    await deriveTickets(session)
    await renderStaleTickets(session)
    await deriveTallies(session, EMAIL_REPORTS_TALLY)
    await deriveStatistics(session)
  },
  periods: { statistic: INBOX_STATISTICS_ID, derive: derivePeriods },
  analyze: ['employee_tally_rows', 'employee_tallies', 'inbox_statistics'],
}
