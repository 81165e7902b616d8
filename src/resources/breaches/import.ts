// What an import does for breaches beyond merging their records: checks the references of
// compromised employees, derives each breach's counts and status in the touched workspaces
// (CONTRACT 6), and renders the breaches whose values moved.

import { sql } from 'kysely'
import { periodStartSql } from '../../db/dialect.js'
import { type WriteSession, workspaceList } from '../../db/write-session.js'
import { INTERVALS } from '../../domain/time.js'
import { PeriodCounts } from '../../history/kept-periods.js'
import { rowExists, workspaceCheck } from '../../records/checks.js'
import type { Check, ImportSteps, PeriodAnswers } from '../../records/spec.js'
import { employeeInWorkspaceCheck } from '../employees/import.js'
import { breachJson } from './render.js'
import type { Breach } from './schema.js'
import { BREACH_STATISTICS_ID, type BreachCounts, NO_BREACHES, statisticsOf } from './statistics.js'

const breachExists = (workspace: string, id: string) => rowExists('stg_breach', 'breaches', workspace, id)

const CHECKS: readonly Check[] = [
  workspaceCheck('breach'),
  {
    query: sql`select s.line, s.breach_id as value, null as other from stg_compromised_employee s
      where not ${breachExists('s.workspace_id', 's.breach_id')}`,
    message: (v) => `compromised_employee.breach_id: breach ${v} does not exist in this workspace`,
  },
  employeeInWorkspaceCheck('compromised_employee'),
]

/**
 * Breach counts and status per workspace (CONTRACT 6), for the touched workspaces. Only rows whose
 * values move are written, and their JSON is cleared so that it is rendered again.
 */
async function deriveBreaches(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(sql`update breaches set
      impacted = c.impacted, warned = c.warned, acknowledged = c.acknowledged, status = c.status, json = null
    from (
      select workspace_id, breach_id, count(*) as impacted, count(warned_at) as warned,
        count(acknowledged_at) as acknowledged,
        case when count(acknowledged_at) < count(*) then 'active' else 'resolved' end as status
      from compromised_employees
      where workspace_id in ${touched}
      group by workspace_id, breach_id) c
    where breaches.workspace_id = c.workspace_id and breaches.id = c.breach_id
      and (breaches.impacted <> c.impacted or breaches.warned <> c.warned
        or breaches.acknowledged <> c.acknowledged or breaches.status <> c.status)`)
  await session.exec(sql`update breaches set impacted = 0, warned = 0, acknowledged = 0, status = 'resolved', json = null
    where workspace_id in ${touched}
      and (impacted <> 0 or warned <> 0 or acknowledged <> 0 or status <> 'resolved')
      and not exists (select 1 from compromised_employees c
        where c.workspace_id = breaches.workspace_id and c.breach_id = breaches.id)`)
}

const RENDER_BATCH = 1000

/** Renders the breaches whose JSON was cleared: merged ones, and those whose counts moved (all in touched workspaces). */
async function renderStaleBreaches(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  for (;;) {
    const rows = await session.rows<Breach & { workspace_id: string }>(sql`
      select workspace_id, id, name, domain, status, criticality, impacted, warned, acknowledged,
        last_breached_at, created_at, updated_at
      from breaches
      where workspace_id in ${touched} and json is null limit ${RENDER_BATCH}`)
    if (rows.length === 0) return
    await session.updateMany(
      'breaches',
      ['workspace_id', 'id'],
      ['json'],
      rows.map((r) => [r.workspace_id, r.id, breachJson(r)]),
    )
  }
}

/**
 * The breach statistics of each touched workspace without a window (CONTRACT 15): its breaches and
 * the distinct employees they compromised, warned and acknowledged.
 */
async function deriveStatistics(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(sql`delete from breach_statistics where workspace_id in ${touched}`)
  // Counted per workspace over the listed workspaces: a count per touched workspace in a subquery
  // would be planned for the average workspace (write-session.ts, workspaceList).
  await session.exec(sql`insert into breach_statistics
      (workspace_id, breaches_count, impacted_employees, warned_employees, acknowledged_employees)
    select t.workspace_id, coalesce(b.n, 0), coalesce(c.impacted, 0), coalesce(c.warned, 0),
      coalesce(c.acknowledged, 0)
    from stg_touched t
    left join (select workspace_id, count(*) as n from breaches
      where workspace_id in ${touched} group by workspace_id) b on b.workspace_id = t.workspace_id
    left join (select workspace_id, count(distinct employee_id) as impacted,
        count(distinct case when warned_at is not null then employee_id end) as warned,
        count(distinct case when acknowledged_at is not null then employee_id end) as acknowledged
      from compromised_employees
      where workspace_id in ${touched} group by workspace_id) c on c.workspace_id = t.workspace_id`)
}

/**
 * The breach statistics of the touched workspaces per period (CONTRACT 17), as a window on the
 * breaches' last_breached_at counts them (sql.ts): per month, ISO week and day, the breaches and the
 * distinct employees they compromised, warned and acknowledged.
 */
async function derivePeriods(session: WriteSession): Promise<PeriodAnswers> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  const periods = new PeriodCounts((): BreachCounts => ({ ...NO_BREACHES }))
  for (const unit of INTERVALS) {
    const start = sql.raw(periodStartSql(session.dialect, unit, 'b.last_breached_at'))
    const breaches = await session.rows<{ workspace_id: string; start: string; n: number }>(sql`
      select b.workspace_id, ${start} as start, count(*) as n from breaches b
      where b.workspace_id in ${touched} group by 1, 2`)
    for (const b of breaches) periods.at(b.workspace_id, unit, b.start).breaches = Number(b.n)
    const employees = await session.rows<{
      workspace_id: string
      start: string
      impacted: number
      warned: number
      acknowledged: number
    }>(sql`
      select c.workspace_id, ${start} as start, count(distinct c.employee_id) as impacted,
        count(distinct case when c.warned_at is not null then c.employee_id end) as warned,
        count(distinct case when c.acknowledged_at is not null then c.employee_id end) as acknowledged
      from compromised_employees c
      join breaches b on b.workspace_id = c.workspace_id and b.id = c.breach_id
      where c.workspace_id in ${touched} group by 1, 2`)
    for (const e of employees)
      Object.assign(periods.at(e.workspace_id, unit, e.start), {
        impacted: Number(e.impacted),
        warned: Number(e.warned),
        acknowledged: Number(e.acknowledged),
      })
  }
  return periods.answers((_, counts) => JSON.stringify(statisticsOf(counts)))
}

export const BREACH_IMPORT: ImportSteps = {
  checks: CHECKS,
  async derive(session) {
    await deriveBreaches(session)
    await renderStaleBreaches(session)
    await deriveStatistics(session)
  },
  periods: { statistic: BREACH_STATISTICS_ID, derive: derivePeriods },
}
