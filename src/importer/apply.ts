// Writes a checked file into the tables: marks which staged records differ from what is stored,
// merges those (upsert by key), deletes what --replace drops, and advances the data generations.
// What a resource derives or renders besides is its own (src/resources/*/import.ts); import.ts runs
// those steps in between.

import { sql } from 'kysely'
import { readWhole } from '../db/dialect.js'
import { withIndexesBuiltAfter } from '../db/indexes-after.js'
import { analyzeTemporary, type WriteSession, workspaceList } from '../db/write-session.js'
import type { ChangedRecords, ChangeState } from '../records/spec.js'
import { mergedColumns, type RecordType, SPECS, storedKeysEqual, TYPES } from './staging.js'

const zero = () => Object.fromEntries(TYPES.map((t) => [t, 0])) as Record<RecordType, number>

/** The temporary table listing the lines of a type's staged records that differ from what is stored. */
export const changedTable = (type: RecordType) => `${SPECS[type].staging}_changed`

/** SQL: the workspaces the file creates, listed by compareWithStored before the merge stores them. */
export const NEW_WORKSPACES = 'select workspace_id from stg_new_workspace'

/** The staging column holding a record's workspace, or null for records outside workspaces. */
function stagedWorkspace(type: RecordType): string | null {
  const spec = SPECS[type]
  return spec.workspaceColumn ?? (spec.workspaceOf === undefined ? null : 'workspace_id')
}

/** SQL: `<staged record is of a workspace the file creates> or `, or nothing for records outside workspaces. */
function inNewWorkspaceOr(type: RecordType): string {
  const workspace = stagedWorkspace(type)
  return workspace === null ? '' : `${SPECS[type].staging}.${workspace} in (${NEW_WORKSPACES}) or `
}

class Changes implements ChangedRecords {
  constructor(
    private readonly states: Record<RecordType, ChangeState>,
    /** Whether the file creates workspaces (listed in stg_new_workspace). */
    private readonly newWorkspaces: boolean,
    /** The types with staged records in workspaces stored before the import. */
    private readonly inStoredWorkspaces: ReadonlySet<RecordType>,
    /** The types whose staged records all differ from what is stored (a new organization's). */
    private readonly allChanged: ReadonlySet<RecordType>,
  ) {}

  state(type: RecordType): ChangeState {
    return this.states[type]
  }

  // 'true' and 'false' are constants both databases test once, before reading any row (a join on
  // them would otherwise still be walked).
  where(type: RecordType): string {
    const state = this.states[type]
    if (state === 'all' || this.allChanged.has(type)) return 'true'
    if (state === 'none') return 'false'
    return `${SPECS[type].staging}.line in (select line from ${changedTable(type)})`
  }

  whereStored(type: RecordType): string {
    if (!this.newWorkspaces) return this.where(type)
    // A constant when none can match: a planner that cannot tell would price the rows that embed
    // them as a whole workspace's.
    if (!this.inStoredWorkspaces.has(type)) return 'false'
    const spec = SPECS[type]
    return `${this.where(type)} and ${spec.staging}.${stagedWorkspace(type) ?? 'workspace_id'} not in (${NEW_WORKSPACES})`
  }

  onlyNewWorkspaces(): boolean {
    return (
      this.newWorkspaces && TYPES.every((t) => stagedWorkspace(t) === null || !this.inStoredWorkspaces.has(t))
    )
  }
}

/**
 * Compares every staged record with what is stored, once: the lines of those that differ are kept
 * in their type's changed table, for every later step to select from. Into an empty table (a first
 * import) every record is new, and no row-by-row probe is needed; nor for a record of a workspace
 * not stored yet (a new organization's), which no stored row can equal: the workspace is compared.
 */
export async function compareWithStored(session: WriteSession): Promise<ChangedRecords> {
  const states = {} as Record<RecordType, ChangeState>
  const inStoredWorkspaces = new Set<RecordType>()
  const allChanged = new Set<RecordType>()
  const newWorkspaces = await session.exec(
    sql.raw(`insert into stg_new_workspace (workspace_id)
      select id from stg_workspace where id not in (select id from workspaces)`),
  )
  await analyzeTemporary(session, 'stg_new_workspace')
  for (const type of TYPES) {
    const spec = SPECS[type]
    const workspace = stagedWorkspace(type)
    if (
      workspace === null ||
      newWorkspaces === 0 ||
      (
        await session.rows(
          sql.raw(
            `select 1 as one from ${spec.staging} where ${workspace} not in (${NEW_WORKSPACES}) limit 1`,
          ),
        )
      ).length > 0
    )
      inStoredWorkspaces.add(type)
    const empty = (await session.rows(sql.raw(`select 1 as one from ${spec.target} limit 1`))).length === 0
    if (empty) {
      states[type] = 'all'
      continue
    }
    // All of new workspaces: every record differs, with no probe of the stored rows.
    if (workspace !== null && newWorkspaces > 0 && !inStoredWorkspaces.has(type)) {
      const staged = await session.rows(sql.raw(`select 1 as one from ${spec.staging} limit 1`))
      states[type] = staged.length === 0 ? 'none' : 'some'
      if (staged.length > 0) allChanged.add(type)
      continue
    }
    const same = [
      storedKeysEqual(spec, 't', spec.staging),
      ...mergedColumns(spec)
        .filter((c) => !spec.storedKey.includes(c))
        .map((c) => `t.${c} is not distinct from ${spec.staging}.${c}`),
      ...(spec.sameStored === undefined ? [] : [`(${spec.sameStored})`]),
    ].join(' and ')
    const unstored = inNewWorkspaceOr(type)
    const changed = await session.exec(
      sql.raw(`insert into ${changedTable(type)} (line)
        select line from ${spec.staging}
        where ${unstored}not exists (select 1 from ${spec.target} t where ${same})`),
    )
    if (changed === 0) {
      states[type] = 'none'
      continue
    }
    await analyzeTemporary(session, changedTable(type))
    states[type] = 'some'
    const [staged] = await session.rows<{ n: number }>(sql.raw(`select count(*) as n from ${spec.staging}`))
    if (Number(staged?.n) === changed) allChanged.add(type)
  }
  return new Changes(states, newWorkspaces > 0, inStoredWorkspaces, allChanged)
}

/**
 * How many of the records that differ from what is stored are new (the others change a stored
 * row), per type. Runs before the merge. A record whose key is not stored differs from what is
 * stored, so the staged records are counted without the changed table: joined to it, PostgreSQL
 * misjudges the anti-join's size and walks the changed table once per staged record.
 */
export async function countNew(
  session: WriteSession,
  changed: ChangedRecords,
): Promise<Record<RecordType, number>> {
  const created = zero()
  for (const type of TYPES) {
    if (changed.state(type) === 'none') continue
    const spec = SPECS[type]
    // A record of a workspace the file creates is new: its key holds the workspace, or the checks
    // refused a stored one in another workspace.
    const unstored = inNewWorkspaceOr(type)
    const absent =
      changed.state(type) === 'all'
        ? ''
        : `where ${unstored}not exists (select 1 from ${spec.target} t where ${storedKeysEqual(spec, 't', spec.staging)})`
    const [row] = await session.rows<{ n: number }>(
      sql.raw(`select count(*) as n from ${spec.staging} ${absent}`),
    )
    created[type] = Number(row?.n ?? 0)
  }
  return created
}

/** Inserts or updates the records that differ from what is stored; returns how many, per type. */
export async function merge(
  session: WriteSession,
  changed: ChangedRecords,
): Promise<Record<RecordType, number>> {
  const written = zero()
  for (const type of TYPES) {
    const spec = SPECS[type]
    const columns = mergedColumns(spec)
    const computed = Object.entries(spec.computed)
    const updates = [
      ...[...columns, ...computed.map(([c]) => c)]
        .filter((c) => !spec.storedKey.includes(c))
        .map((c) => `${c} = excluded.${c}`),
      ...spec.rendered.map((c) => `${c} = null`),
    ]
    // Into a table that was empty no key can collide (the checks refused duplicates within the file,
    // and the write session keeps other imports out until commit): a plain insert, cheaper than an
    // upsert on PostgreSQL.
    const upsert =
      changed.state(type) === 'all'
        ? ''
        : `on conflict (${spec.storedKey.join(', ')}) do update set ${updates.join(', ')}`
    // Staged rows are read whole and sorted into the written order: walking a staging index in that
    // order would read a page of staged rows (in file order) per record.
    const targetColumns = [...columns, ...computed.map(([c]) => c)].join(', ')
    const order = spec.writeOrder ?? spec.storedKey.join(', ')
    const where = `where ${changed.where(type)}`
    const staged = readWhole(session.dialect, spec.staging)
    // With joins, the staged columns are qualified inside, and the rows sorted by their names outside.
    const select =
      spec.mergeJoins === undefined
        ? `select ${[...columns, ...computed.map(([, expression]) => expression)].join(', ')}
        from ${staged} ${where} order by ${order}`
        : `select ${targetColumns} from (
          select ${[...columns.map((c) => `${spec.staging}.${c}`), ...computed.map(([c, e]) => `${e} as ${c}`)].join(', ')}
          from ${staged} ${spec.mergeJoins} ${where}) merged
        where true order by ${order}`
    const insert = () =>
      session.exec(
        sql.raw(`insert into ${spec.target} (${targetColumns})
        ${select}
        ${upsert}`),
      )
    written[type] =
      changed.state(type) === 'all'
        ? await withIndexesBuiltAfter(session, spec.target, insert)
        : await insert()
  }
  return written
}

/**
 * The condition on a record type's stored rows that --replace deletes: held by a replaced
 * workspace and absent from the file. `false` for a type --replace never deletes.
 */
export function replacedRows(type: RecordType, workspaces: string): string {
  const spec = SPECS[type]
  if (spec.replaced === null) return 'false'
  return `${spec.replaced(workspaces)}
    and not exists (select 1 from ${spec.staging} s where ${storedKeysEqual(spec, 's', spec.target)})`
}

/**
 * --replace: deletes what the replaced workspaces hold and the file does not, children before
 * parents. Returns how many rows, per type.
 */
export async function deleteReplaced(session: WriteSession): Promise<Record<RecordType, number>> {
  const deleted = zero()
  const workspaces = await workspaceList(session, 'stg_replaced')
  for (const type of [...TYPES].reverse()) {
    const spec = SPECS[type]
    if (spec.replaced === null) continue
    deleted[type] = await session.exec(
      sql.raw(`delete from ${spec.target} where ${replacedRows(type, workspaces)}`),
    )
  }
  return deleted
}

/** --replace: every workspace the sources name, whose stored rows they replace. */
export async function collectReplaced(session: WriteSession): Promise<void> {
  const sources = TYPES.flatMap((t) => {
    const spec = SPECS[t]
    return spec.workspaceColumn === null
      ? []
      : [`select ${spec.workspaceColumn} as workspace_id from ${spec.staging}`]
  })
  await session.exec(
    sql.raw(`insert into stg_replaced (workspace_id)
      select distinct workspace_id from (${sources.join(' union ')}) t`),
  )
  await analyzeTemporary(session, 'stg_replaced')
}

/**
 * SQL: the workspaces of the staged records (each record's own, or the one resolved for it) that
 * `where` keeps (all without it), and every replaced one, distinct.
 */
function stagedWorkspaces(where?: (type: RecordType) => string): string {
  const sources = TYPES.filter((t) => SPECS[t].workspaceColumn !== null || SPECS[t].workspaceOf).map((t) => {
    const spec = SPECS[t]
    const column = spec.workspaceColumn ?? 'workspace_id'
    return `select ${column} as workspace_id from ${spec.staging}${where ? ` where ${where(t)}` : ''}`
  })
  return `select distinct workspace_id from (${[...sources, 'select workspace_id from stg_replaced'].join(' union all ')}) t
    where workspace_id is not null`
}

/** Workspaces the sources hold records of, and every replaced one: those an import keeps a moment of (CONTRACT 17). */
export async function collectNamed(session: WriteSession): Promise<void> {
  await session.exec(sql.raw(`insert into stg_snapshot (workspace_id) ${stagedWorkspaces()}`))
  await analyzeTemporary(session, 'stg_snapshot')
}

/**
 * Workspaces whose derived values may move: those of changed records, and every replaced one.
 * Runs before the merge, while "changed" can still be told by comparing with what is stored.
 */
export async function collectTouched(session: WriteSession, changed: ChangedRecords): Promise<void> {
  await session.exec(
    sql.raw(`insert into stg_touched (workspace_id) ${stagedWorkspaces((t) => changed.where(t))}`),
  )
  await analyzeTemporary(session, 'stg_touched')
}

/**
 * Advances the data generations when the import changed anything: the database's (a metric), and
 * that of every organization whose data changed (its ETags derive from it): organizations of the
 * touched workspaces and changed organization records. Runs after the merge, when new workspaces
 * are stored.
 */
export async function bumpGenerations(session: WriteSession, changed: ChangedRecords): Promise<void> {
  await session.exec(sql`insert into service_state (name, value) values ('data_generation', '1')
    on conflict (name) do update set value = cast(cast(service_state.value as integer) + 1 as text)`)
  // `where true`: SQLite needs it to read an upsert whose rows come from a select.
  await session.exec(
    sql.raw(`insert into organization_generations (organization_id, generation)
      select organization_id, 1 from (
        select organization_id from workspaces where id in (select workspace_id from stg_touched)
        union select id as organization_id from stg_organization where ${changed.where('organization')}) t
      where true
      on conflict (organization_id) do update set generation = organization_generations.generation + 1`),
  )
}

export { zero as zeroCounts }
