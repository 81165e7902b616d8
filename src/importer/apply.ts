// Writes a checked file into the tables: marks which staged records differ from what is stored,
// merges those (upsert by key), deletes what --replace drops, and recomputes the derived values
// (CONTRACT 6) of every workspace that changed.

import { sql } from 'kysely'
import { encodeRows } from '../db/bulk-rows.js'
import type { WriteSession } from '../db/write-session.js'
import { slotText, withSlot } from '../render/employee-slot.js'
import { insertProgressItems } from '../render/progress-items.js'
import { keysEqual, mergedColumns, type RecordType, STAGING } from './staging.js'

export interface Changes {
  /** Records inserted or updated, per type. */
  written: Record<RecordType, number>
  /** Rows deleted by --replace, per type. */
  deleted: Record<RecordType, number>
}

const TYPES = Object.keys(STAGING) as RecordType[]
const zero = () => Object.fromEntries(TYPES.map((t) => [t, 0])) as Record<RecordType, number>

/**
 * Which staged records differ from what is stored: a predicate over the staging table (rows equal
 * to the stored row are neither written nor counted as changes). Into an empty table (a first
 * import) every record is new, and no row-by-row probe is needed.
 */
export type ChangedFilters = Record<RecordType, string>

/** The filter of a type whose table was empty when the import began: every staged record is new. */
export const EVERY_RECORD = 'true'

/**
 * The filter of a type none of whose staged records differs from what is stored: a constant, which
 * both databases test once before reading any row (a join on it would otherwise still be walked).
 */
export const NO_RECORD = 'false'

/** The temporary table listing the lines of a type's staged records that differ from what is stored. */
export const changedTable = (type: RecordType) => `${STAGING[type].staging}_changed`

/**
 * Compares every staged record with what is stored, once: the lines of those that differ are kept
 * in their type's changed table, and the filters returned select them from it. Touched workspaces,
 * stale progress items, the merge and the managers' reports all ask; comparing each time cost a
 * re-import of an unchanged 100k file three passes over every record and the stored rows.
 */
export async function changedFilters(session: WriteSession): Promise<ChangedFilters> {
  const filters = {} as ChangedFilters
  for (const type of TYPES) {
    const spec = STAGING[type]
    const empty = (await session.rows(sql.raw(`select 1 as one from ${spec.target} limit 1`))).length === 0
    if (empty) {
      filters[type] = EVERY_RECORD
      continue
    }
    const same = [
      keysEqual(spec, 't', spec.staging),
      ...mergedColumns(spec)
        .filter((c) => !spec.key.includes(c))
        .map((c) => `t.${c} is not distinct from ${spec.staging}.${c}`),
      ...(spec.sameStored === undefined ? [] : [`(${spec.sameStored})`]),
    ].join(' and ')
    const changed = await session.exec(
      sql.raw(`insert into ${changedTable(type)} (line)
        select line from ${spec.staging} where not exists (select 1 from ${spec.target} t where ${same})`),
    )
    if (changed === 0) {
      filters[type] = NO_RECORD
      continue
    }
    // PostgreSQL never analyzes temporary tables by itself; the planner then guesses their size.
    if (session.dialect === 'postgres') await session.exec(sql.raw(`analyze ${changedTable(type)}`))
    filters[type] = `${spec.staging}.line in (select line from ${changedTable(type)})`
  }
  return filters
}

/**
 * How many of the records that differ from what is stored are new (the others change a stored
 * row), per type. Runs before the merge.
 */
export async function countNew(
  session: WriteSession,
  changed: ChangedFilters,
): Promise<Record<RecordType, number>> {
  const created = zero()
  for (const type of TYPES) {
    if (changed[type] === NO_RECORD) continue
    const spec = STAGING[type]
    const absent =
      changed[type] === EVERY_RECORD
        ? ''
        : `and not exists (select 1 from ${spec.target} t where ${keysEqual(spec, 't', spec.staging)})`
    const [row] = await session.rows<{ n: number }>(
      sql.raw(`select count(*) as n from ${spec.staging} where ${changed[type]} ${absent}`),
    )
    created[type] = Number(row?.n ?? 0)
  }
  return created
}

export async function merge(
  session: WriteSession,
  changed: ChangedFilters,
): Promise<Record<RecordType, number>> {
  const written = zero()
  for (const type of TYPES) {
    const spec = STAGING[type]
    const columns = mergedColumns(spec)
    const computed = Object.entries(spec.computed ?? {})
    const updates = [
      ...[...columns, ...computed.map(([c]) => c)]
        .filter((c) => !spec.key.includes(c))
        .map((c) => `${c} = excluded.${c}`),
      ...spec.rendered.map((c) => `${c} = null`),
    ]
    // Into a table that was empty no key can collide (the checks refused duplicates within the file,
    // and the write session keeps other imports out until commit): a plain insert, which PostgreSQL
    // runs in half the time of an upsert (its speculative insertion), measured on a first import.
    const upsert =
      changed[type] === EVERY_RECORD
        ? ''
        : `on conflict (${spec.key.join(', ')}) do update set ${updates.join(', ')}`
    written[type] = await session.exec(
      sql.raw(`insert into ${spec.target} (${[...columns, ...computed.map(([c]) => c)].join(', ')})
        select ${[...columns, ...computed.map(([, expression]) => expression)].join(', ')}
        from ${spec.staging} where ${changed[type]} order by ${spec.writeOrder ?? spec.key.join(', ')}
        ${upsert}`),
    )
  }
  return written
}

/**
 * Employees whose manager's reference changed hold the old one in their stored JSON: the new one is
 * put in its slot. Runs after the merge; the employees merged render theirs then, and the others
 * are found among the reports of changed managers by their slot differing from the reference.
 * After a first import (the table was empty) every slot was rendered by the merge.
 */
export async function renderStaleReports(session: WriteSession, changed: ChangedFilters): Promise<void> {
  if (changed.employee === EVERY_RECORD) return
  // Only a changed manager can have a new reference: an unchanged one's is in its reports already.
  const reference = '(select m.ref_json from employees m where m.id = employees.manager_id)'
  await session.exec(
    sql.raw(`update employees set json = ${withSlot(session.dialect, 'json', reference)}
      where manager_id in (select id from stg_employee where ${changed.employee})
        and ${slotText(session.dialect, 'json')} <> ${reference}`),
  )
}

/**
 * Employees whose progress item (render/progress-items.ts) moves: changed employees, employees with
 * a changed entry, and those with an entry on a changed course. Runs before the merge, while changes
 * can be told apart; deleteReplaced adds what it deletes.
 */
export async function collectStaleProgress(session: WriteSession, changed: ChangedFilters): Promise<void> {
  // Into an empty table every item is written anyway (renderStaleProgress).
  if (await progressItemsEmpty(session)) return
  await session.exec(
    sql.raw(`insert into stg_progress_stale (employee_id)
      select id from stg_employee where ${changed.employee}
      union select employee_id from stg_course_progress where ${changed.course_progress}
      union select p.employee_id from course_progress p
        join stg_course on stg_course.workspace_id = p.workspace_id and stg_course.id = p.course_id
        where ${changed.course}`),
  )
}

async function progressItemsEmpty(session: WriteSession): Promise<boolean> {
  return (await session.rows(sql`select 1 as one from employee_progress limit 1`)).length === 0
}

/** Writes the progress items of the employees collected as stale, after the merge and deletes. */
export async function renderStaleProgress(session: WriteSession): Promise<void> {
  // Every employee has an item, so an empty table means a first import: all are written, in
  // list order straight from the employees' index.
  if (await progressItemsEmpty(session)) {
    await session.exec(sql.raw(insertProgressItems(session.dialect, null)))
    return
  }
  const stale = 'select employee_id from stg_progress_stale'
  await session.exec(sql.raw(`delete from employee_progress where employee_id in (${stale})`))
  await session.exec(sql.raw(insertProgressItems(session.dialect, stale)))
}

/** --replace: deletes what the replaced workspaces hold and the file does not. */
export async function deleteReplaced(session: WriteSession): Promise<Record<RecordType, number>> {
  const deleted = zero()
  const replaced = 'workspace_id in (select workspace_id from stg_replaced)'
  const absent = (type: RecordType, alias: string) => {
    const spec = STAGING[type]
    return `not exists (select 1 from ${spec.staging} s where ${keysEqual(spec, 's', alias)})`
  }
  const staleProgress = (select: string) =>
    session.exec(sql.raw(`insert into stg_progress_stale (employee_id) ${select} on conflict do nothing`))
  await staleProgress(`select id from employees where ${replaced} and ${absent('employee', 'employees')}`)
  await staleProgress(`select employee_id from course_progress
    where employee_id in (select id from employees where ${replaced}) and ${absent('course_progress', 'course_progress')}`)
  // Entries are found through their employees (a key prefix); they go before the employees do.
  deleted.course_progress = await session.exec(
    sql.raw(`delete from course_progress where employee_id in (select id from employees where ${replaced})
      and ${absent('course_progress', 'course_progress')}`),
  )
  for (const type of ['compromised_employee', 'course_feedback', 'breach', 'course', 'employee'] as const) {
    const target = STAGING[type].target
    deleted[type] = await session.exec(
      sql.raw(`delete from ${target} where ${replaced} and ${absent(type, target)}`),
    )
  }
  await session.exec(sql.raw(`delete from workspace_statistics where ${replaced}`))
  return deleted
}

/**
 * Workspaces whose derived values may move: those of changed records, and every replaced one.
 * Runs before the merge, while "changed" can still be told by comparing with what is stored.
 */
export async function collectTouched(session: WriteSession, changed: ChangedFilters): Promise<void> {
  const sources = TYPES.filter((t) => t !== 'organization').map((t) => {
    const spec = STAGING[t]
    const column = spec.workspaceColumn ?? 'workspace_id'
    return `select ${column} as workspace_id from ${spec.staging} where ${changed[t]}`
  })
  await session.exec(
    sql.raw(`insert into stg_touched (workspace_id)
      select distinct workspace_id from (${[...sources, 'select workspace_id from stg_replaced'].join(' union all ')}) t
      where workspace_id is not null`),
  )
}

/**
 * Breach counts and status per workspace (CONTRACT 6), for the touched workspaces. Only rows whose
 * values move are written, and their JSON is cleared so that it is rendered again.
 */
export async function deriveBreaches(session: WriteSession): Promise<void> {
  await session.exec(sql`update breaches set
      impacted = c.impacted, warned = c.warned, acknowledged = c.acknowledged, status = c.status, json = null
    from (
      select workspace_id, breach_id, count(*) as impacted, count(warned_at) as warned,
        count(acknowledged_at) as acknowledged,
        case when count(acknowledged_at) < count(*) then 'active' else 'resolved' end as status
      from compromised_employees
      where workspace_id in (select workspace_id from stg_touched)
      group by workspace_id, breach_id) c
    where breaches.workspace_id = c.workspace_id and breaches.id = c.breach_id
      and (breaches.impacted <> c.impacted or breaches.warned <> c.warned
        or breaches.acknowledged <> c.acknowledged or breaches.status <> c.status)`)
  await session.exec(sql`update breaches set impacted = 0, warned = 0, acknowledged = 0, status = 'resolved', json = null
    where workspace_id in (select workspace_id from stg_touched)
      and (impacted <> 0 or warned <> 0 or acknowledged <> 0 or status <> 'resolved')
      and not exists (select 1 from compromised_employees c
        where c.workspace_id = breaches.workspace_id and c.breach_id = breaches.id)`)
}

/**
 * Statistics that depend only on imported rows (CONTRACT 6): active employees, covered ones, and the
 * mean number of completed entries per active employee, rounded half up. The feedback counts depend
 * on the time of the request and are counted then.
 */
export async function deriveStatistics(session: WriteSession): Promise<void> {
  const active = await session.rows<{ workspace_id: string; active: number }>(sql`
    select t.workspace_id, count(e.id) as active
    from stg_touched t left join employees e on e.workspace_id = t.workspace_id and e.status = 'active'
    group by t.workspace_id`)
  const progress = await session.rows<{ workspace_id: string; covered: number; completed: number }>(sql`
    select e.workspace_id, count(distinct e.id) as covered,
      sum(case when p.status = 'completed' then 1 else 0 end) as completed
    from employees e join course_progress p on p.employee_id = e.id
    where e.status = 'active' and e.workspace_id in (select workspace_id from stg_touched)
    group by e.workspace_id`)
  const byWorkspace = new Map(progress.map((p) => [p.workspace_id, p]))
  await session.exec(
    sql`delete from workspace_statistics where workspace_id in (select workspace_id from stg_touched)`,
  )
  const values = active.map((r) => {
    const count = Number(r.active)
    const covered = Number(byWorkspace.get(r.workspace_id)?.covered ?? 0)
    const completed = Number(byWorkspace.get(r.workspace_id)?.completed ?? 0)
    // Half up in integers: floor(completed / active + 1/2).
    const average = count === 0 ? 0 : Math.floor((2 * completed + count) / (2 * count))
    return [r.workspace_id, count, covered, average]
  })
  await session.insertMany(
    'workspace_statistics',
    ['workspace_id', 'active_employees', 'covered_employees', 'average_courses_completed'],
    encodeRows(session.dialect, values),
  )
}

/**
 * Advances the data generations when the import changed anything: the database's (a metric), and
 * that of every organization whose data changed (its ETags derive from it): organizations of the
 * touched workspaces and changed organization records. Runs after the merge, when new workspaces
 * are stored.
 */
export async function bumpGenerations(session: WriteSession, changed: ChangedFilters): Promise<void> {
  await session.exec(sql`insert into service_state (name, value) values ('data_generation', '1')
    on conflict (name) do update set value = cast(cast(service_state.value as integer) + 1 as text)`)
  // `where true`: SQLite needs it to read an upsert whose rows come from a select.
  await session.exec(
    sql.raw(`insert into organization_generations (organization_id, generation)
      select organization_id, 1 from (
        select organization_id from workspaces where id in (select workspace_id from stg_touched)
        union select id as organization_id from stg_organization where ${changed.organization}) t
      where true
      on conflict (organization_id) do update set generation = organization_generations.generation + 1`),
  )
}

export { zero as zeroCounts }
