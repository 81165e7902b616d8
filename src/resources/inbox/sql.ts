// Every statement of the inbox resource, named: the SQL snapshots (sql/*/api.sql) label each by its
// name here (`inbox.sql:ticketsPage`).

import { sql } from 'kysely'
import type { WorkspaceRows } from '../../access.js'
import type { ListDefinition } from '../../paging/keyset.js'
import { Counted, type Population } from '../../privacy/aggregate.js'
import type { CreatedWindow } from '../../routing/parameters.js'
import { EMPLOYEE_SQL } from '../employees/sql.js'
import { inGrant, inWorkspace, SAMPLE } from '../sql.js'
import { tallyList } from '../tallies.js'
import { REPORT_JSON } from './render.js'
import type { InboxStatistics } from './schema.js'
import { type InboxCounts, type ReviewHistogram, statisticsOf } from './statistics.js'
import { EMAIL_REPORTS_TALLY } from './tally.js'
import { REVIEWS, type Review } from './values.js'

const LATER = SAMPLE.later

type Count = number | string

export const INBOX_SQL = {
  /** A page of a workspace's tickets, newest first (created_at desc, id desc). */
  ticketsPage: {
    name: 'inbox_tickets',
    rows: (from, v) =>
      from
        .selectFrom('inbox_tickets as t')
        .select([sql<string>`t.json`.as('json'), 't.created_at as sort_at', 't.id as sort_id'])
        .$if(v.classification !== undefined, (q) => q.where('t.review', 'in', v.classification as Review[]))
        .$if(v.created_after !== undefined, (q) => q.where('t.created_at', '>=', v.created_after as string))
        .$if(v.created_before !== undefined, (q) =>
          q.where('t.created_at', '<=', v.created_before as string),
        ),
    startBound: 'created_before',
    at: 't.created_at',
    id: 't.id',
    samples: {
      'a later page': { values: {}, after: true, limit: 50 },
      'a later page, classification, created window': {
        values: { classification: ['fraudulent'], created_after: SAMPLE.after[0], created_before: LATER },
        after: true,
        limit: 50,
      },
    },
  } satisfies ListDefinition<{ classification?: Review[] | undefined } & CreatedWindow>,

  /** A page of a ticket's reports, most recent first (reported_at desc, id desc). */
  reportsPage: {
    name: 'email_reports',
    rows: (from, v) =>
      from
        .selectFrom('email_reports as r')
        .innerJoin('employees as e', (j) =>
          j.onRef('e.workspace_id', '=', 'r.workspace_id').onRef('e.id', '=', 'r.employee_id'),
        )
        .select([
          sql<string>`${sql.raw(REPORT_JSON)}`.as('json'),
          'r.reported_at as sort_at',
          'r.id as sort_id',
          'r.employee_id as people',
        ])
        .where('r.ticket_id', '=', v.ticket_id),
    at: 'r.reported_at',
    id: 'r.id',
    carries: true,
    samples: {
      'a later page': { values: { ticket_id: SAMPLE.id }, after: true, limit: 50 },
    },
  } satisfies ListDefinition<{ ticket_id: string }>,

  /** A page of the employees with reports in the window, in employees order (tallies.ts). */
  reportersPage: tallyList(EMAIL_REPORTS_TALLY),

  /** Whether a ticket belongs to the granted workspace. */
  inWorkspace: inWorkspace('inbox_tickets'),

  /**
   * The inbox statistics of a workspace (CONTRACT 16). Without a window, or with one that spans every
   * report's and ticket's time, the counts kept at import answer; otherwise they are counted from the
   * index ranges the window bounds: the reports by reported_at, the tickets by review and created_at.
   * Its active employees are the population an aggregate key's engine asks for: counted, when asked.
   */
  statistics: inGrant(
    async (
      from: WorkspaceRows,
      w: CreatedWindow,
      population?: Population,
    ): Promise<InboxStatistics | Counted<InboxStatistics>> => {
      const kept = await from.selectFrom('inbox_statistics').selectAll().executeTakeFirst()
      const activeEmployees = await EMPLOYEE_SQL.population(from)
      const spans = (first: string | null | undefined, last: string | null | undefined) =>
        (w.created_after === undefined || first == null || w.created_after <= first) &&
        (w.created_before === undefined || last == null || w.created_before >= last)
      // Nothing kept: nothing was imported here yet, and a window counts the same zeros.
      const keptAnswers =
        kept === undefined
          ? w.created_after === undefined && w.created_before === undefined
          : spans(kept.first_reported_at, kept.last_reported_at) &&
            spans(kept.first_created_at, kept.last_created_at)
      const answer = keptAnswers
        ? statisticsOf({
            reports: Number(kept?.reports ?? 0),
            reporters: Number(kept?.reporters ?? 0),
            activeReporters: Number(kept?.active_reporters ?? 0),
            activeEmployees,
            tickets: kept === undefined ? [] : (JSON.parse(kept.by_review) as ReviewHistogram),
          })
        : statisticsOf({ ...(await countWindow(from, w)), activeEmployees })
      return population === undefined ? answer : new Counted(answer, activeEmployees)
    },
    {
      '': [{}],
      'created window': [{ created_after: SAMPLE.after[0], created_before: LATER }],
    },
  ),
}

/** The counts of the reports and tickets within the window, each from its index range. */
async function countWindow(
  from: WorkspaceRows,
  w: CreatedWindow,
): Promise<Omit<InboxCounts, 'activeEmployees'>> {
  // One range of email_reports_by_time, which carries each report's employee and whether active,
  // grouped by employee once.
  const perReporter = from
    .selectFrom('email_reports as r')
    .select(['r.employee_id', sql<Count>`count(*)`.as('n'), sql<Count>`max(r.active)`.as('active')])
    .$if(w.created_after !== undefined, (q) => q.where('r.reported_at', '>=', w.created_after as string))
    .$if(w.created_before !== undefined, (q) => q.where('r.reported_at', '<=', w.created_before as string))
    .groupBy('r.employee_id')
  const reports = await from
    .selectFrom(perReporter.as('x'))
    .select([
      sql<Count>`coalesce(sum(x.n), 0)`.as('reports'),
      sql<Count>`count(*)`.as('reporters'),
      sql<Count>`coalesce(sum(x.active), 0)`.as('active'),
    ])
    .executeTakeFirst()
  const tickets = await from
    .selectFrom('inbox_tickets as t')
    .select(['t.review', 't.fraud_type', (eb) => eb.fn.countAll<Count>().as('n')])
    // Every review named: one index range per review (inbox_tickets_by_review).
    .where('t.review', 'in', [...REVIEWS])
    .$if(w.created_after !== undefined, (q) => q.where('t.created_at', '>=', w.created_after as string))
    .$if(w.created_before !== undefined, (q) => q.where('t.created_at', '<=', w.created_before as string))
    .groupBy(['t.review', 't.fraud_type'])
    .execute()
  return {
    reports: Number(reports?.reports ?? 0),
    reporters: Number(reports?.reporters ?? 0),
    activeReporters: Number(reports?.active ?? 0),
    tickets: tickets.map((t) => [t.review, t.fraud_type, Number(t.n)] as const),
  }
}
