// What an import does for groups beyond merging their records: checks the references of groups and
// members, puts changed employee references into the stored members, derives each group's
// employees_count in the touched workspaces, and renders the groups whose values moved.

import { sql } from 'kysely'
import { encodeRows } from '../../db/bulk-rows.js'
import { type WriteSession, workspaceList } from '../../db/write-session.js'
import { meanHalfUp } from '../../domain/rates.js'
import { parentCheck, stayInWorkspaceCheck, workspaceCheck } from '../../records/checks.js'
import type { ChangedRecords, Check, HistoryMoment, ImportSteps } from '../../records/spec.js'
import { DRILL_DOWN_IMPORT } from '../drill-down.js'
import { employeeOfParentCheck, stageEmployeeReferences } from '../employees/import.js'
import { groupWorkspace } from './records.js'
import { groupJson, memberJson } from './render.js'
import type { Group } from './schema.js'

const CHECKS: readonly Check[] = [
  workspaceCheck('group'),
  stayInWorkspaceCheck('group', 'groups', 'a group'),
  parentCheck('group_member', 'group_id', 'group', groupWorkspace),
  employeeOfParentCheck('group_member', 'group'),
]

/**
 * Stored members whose employee's reference changed: rendered again. Runs after the merge; the
 * members merged rendered theirs then. Into a table that was empty every member was merged.
 */
async function renderStaleMembers(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('group_member') === 'all' || changed.state('employee') === 'none') return
  const json = memberJson(
    '(select e.ref_json from employees e where e.id = group_members.employee_id)',
    'group_members.added_at',
  )
  await session.exec(
    sql.raw(`update group_members set json = ${json}
      where (workspace_id, employee_id) in (select workspace_id, id from stg_employee where ${changed.whereStored('employee')})
        and json <> ${json}`),
  )
}

/**
 * Each group's employees_count, for the touched workspaces. Only rows whose count moves are
 * written, and their JSON is cleared so that it is rendered again.
 */
async function deriveCounts(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  await session.exec(sql`update groups set employees_count = c.n, json = null
    from (
      select group_id, count(*) as n from group_members
      where workspace_id in ${touched}
      group by group_id) c
    where groups.id = c.group_id and groups.employees_count <> c.n`)
  await session.exec(sql`update groups set employees_count = 0, json = null
    where workspace_id in ${touched} and employees_count <> 0
      and not exists (select 1 from group_members m where m.group_id = groups.id)`)
}

const RENDER_BATCH = 1000

/** Renders the groups whose JSON was cleared: merged ones, and those whose count moved (all in touched workspaces). */
async function renderStaleGroups(session: WriteSession): Promise<void> {
  const touched = sql.raw(await workspaceList(session, 'stg_touched'))
  for (;;) {
    const rows = await session.rows<Group>(sql`
      select id, name, description, employees_count, created_at, updated_at
      from groups
      where workspace_id in ${touched} and json is null limit ${RENDER_BATCH}`)
    if (rows.length === 0) return
    await session.updateMany(
      'groups',
      ['id'],
      ['json'],
      rows.map((r) => [r.id, groupJson({ ...r, employees_count: Number(r.employees_count) })]),
    )
  }
}

/**
 * Each group's employees_count and average_karma_score (its active members with a karma, half up),
 * with the members that mean averages (CONTRACT 19: an aggregate key's figure), where they differ from its latest kept before the moment; an import at the same `as_of` as a kept
 * row takes its place. Groups the import deleted take theirs with them.
 */
async function groupHistory(session: WriteSession, moment: HistoryMoment): Promise<void> {
  const workspaces = sql.raw(moment.workspaces)
  if (moment.deleted('group'))
    await session.exec(sql`delete from group_history where workspace_id in ${workspaces}
      and not exists (select 1 from groups g where g.id = group_history.group_id)`)
  await session.exec(
    sql`delete from group_history where workspace_id in ${workspaces} and as_of = ${moment.asOf}`,
  )
  const now = await session.rows<{
    workspace_id: string
    id: string
    employees_count: number
    karma_sum: number | string
    karma_count: number | string
  }>(sql`select g.workspace_id, g.id, g.employees_count,
      coalesce(sum(e.karma_score), 0) as karma_sum, count(e.karma_score) as karma_count
    from groups g
    left join group_members m on m.group_id = g.id
    left join employees e on e.id = m.employee_id and e.status = 'active'
    where g.workspace_id in ${workspaces}
    group by g.workspace_id, g.id, g.employees_count`)
  const kept = await session.rows<{
    group_id: string
    employees_count: number
    average_karma_score: number | null
    karma_count: number | string | null
  }>(
    sql`select h.group_id, h.employees_count, h.average_karma_score, h.karma_count from group_history h
      where h.workspace_id in ${workspaces} and h.as_of = (select max(l.as_of) from group_history l
        where l.workspace_id = h.workspace_id and l.group_id = h.group_id)`,
  )
  const latest = new Map(kept.map((k) => [k.group_id, k]))
  const changed = now.flatMap((g) => {
    const karmaCount = Number(g.karma_count)
    const average = meanHalfUp(Number(g.karma_sum), karmaCount)
    const count = Number(g.employees_count)
    const last = latest.get(g.id)
    if (
      last !== undefined &&
      Number(last.employees_count) === count &&
      last.average_karma_score === average &&
      last.karma_count !== null &&
      Number(last.karma_count) === karmaCount
    )
      return []
    return [[g.workspace_id, g.id, moment.asOf, count, average, karmaCount]]
  })
  await session.insertMany(
    'group_history',
    ['workspace_id', 'group_id', 'as_of', 'employees_count', 'average_karma_score', 'karma_count'],
    encodeRows(session.dialect, changed),
  )
}

export const GROUP_IMPORT: ImportSteps = {
  checks: CHECKS,
  async beforeMerge(session, changed) {
    if (changed.state('group_member') !== 'none') await stageEmployeeReferences(session, changed)
  },
  afterMerge: renderStaleMembers,
  async derive(session) {
    await deriveCounts(session)
    await renderStaleGroups(session)
    // The drill-down filters' kept rows read the employees and the members both merged by now.
    await DRILL_DOWN_IMPORT.derive?.(session)
  },
  missing: DRILL_DOWN_IMPORT.missing,
  analyze: DRILL_DOWN_IMPORT.analyze,
  history: { tables: [{ table: 'group_history', follows: 'group_id' }], record: groupHistory },
}
