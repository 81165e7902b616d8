// The import (CONTRACT 12): reads NDJSON sources line by line, validates every record, stages the
// valid ones, checks references against the whole file and the database, and then writes it all in
// one transaction, or nothing when any error was found.

import { type RawBuilder, sql } from 'kysely'
import { type EncodedRows, encodeRows } from '../db/bulk-rows.js'
import type { DatabaseHandle } from '../db/connection.js'
import { analyzeTemporary, type WriteSession, withWriteSession } from '../db/write-session.js'
import { timestampFromMillis } from '../domain/time.js'
import { keepPeriods, periodsLacking } from '../history/kept-periods.js'
import {
  checkForward,
  checkNotFuture,
  DEFAULT_HISTORY_RETENTION_MS,
  recordHistory,
} from '../history/record.js'
import type { ChangedRecords, ImportSteps } from '../records/spec.js'
import { IMPORT_STEPS } from '../resources/index.js'
import { tracing } from '../tracing/tracing.js'
import {
  bumpGenerations,
  changedTable,
  collectNamed,
  collectReplaced,
  collectTouched,
  compareWithStored,
  countNew,
  deleteReplaced,
  merge,
  zeroCounts,
} from './apply.js'
import { findProblems, resolveWorkspaces } from './checks.js'
import { skipErased } from './erased.js'
import { captureRenderings, type RecordedEvents, recordEvents } from './events.js'
import { withRecordParser } from './record-parser.js'
import { columnType, type RecordType, SPECS, stagingKeyIndex, stagingTableColumns, TYPES } from './staging.js'
import { untilStopped } from './until-stopped.js'

export interface ImportSource {
  /** Shown in error messages: a file name, or `-` for standard input. */
  name: string
  read(): AsyncIterable<Buffer>
  /** Its size in bytes as stored (a file's, compressed or not), when known: progress shows a share of it. */
  size?: number
}

export interface ImportOptions {
  /** Make the sources the whole truth for every workspace they name. */
  replace?: boolean
  /** Check everything and count what would change, then write nothing. */
  dryRun?: boolean
  /** Stops the import (nothing is written) at the next batch or phase: ImportInterrupted. */
  signal?: AbortSignal
  /** Stop reading past this many bytes of all sources together, once decompressed (IMPORT_MAX_BYTES). */
  maxBytes?: number
  /** Called now and then while reading, and when a phase starts. */
  onProgress?: (progress: ImportProgress) => void
  /**
   * The moment the import records in the history (CONTRACT 17), a canonical timestamp; default the
   * moment it starts. Refused (AsOfRefused, nothing written) when in the future or earlier than the
   * latest of a workspace the sources hold records of.
   */
  asOf?: string
  /**
   * How far back from `asOf` the history of the workspaces it keeps a moment of is kept
   * (HISTORY_RETENTION); older rows are pruned, but for the last one before the cutoff.
   */
  historyRetentionMs?: number
}

export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing'
  source: string
  lines: number
  /** Bytes of the source read so far, as stored (compressed bytes for a gzip file). */
  bytes: number
  /** The source's size, when known. */
  size: number | null
  /** While writing: the step now running (merge, derive, …). */
  step: PhaseName | null
}

export interface ImportSummary {
  /** Records read, per type. */
  records: Record<RecordType, number>
  /** Records inserted or updated, per type (records equal to what is stored are not written). */
  written: Record<RecordType, number>
  /** Of those written, the new ones (the others changed a stored row), per type. */
  created: Record<RecordType, number>
  /** Rows deleted by --replace, per type. */
  deleted: Record<RecordType, number>
  /** Records of erased employees (CONTRACT 20) the import skipped, and those belonging to them. */
  skipped: number
  /** Whether the stored data changed at all (with dryRun: would change). */
  changed: boolean
  /** The moment recorded in the history (CONTRACT 17). */
  asOf: string
  /** Nothing was written: a dry run. */
  dryRun: boolean
  /** Events recorded and webhook deliveries queued (none on a dry run). */
  events: RecordedEvents
  seconds: number
  /** Where the time went, phase by phase, in the order they ran. */
  phases: PhaseTime[]
}

/** An import's phases, in the order they run: the resources' item renderings after `derive`. */
export const PHASES: readonly string[] = [
  'read',
  'check',
  'compare',
  'renderings before',
  'merge',
  'derive',
  ...IMPORT_STEPS.flatMap((steps) => (steps.renderItems ? [steps.renderItems.phase] : [])),
  'events',
  'commit',
]

export type PhaseName = string

export interface PhaseTime {
  phase: PhaseName
  seconds: number
}

/** Times consecutive phases: each mark closes the phase that ran since the previous one. */
class PhaseClock {
  readonly phases: PhaseTime[] = []
  private readonly started = performance.now()
  private last = this.started

  /** `next` hears of each phase as it starts (the one after the phase marked). */
  constructor(private readonly next: (phase: PhaseName) => void = () => {}) {}

  mark(phase: PhaseName): void {
    const now = performance.now()
    this.phases.push({ phase, seconds: (now - this.last) / 1000 })
    // A span per phase when tracing is on, beside the statements of the import's span.
    const origin = performance.timeOrigin
    tracing().record(`import ${phase}`, origin + this.last, origin + now, { 'awareness.import.phase': phase })
    this.last = now
    const following = PHASES[PHASES.indexOf(phase) + 1]
    if (following) this.next(following)
  }

  /** Seconds from the clock's start to the last mark. */
  get seconds(): number {
    return (this.last - this.started) / 1000
  }
}

export interface ImportError {
  source: string
  line: number
  message: string
}

export const MAX_REPORTED_ERRORS = 100

/** The import was stopped by its signal (SIGINT, SIGTERM); nothing was written. */
export class ImportInterrupted extends Error {
  constructor() {
    super('import interrupted: nothing was written')
    this.name = 'ImportInterrupted'
  }
}

/** The import was refused; nothing was written. */
export class ImportRejected extends Error {
  constructor(
    readonly errors: ImportError[],
    /** True when reading stopped at the error limit, so more errors may follow. */
    readonly truncated: boolean,
  ) {
    super(`import refused: ${errors.length}${truncated ? '+' : ''} error(s), nothing was written`)
    this.name = 'ImportRejected'
  }
}

const MAX_PENDING_FLUSHES = 4
const PROGRESS_EVERY = 25000

// Tables the apply steps fill (columns, the key first): replaced and touched workspaces, the lines of
// the staged records that differ from what is stored, and those the resources' steps declare.
const HELPERS: Record<string, readonly string[]> = {
  stg_replaced: ['workspace_id'],
  // Erased employees (erase.ts; an import skips their records): id, workspace.
  stg_erased: ['id', 'workspace_id'],
  stg_touched: ['workspace_id'],
  stg_new_workspace: ['workspace_id'],
  stg_snapshot: ['workspace_id'],
  ...Object.fromEntries(TYPES.map((t) => [changedTable(t), ['line']])),
  ...Object.assign({}, ...IMPORT_STEPS.map((steps) => steps.helpers ?? {})),
}
const TEMPORARY = [...TYPES.map((t) => SPECS[t].staging), ...Object.keys(HELPERS)]

export async function createStaging(session: WriteSession): Promise<void> {
  for (const table of TEMPORARY) {
    await session.exec(sql.raw(`drop table if exists ${table}`))
  }
  for (const type of TYPES) {
    const spec = SPECS[type]
    await session.exec(
      sql.raw(`create temporary table ${spec.staging} (${stagingTableColumns(spec, session.dialect)})`),
    )
  }
  for (const [table, [key = '', ...rest]] of Object.entries(HELPERS)) {
    const columns = [
      `${key} ${columnType(key, session.dialect)} primary key`,
      ...rest.map((c) => `${c} ${columnType(c, session.dialect)}`),
    ]
    await session.exec(sql.raw(`create temporary table ${table} (${columns.join(', ')})`))
  }
}

export async function indexStaging(session: WriteSession): Promise<void> {
  for (const spec of TYPES.map((t) => SPECS[t])) {
    // Records whose workspace is resolved after reading are indexed once it is (checks.ts).
    if (spec.workspaceOf === undefined) await session.exec(sql.raw(stagingKeyIndex(spec)))
    for (const columns of spec.stagingIndexes)
      await session.exec(
        sql.raw(
          `create index ${spec.staging}_${columns.join('_')} on ${spec.staging} (${columns.join(', ')})`,
        ),
      )
  }
  await analyzeTemporary(session, ...TYPES.map((type) => SPECS[type].staging))
}

export async function dropStaging(session: WriteSession): Promise<void> {
  for (const table of TEMPORARY) {
    await session.exec(sql.raw(`drop table ${table}`))
  }
}

/** Where each source's lines start in the staging tables' line numbers, which run across sources. */
type Offsets = { name: string; offset: number }[]

/** What reading left in staging: the records per type, and where each source's lines start. */
interface Read {
  records: Record<RecordType, number>
  offsets: Offsets
  /** Lines read, over every source. */
  lines: number
}

/**
 * Reads every source into the staging tables (phase `read`). Refuses the import, with the line of
 * each error, when a record is invalid or the input cannot be read.
 */
async function readSources(
  session: WriteSession,
  sources: readonly ImportSource[],
  options: ImportOptions,
  goOn: () => void,
): Promise<Read> {
  const progress = options.onProgress ?? (() => {})
  const offsets: Offsets = []
  const errors: ImportError[] = []
  const records = zeroCounts()
  let truncated = false
  let offset = 0

  // Batches are written while the worker parses the next lines (and PostgreSQL ingests in its own
  // process). Writes go one after another on the one connection; at most MAX_PENDING_FLUSHES
  // wait, so memory stays bounded.
  const pending: Promise<void>[] = []
  let writes: Promise<void> = Promise.resolve()
  const write = async (type: RecordType, rows: EncodedRows) => {
    goOn()
    const spec = SPECS[type]
    const stageRows = () => session.insertMany(spec.staging, ['line', ...spec.columns], rows, true)
    writes = writes.then(stageRows)
    // Awaited below; until then a failure must not count as unhandled.
    writes.catch(() => {})
    pending.push(writes)
    if (pending.length >= MAX_PENDING_FLUSHES) await pending.shift()
  }

  let bytesLeft = options.maxBytes ?? Number.POSITIVE_INFINITY
  await withRecordParser(async (parser) => {
    parser.begin(session.dialect, MAX_REPORTED_ERRORS)
    for (const source of sources) {
      offsets.push({ name: source.name, offset })
      let shown = 0
      let final = false
      let bytes = 0
      const size = source.size ?? null
      const counted = async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length
          yield chunk
        }
      }
      const read = await parser.read(
        counted(
          options.signal
            ? untilStopped(source.read(), options.signal, () => new ImportInterrupted())
            : source.read(),
        ),
        offset,
        {
          rows: write,
          problem: (line, message, last) => {
            errors.push({ source: source.name, line, message })
            final ||= last
            if (last) return false
            if (errors.length < MAX_REPORTED_ERRORS) return true
            truncated = true
            return false
          },
          progress: (lines) => {
            if (lines - shown < PROGRESS_EVERY) return
            shown = lines
            progress({ phase: 'reading', source: source.name, lines, bytes, size, step: null })
          },
        },
        bytesLeft,
      )
      bytesLeft -= read.bytes
      for (const [type, count] of Object.entries(read.records)) records[type as RecordType] += count
      if (read.inputError) {
        errors.push({ source: source.name, line: read.lines + 1, message: read.inputError.message })
        break
      }
      if (truncated || final) break
      progress({ phase: 'reading', source: source.name, lines: read.lines, bytes, size, step: null })
      offset += read.lines
    }
  })
  await Promise.all(pending.splice(0))
  goOn()
  if (errors.length > 0) throw new ImportRejected(errors.slice(0, MAX_REPORTED_ERRORS), truncated)
  return { records, offsets, lines: offset }
}

/**
 * Checks what is staged as a whole (phase `check`): references, moves, duplicates across the file.
 * Refuses the import with each problem's source and line.
 */
async function checkStaged(session: WriteSession, offsets: Offsets, replace: boolean): Promise<void> {
  await indexStaging(session)
  if (replace) await collectReplaced(session)
  await resolveWorkspaces(session)
  const findings = await findProblems(session, MAX_REPORTED_ERRORS + 1)
  if (findings.length === 0) return
  const located = findings.slice(0, MAX_REPORTED_ERRORS).map((f) => {
    const at = [...offsets].reverse().find((o) => o.offset < f.line) ?? { name: '', offset: 0 }
    return { source: at.name, line: f.line - at.offset, message: f.message }
  })
  throw new ImportRejected(located, findings.length > MAX_REPORTED_ERRORS)
}

/** Which staged records differ from what is stored, and how many of them are new (phase `compare`). */
export async function compareStaged(session: WriteSession) {
  const differs = await compareWithStored(session)
  const created = await countNew(session, differs)
  await collectTouched(session, differs)
  for (const steps of IMPORT_STEPS) await steps.beforeMerge?.(session, differs)
  return { differs, created }
}

/** Writes what differs, and with --replace deletes what the file no longer holds (phase `merge`). */
export async function mergeStaged(session: WriteSession, differs: ChangedRecords, replace: boolean) {
  const written = await merge(session, differs)
  for (const steps of IMPORT_STEPS) await steps.afterMerge?.(session, differs)
  let deleted = zeroCounts()
  if (replace) {
    for (const steps of IMPORT_STEPS) await steps.beforeReplace?.(session)
    deleted = await deleteReplaced(session)
  }
  const changed = [...Object.values(written), ...Object.values(deleted)].some((n) => n > 0)
  return { written, deleted, changed }
}

/**
 * What an import that changed data leaves for readers (phase `commit`, before the commit itself):
 * new data generations, and on PostgreSQL fresh statistics for the tables the import changed by a
 * tenth or more, as autovacuum judges it (without them the planner misjudges freshly loaded tables
 * until autovacuum comes by; a small change to a large table leaves its statistics true, and
 * sampling it again would cost what the table holds, not what the file changed).
 */
async function finish(
  session: WriteSession,
  differs: ChangedRecords,
  counts: { written: Record<RecordType, number>; deleted: Record<RecordType, number>; changed: boolean },
): Promise<void> {
  if (counts.changed) await bumpGenerations(session, differs)
  if (session.dialect === 'postgres' && counts.changed) {
    const tables = [
      ...TYPES.filter((type) => counts.written[type] + counts.deleted[type] > 0).map(
        (type) => SPECS[type].target,
      ),
      ...IMPORT_STEPS.flatMap((steps) => steps.analyze ?? []),
    ]
    // The rows this transaction inserted, updated and deleted in each table, as PostgreSQL counted
    // them, against its estimate of the table's size.
    const estimates = await session.rows<{ name: string; rows: number; changed: number }>(
      sql`select c.relname as name, c.reltuples as rows, s.n_tup_ins + s.n_tup_upd + s.n_tup_del as changed
        from pg_class c join pg_stat_xact_user_tables s on s.relid = c.oid
        where c.relnamespace = cast(current_schema() as regnamespace) and c.relname in (${sql.join([...new Set(tables)])})
        order by c.relname`,
    )
    for (const { name, rows, changed } of estimates) {
      // Never analyzed (-1), or changed by a tenth or more.
      if (Number(rows) < 0 || Number(changed) * 10 >= Number(rows))
        await session.exec(sql.raw(`analyze ${name}`))
    }
  }
  await dropStaging(session)
}

/**
 * Imports NDJSON sources in one transaction, phase by phase (PHASES). Throws ImportRejected (and
 * writes nothing) when any record is invalid or any reference does not resolve. A dry run goes as
 * far as the merge, counts, and rolls back.
 * @example await importSources(handle, [fileSource('data.ndjson.gz')], { replace: true })
 */
export async function importSources(
  handle: DatabaseHandle,
  sources: readonly ImportSource[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return tracing().inSpan(
    'import',
    {
      'awareness.import.sources': sources.length,
      'awareness.import.replace': options.replace === true,
      'awareness.import.dry_run': options.dryRun === true,
    },
    async (span) => {
      const summary = await importTraced(handle, sources, options)
      span.setAttributes({
        'awareness.import.records': Object.values(summary.records).reduce((a, b) => a + b, 0),
        'awareness.import.changed': summary.changed,
        'awareness.import.events': Object.values(summary.events.counts).reduce((a, b) => a + b, 0),
      })
      return summary
    },
  )
}

async function importTraced(
  handle: DatabaseHandle,
  sources: readonly ImportSource[],
  options: ImportOptions,
): Promise<ImportSummary> {
  const progress = options.onProgress ?? (() => {})
  const replace = options.replace === true
  let linesRead = 0
  // Every phase after reading is reported as it starts: `writing` with its step (checking has one).
  const clock = new PhaseClock((step) =>
    progress({
      phase: step === 'check' ? 'checking' : 'writing',
      source: '',
      lines: linesRead,
      bytes: 0,
      size: null,
      step: step === 'check' ? null : step,
    }),
  )
  const goOn = () => {
    if (options.signal?.aborted) throw new ImportInterrupted()
  }
  const asOf = options.asOf ?? timestampFromMillis(Date.now())
  checkNotFuture(asOf)
  const summary = await withWriteSession(
    handle,
    async (session): Promise<Omit<ImportSummary, 'seconds' | 'phases'>> => {
      await createStaging(session)
      const read = await readSources(session, sources, options, goOn)
      linesRead = read.lines
      const skipped = await skipErased(session)
      clock.mark('read')
      await checkStaged(session, read.offsets, replace)
      await collectNamed(session)
      await checkForward(session, asOf)
      goOn()
      clock.mark('check')
      const { differs, created } = await compareStaged(session)
      goOn()
      clock.mark('compare')
      const captured = options.dryRun ? null : await captureRenderings(session, differs, replace)
      clock.mark('renderings before')
      const merged = await mergeStaged(session, differs, replace)
      const counts = { records: read.records, created, skipped, ...merged }
      // Rolled back by the session: nothing of a dry run is kept.
      if (options.dryRun) return { ...counts, asOf, dryRun: true, events: { counts: {}, deliveries: 0 } }
      goOn()
      clock.mark('merge')
      for (const steps of IMPORT_STEPS) await steps.derive?.(session)
      await keepPeriods(session, IMPORT_STEPS)
      await recordHistory(
        session,
        IMPORT_STEPS,
        asOf,
        (type) => (merged.deleted[type as RecordType] ?? 0) > 0,
        options.historyRetentionMs ?? DEFAULT_HISTORY_RETENTION_MS,
      )
      clock.mark('derive')
      for (const steps of IMPORT_STEPS) {
        if (!steps.renderItems) continue
        await steps.renderItems.render(session, differs)
        goOn()
        clock.mark(steps.renderItems.phase)
      }
      const events = await recordEvents(
        session,
        captured ?? { fresh: new Set(), onlyNew: new Set(), newWorkspaces: null },
      )
      clock.mark('events')
      await finish(session, differs, counts)
      return { ...counts, asOf, dryRun: false, events }
    },
    { commit: !options.dryRun },
  )
  // Committed included: the import's time is until its data is durable. The statistics for the
  // planner and the dropping of staging count with the commit.
  clock.mark('commit')
  return { ...summary, seconds: clock.seconds, phases: clock.phases }
}

/**
 * SQL: the workspaces that lack what imports keep of them (kept periods, a resource's derived rows):
 * after an upgrade that adds some, a workspace not imported since has none.
 */
function workspacesLacking(steps: readonly ImportSteps[]): RawBuilder<{ id: string }> | undefined {
  const lacking = [...periodsLacking(steps), ...steps.flatMap((s) => (s.missing ? [s.missing] : []))]
  if (lacking.length === 0) return undefined
  return sql<{
    id: string
  }>`select w.id from workspaces w where ${sql.join(lacking, sql` or `)} order by w.id`
}

/**
 * Keeps, for every workspace that lacks them, what imports keep: after an upgrade that adds a kept
 * statistic or a resource's derived rows (reports), a workspace not imported since has none, and
 * its series or reports could not be read. Runs the resources' derives over the data held, as an
 * import that brings nothing new would, without adding a point to the history or an event (the
 * organizations' data generations advance). Returns how many workspaces it derived. Safe when
 * several processes start at once: the second finds nothing missing.
 */
export async function deriveMissing(handle: DatabaseHandle): Promise<number> {
  const missing = workspacesLacking(IMPORT_STEPS)
  if (missing === undefined) return 0
  if ((await missing.execute(handle.db)).rows.length === 0) return 0
  return withWriteSession(handle, async (session) => {
    // Asked again under the write lock: another process may have derived them meanwhile.
    const workspaces = await session.rows(missing)
    if (workspaces.length === 0) return 0
    await createStaging(session)
    await indexStaging(session)
    const { differs } = await compareStaged(session)
    await session.insertMany(
      'stg_touched',
      ['workspace_id'],
      encodeRows(
        session.dialect,
        workspaces.map((w) => [w.id]),
      ),
    )
    await analyzeTemporary(session, 'stg_touched')
    await mergeStaged(session, differs, false)
    for (const steps of IMPORT_STEPS) await steps.derive?.(session)
    await keepPeriods(session, IMPORT_STEPS)
    // What was derived may answer otherwise than before: their ETags and kept values change.
    await bumpGenerations(session, differs)
    await dropStaging(session)
    return workspaces.length
  })
}
