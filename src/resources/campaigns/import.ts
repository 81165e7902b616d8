// What an import does for campaigns and attacks beyond merging their records: checks an attack's
// campaign, cycle and employee, refuses moves between workspaces, and copies the cycles of the
// staged campaigns into campaign_cycles, which attacks show and filter on.

import { sql } from 'kysely'
import { encodeRows } from '../../db/bulk-rows.js'
import type { WriteSession } from '../../db/write-session.js'
import { kept, parentCheck, stayInWorkspaceCheck, workspaceCheck } from '../../records/checks.js'
import type { Check, ImportSteps } from '../../records/spec.js'
import { employeeOfParentCheck } from '../employees/import.js'
import { campaignWorkspace } from './records.js'
import { cycleRefJson } from './render.js'
import type { Campaign } from './schema.js'
import { ATTACK_EVENT_TYPES } from './values.js'

/** SQL: the comma-separated cycle ids the campaign `column` will have after the import. */
const cycleIdsAfterImport = (column: string) =>
  sql`coalesce(
    (select staged.cycle_ids from stg_campaign staged where staged.id = ${sql.raw(column)} limit 1),
    (select stored.cycle_ids from campaigns stored where stored.id = ${sql.raw(column)} and ${kept('stored')}))`

const CHECKS: readonly Check[] = [
  workspaceCheck('campaign'),
  stayInWorkspaceCheck('campaign', 'campaigns', 'a campaign'),
  parentCheck('attack', 'campaign_id', 'campaign', campaignWorkspace),
  employeeOfParentCheck('attack', campaignWorkspace('s.campaign_id'), 'campaign'),
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
    query: sql`select c.line, t.campaign_cycle_id as value, t.id as other
      from stg_campaign c join attacks t on t.campaign_id = c.id
      where t.campaign_cycle_id is not null and ${kept('t')}
        and (',' || c.cycle_ids || ',') not like ('%,' || t.campaign_cycle_id || ',%')
        and not exists (select 1 from stg_attack s where s.id = t.id)`,
    message: (v, a) => `campaign.cycles: cycle ${v} is missing, and attack ${a} belongs to it`,
  },
  stayInWorkspaceCheck('attack', 'attacks', 'an attack'),
]

const CYCLE_BATCH = 500

/**
 * campaign_cycles from the campaigns: the cycles of every staged campaign are written again, and
 * those of campaigns that are gone (--replace) are deleted.
 */
async function copyCycles(session: WriteSession): Promise<void> {
  await session.exec(sql`delete from campaign_cycles where campaign_id in (select id from stg_campaign)`)
  await session.exec(sql`delete from campaign_cycles
    where workspace_id in (select workspace_id from stg_touched)
      and not exists (select 1 from campaigns c where c.id = campaign_cycles.campaign_id)`)
  let after = ''
  for (;;) {
    const rows = await session.rows<{ id: string; workspace_id: string; json: string }>(sql`
      select c.id, c.workspace_id, c.json from campaigns c
      where c.id in (select id from stg_campaign) and c.id > ${after}
      order by c.id limit ${CYCLE_BATCH}`)
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

/** Per employee: attacked (a sent attack), tricked and reported (on a sent attack), and each event type. */
const FLAGS = ['attacked', 'tricked', 'reported', ...ATTACK_EVENT_TYPES] as const

/**
 * The simulation statistics of the touched workspaces (CONTRACT 15), per workspace, campaign and
 * cycle: the flags of each employee per cycle first, then those of each employee per campaign and
 * per workspace from them, each level counted with the employee's status.
 */
async function deriveStatistics(session: WriteSession): Promise<void> {
  const perEmployee = [
    'max(case when a.sent_at is not null then 1 else 0 end) as attacked',
    'max(case when a.sent_at is not null and a.tricked_at is not null then 1 else 0 end) as tricked',
    'max(case when a.sent_at is not null and a.reported_at is not null then 1 else 0 end) as reported',
    ...ATTACK_EVENT_TYPES.map(
      (type, bit) => `max(case when (a.event_mask & ${2 ** bit}) <> 0 then 1 else 0 end) as ${type}`,
    ),
  ].join(', ')
  const sums = [
    'sum(x.attacked)',
    "sum(case when x.attacked = 1 and e.status = 'active' then 1 else 0 end)",
    ...FLAGS.slice(1).map((flag) => `sum(x.${flag})`),
  ].join(', ')
  const maxima = FLAGS.map((flag) => `max(${flag}) as ${flag}`).join(', ')
  const level = (from: string) =>
    sql.raw(`insert into simulation_statistics
        (workspace_id, campaign_id, campaign_cycle_id, attacked, active, ${FLAGS.slice(1).join(', ')})
      select x.workspace_id, x.campaign_id, x.campaign_cycle_id, ${sums}
      from ${from} x join employees e on e.id = x.employee_id
      group by x.workspace_id, x.campaign_id, x.campaign_cycle_id`)
  await session.exec(sql`delete from simulation_statistics
    where workspace_id in (select workspace_id from stg_touched)`)
  await session.exec(
    sql.raw(`create temporary table stg_attacked as
      select a.workspace_id, a.campaign_id, coalesce(a.campaign_cycle_id, '') as campaign_cycle_id, a.employee_id,
        ${perEmployee}
      from attacks a where a.workspace_id in (select workspace_id from stg_touched)
      group by a.workspace_id, a.campaign_id, coalesce(a.campaign_cycle_id, ''), a.employee_id`),
  )
  await session.exec(level("(select * from stg_attacked where campaign_cycle_id <> '')"))
  await session.exec(
    level(`(select workspace_id, campaign_id, '' as campaign_cycle_id, employee_id, ${maxima}
      from stg_attacked group by workspace_id, campaign_id, employee_id)`),
  )
  await session.exec(
    level(`(select workspace_id, '' as campaign_id, '' as campaign_cycle_id, employee_id, ${maxima}
      from stg_attacked group by workspace_id, employee_id)`),
  )
  await session.exec(sql`drop table stg_attacked`)
}

export const CAMPAIGN_IMPORT: ImportSteps = {
  checks: CHECKS,
  async derive(session) {
    await copyCycles(session)
    await deriveStatistics(session)
  },
  analyze: ['campaign_cycles'],
}
