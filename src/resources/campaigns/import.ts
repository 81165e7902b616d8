// What an import does for campaigns and attacks beyond merging their records: checks an attack's
// campaign, cycle and employee, refuses moves between workspaces, copies the cycles of the staged
// campaigns into campaign_cycles (what attacks show and filter on) before the merge renders the
// attacks, puts changed references into the stored attacks, and derives the statistics.

import { sql } from 'kysely'
import { encodeRows } from '../../db/bulk-rows.js'
import { periodStartSql } from '../../db/dialect.js'
import { analyzeTemporary, type WriteSession, workspaceList } from '../../db/write-session.js'
import { INTERVALS } from '../../domain/time.js'
import { PeriodCounts } from '../../history/kept-periods.js'
import {
  kept,
  parentCheck,
  stayInOrganizationCheck,
  stayInWorkspaceCheck,
  workspaceCheck,
} from '../../records/checks.js'
import type { ChangedRecords, Check, ImportSteps, PeriodAnswers } from '../../records/spec.js'
import { employeeOfParentCheck, stageEmployeeReferences } from '../employees/import.js'
import { campaignWorkspace } from './records.js'
import { CYCLE_SLOT, cycleReference, cycleRefJson, EMPLOYEE_SLOT } from './render.js'
import type { Campaign } from './schema.js'
import { CAMPAIGN_STATISTICS_ID, COUNTS, countsOf, employeeFlags, statisticsOf } from './statistics.js'

/** SQL: the comma-separated cycle ids the campaign `column` will have after the import. */
const cycleIdsAfterImport = (column: string) =>
  sql`coalesce(
    (select staged.cycle_ids from stg_campaign staged where staged.id = ${sql.raw(column)} limit 1),
    (select stored.cycle_ids from campaigns stored where stored.id = ${sql.raw(column)} and ${kept('stored')}))`

const CHECKS: readonly Check[] = [
  workspaceCheck('campaign'),
  stayInWorkspaceCheck('campaign', 'campaigns', 'a campaign'),
  parentCheck('attack', 'campaign_id', 'campaign', campaignWorkspace),
  employeeOfParentCheck('attack', 'campaign'),
  {
    // Ids are UUIDs: no LIKE wildcard can occur in them, so the match is exact.
    query: sql`select line, campaign_cycle_id as value, campaign_id as other from (
        select s.line, s.campaign_cycle_id, s.campaign_id, ${cycleIdsAfterImport('s.campaign_id')} as cycle_ids
        from stg_attack s where s.campaign_cycle_id is not null) a
      where cycle_ids is not null
        and (',' || cycle_ids || ',') not like ('%,' || campaign_cycle_id || ',%')`,
    message: (v, c) => `attack.campaign_cycle_id: ${v} is not a cycle of campaign ${c}`,
  },
  {
    // A cycle dropped from a campaign while a stored attack that the file does not restate uses it.
    // Only a stored campaign whose cycles the file changes can drop one: its attacks alone are read.
    query: sql`select c.line, t.campaign_cycle_id as value, t.id as other
      from stg_campaign c
      join campaigns stored on stored.id = c.id and stored.cycle_ids <> c.cycle_ids
      join attacks t on t.workspace_id = c.workspace_id and t.campaign_id = c.id
      where t.campaign_cycle_id is not null and ${kept('t')}
        and (',' || c.cycle_ids || ',') not like ('%,' || t.campaign_cycle_id || ',%')
        and not exists (select 1 from stg_attack s where s.id = t.id)`,
    message: (v, a) => `campaign.cycles: cycle ${v} is missing, and attack ${a} belongs to it`,
  },
  stayInOrganizationCheck('attack', 'attacks', 'an attack'),
]

const CYCLE_BATCH = 500

/**
 * The changed staged campaigns that were stored before: only their stored attacks can hold an old
 * cycle. A new campaign's attacks are all in the file (an attack needs its campaign), merged and
 * rendered with it; reading attacks by a new campaign's key would find none, and PostgreSQL, which
 * prices a campaign by the average one of every organization, would read every attack to find none.
 */
async function collectRestatedCampaigns(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('campaign') !== 'some') return
  await session.exec(
    sql.raw(`insert into stg_campaign_restated (id)
      select id from stg_campaign
      where ${changed.where('campaign')} and exists (select 1 from campaigns c where c.id = stg_campaign.id)`),
  )
  await analyzeTemporary(session, 'stg_campaign_restated')
}

/** SQL: the workspace and id of each restated campaign (collectRestatedCampaigns). */
export const RESTATED_CAMPAIGNS = `select s.workspace_id, s.id from stg_campaign s
  where s.id in (select id from stg_campaign_restated)`

/**
 * campaign_cycles from the changed staged campaigns, before the merge renders their attacks: their
 * cycles are written again. Those of campaigns a --replace deletes go after it (dropRemovedCycles).
 */
async function writeCycles(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('campaign') === 'none') return
  const where = changed.where('campaign')
  await session.exec(
    sql.raw(`delete from campaign_cycles where campaign_id in (select id from stg_campaign where ${where})`),
  )
  let after = ''
  for (;;) {
    const rows = await session.rows<{ id: string; workspace_id: string; json: string }>(sql`
      select id, workspace_id, json from stg_campaign
      where ${sql.raw(where)} and id > ${after}
      order by id limit ${CYCLE_BATCH}`)
    if (rows.length === 0) return
    const values = rows.flatMap((row) =>
      (JSON.parse(row.json) as Campaign).cycles.map((cycle) => [
        row.id,
        cycle.id,
        row.workspace_id,
        cycleRefJson(cycle),
      ]),
    )
    if (values.length > 0)
      await session.insertMany(
        'campaign_cycles',
        ['campaign_id', 'id', 'workspace_id', 'ref_json'],
        encodeRows(session.dialect, values),
      )
    after = (rows[rows.length - 1] as { id: string }).id
  }
}

/** --replace: the cycles of campaigns it deleted. */
async function dropRemovedCycles(session: WriteSession): Promise<void> {
  await session.exec(sql`delete from campaign_cycles
    where workspace_id in (select workspace_id from stg_touched)
      and not exists (select 1 from campaigns c where c.id = campaign_cycles.campaign_id)`)
}

/**
 * Stored attacks whose employee's reference or cycle's name changed hold the old one: the new one
 * is put in its slot. Runs after the merge; the attacks merged rendered theirs then. Into a table
 * that was empty every attack was merged.
 */
async function renderStaleAttacks(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('attack') === 'all') return
  const { dialect } = session
  if (changed.state('employee') !== 'none') {
    const reference = '(select e.ref_json from employees e where e.id = attacks.employee_id)'
    await session.exec(
      sql.raw(`update attacks set json = ${EMPLOYEE_SLOT.withValue(dialect, 'json', reference)}
        where (workspace_id, employee_id) in (select workspace_id, id from stg_employee where ${changed.whereStored('employee')})
          and ${EMPLOYEE_SLOT.text(dialect, 'json')} <> ${reference}`),
    )
  }
  const restated = await session.rows(sql`select 1 as one from stg_campaign_restated limit 1`)
  if (restated.length > 0) {
    const reference = cycleReference('attacks')
    await session.exec(
      sql.raw(`update attacks set json = ${CYCLE_SLOT.withValue(dialect, 'json', reference)}
        where (workspace_id, campaign_id) in (${RESTATED_CAMPAIGNS})
          and campaign_cycle_id is not null and ${CYCLE_SLOT.text(dialect, 'json')} <> ${reference}`),
    )
  }
}

/**
 * The simulation statistics of the touched workspaces (CONTRACT 15), per workspace, campaign and
 * cycle: each employee's flags per cycle and day first (their attacks' event masks, whether one was
 * sent, tricked, reported, and their status), kept for the periods (derivePeriods); then per cycle,
 * folded per campaign and per workspace; each level is read as a histogram of flags, a few hundred
 * rows, and counted here.
 */
async function deriveStatistics(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(sql`delete from simulation_statistics where workspace_id in ${touched}`)
  // The active employees are probed in stg_active_employee (employees' derive), a small table, where
  // probing the employees themselves reads a page of wide rows per attack. The attacks, wide rows,
  // are read once here for both the statistics and their periods.
  await session.exec(sql`drop table if exists stg_attack_flags`)
  await session.exec(sql`create temporary table stg_attack_flags as
    select a.workspace_id, a.campaign_id, coalesce(a.campaign_cycle_id, '') as campaign_cycle_id, a.employee_id,
      ${sql.raw(periodStartSql(session.dialect, 'day', 'a.created_at'))} as day_start,
      ${employeeFlags(sql`active.id is not null`)} as flags
    from attacks a left join stg_active_employee active on active.id = a.employee_id
    where a.workspace_id in ${touched}
    group by 1, 2, 3, 4, 5`)
  await session.exec(sql`create temporary table stg_attacked as
    select workspace_id, campaign_id, campaign_cycle_id, employee_id, bit_or(flags) as flags from stg_attack_flags
    group by workspace_id, campaign_id, campaign_cycle_id, employee_id`)
  type Bucket = {
    workspace_id: string
    campaign_id: string
    campaign_cycle_id: string
    flags: number
    n: number
  }
  const levels = [
    sql<Bucket>`select workspace_id, campaign_id, campaign_cycle_id, flags, count(*) as n from stg_attacked
      where campaign_cycle_id <> '' group by workspace_id, campaign_id, campaign_cycle_id, flags`,
    sql<Bucket>`select workspace_id, campaign_id, '' as campaign_cycle_id, flags, count(*) as n from (
        select workspace_id, campaign_id, employee_id, bit_or(flags) as flags from stg_attacked
        group by workspace_id, campaign_id, employee_id) x
      group by workspace_id, campaign_id, flags`,
    sql<Bucket>`select workspace_id, '' as campaign_id, '' as campaign_cycle_id, flags, count(*) as n from (
        select workspace_id, employee_id, bit_or(flags) as flags from stg_attacked
        group by workspace_id, employee_id) x
      group by workspace_id, flags`,
  ]
  const histograms = new Map<string, [number, number][]>()
  for (const level of levels) {
    for (const b of await session.rows(level)) {
      const key = JSON.stringify([b.workspace_id, b.campaign_id, b.campaign_cycle_id])
      const histogram = histograms.get(key) ?? []
      histogram.push([Number(b.flags), Number(b.n)])
      histograms.set(key, histogram)
    }
  }
  await session.exec(sql`drop table stg_attacked`)
  if (histograms.size === 0) return
  const rows = [...histograms].map(([key, histogram]) => {
    const counts = countsOf(histogram)
    return [...(JSON.parse(key) as string[]), ...COUNTS.map((name) => counts[name])]
  })
  await session.insertMany(
    'simulation_statistics',
    ['workspace_id', 'campaign_id', 'campaign_cycle_id', ...COUNTS],
    encodeRows(session.dialect, rows),
  )
}

/**
 * The simulation statistics of the touched workspaces per period (CONTRACT 17), as a window on the
 * attacks' created_at counts them (sql.ts): from each employee's flags per cycle and day
 * (deriveStatistics), per period; each period read as a histogram of flags.
 */
async function derivePeriods(session: WriteSession): Promise<PeriodAnswers> {
  const histograms = new PeriodCounts<[number, number][]>(() => [])
  for (const unit of INTERVALS) {
    const start = sql.raw(periodStartSql(session.dialect, unit, 'd.day_start'))
    const buckets = await session.rows<{ workspace_id: string; start: string; flags: number; n: number }>(sql`
      select workspace_id, start, flags, count(*) as n from (
        select d.workspace_id, ${start} as start, d.employee_id, bit_or(d.flags) as flags from stg_attack_flags d
        group by 1, 2, 3) x
      group by workspace_id, start, flags`)
    for (const b of buckets) histograms.at(b.workspace_id, unit, b.start).push([Number(b.flags), Number(b.n)])
  }
  await session.exec(sql`drop table stg_attack_flags`)
  return histograms.answers((_, histogram) => JSON.stringify(statisticsOf(countsOf(histogram))))
}

export const CAMPAIGN_IMPORT: ImportSteps = {
  checks: CHECKS,
  // The changed campaigns stored before the import (collectRestatedCampaigns).
  helpers: { stg_campaign_restated: ['id'] },
  async beforeMerge(session, changed) {
    await collectRestatedCampaigns(session, changed)
    await writeCycles(session, changed)
    if (changed.state('attack') !== 'none') await stageEmployeeReferences(session, changed)
  },
  afterMerge: renderStaleAttacks,
  async derive(session) {
    await dropRemovedCycles(session)
    await deriveStatistics(session)
  },
  periods: { statistic: CAMPAIGN_STATISTICS_ID, derive: derivePeriods },
  analyze: ['campaign_cycles'],
}
