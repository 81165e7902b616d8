// Events from imports (CONTRACT 14). Before the merge, each resource's event sources name the
// renderings the import may change and their current text is kept; after every rendering step they
// are read again. A rendering that appeared is a `.created` event, one that changed an `.updated`
// (with the top-level fields that changed, and their old values), one that disappeared a
// `.deleted`. Everything stays in temporary tables and set-based SQL, except updates, which are
// compared in JS a batch at a time: memory stays bounded whatever the import's size. The events
// and their webhook deliveries are written in the import's transaction.

import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { encodeRows } from '../db/bulk-rows.js'
import { eventIdInput, eventIdSql, notPulledUp } from '../db/dialect.js'
import {
  analyzeTemporary,
  type WriteSession,
  workspaceConstants,
  workspaceList,
} from '../db/write-session.js'
import {
  eventIdMillis,
  eventIdOfRecord,
  eventIdStep,
  eventIdsFrom,
  eventIdTime,
} from '../domain/event-ids.js'
import { timestampFromMillis } from '../domain/time.js'
import type { EventSource } from '../records/events.js'
import type { ChangedRecords } from '../records/spec.js'
import { EVENT_SOURCES } from '../resources/index.js'
import { createDeliveries } from '../webhooks/fan-out.js'
import { NEW_WORKSPACES, replacedRows } from './apply.js'
import { eventData, eventJson, splicedSql } from './event-json.js'
import { type RecordType, SPECS } from './staging.js'

const keysTable = (s: EventSource) => `ev_${s.name}_keys`
const beforeTable = (s: EventSource) => `ev_${s.name}_before`
const afterTable = (s: EventSource) => `ev_${s.name}_after`
/**
 * The candidates table as a rendering joins it, aliased `k`. On SQLite it is read whole and the
 * renderings looked up from it: probing it from each stored row instead would read the table of
 * every organization.
 */
const keysFrom = (session: WriteSession, s: EventSource, table = keysTable(s)) =>
  session.dialect === 'sqlite' ? `${table} k not indexed` : `${table} k`
/** The candidates of workspaces stored before the import: only they can have a rendering before it. */
const storedKeysTable = (s: EventSource) => `ev_${s.name}_stored_keys`
const TEMPORARY = EVENT_SOURCES.flatMap((s) => [
  keysTable(s),
  storedKeysTable(s),
  beforeTable(s),
  afterTable(s),
])

const UPDATE_BATCH = 1000

/** SQL: the JSON of an event of `type` over the columns id, created_at, workspace_id and data. */
const envelope = (type: string) =>
  splicedSql(
    ([id, createdAt, workspace, data]) =>
      eventJson(
        { id: id as string, type, created_at: createdAt as string, workspace_id: workspace as string },
        data as string,
      ),
    ['id', 'created_at', 'workspace_id', 'data'],
  )

function keyColumns(session: WriteSession, source: EventSource, json: boolean): string {
  const type = session.dialect === 'postgres' ? 'text collate "C"' : 'text'
  const columns = source.key.map((k) => `${k} ${type}`)
  if (json) columns.push('json text')
  return `${columns.join(', ')}, primary key (${source.key.join(', ')})`
}

/** The stored rows of a record type that this import deletes (none without --replace). */
function deletedRows(replaced: string | null, type: RecordType, columns: string): string {
  const spec = SPECS[type]
  return `select ${columns} from ${spec.target} where ${replaced === null ? 'false' : replacedRows(type, replaced)}`
}

/**
 * What was captured before the merge: the sources whose table was empty (all they hold after is
 * new), and those whose candidates are all of workspaces the file creates (all their renderings
 * after are new, and nothing was kept before).
 */
export interface CapturedRenderings {
  fresh: ReadonlySet<string>
  onlyNew: ReadonlySet<string>
  /**
   * The workspaces the import creates, as an SQL list, when every staged record is of one: every
   * row they hold after is new, and no candidates are listed. Null otherwise.
   */
  newWorkspaces: string | null
}

/**
 * Before the merge: names the renderings each source may see change, and keeps their current text.
 * A source whose table is empty has nothing to keep: every rendering it holds after is new; so has
 * one whose candidates are all of new workspaces.
 */
export async function captureRenderings(
  session: WriteSession,
  changed: ChangedRecords,
  replace: boolean,
): Promise<CapturedRenderings> {
  const fresh = new Set<string>()
  const onlyNew = new Set<string>()
  const replaced = replace ? await workspaceList(session, 'stg_replaced') : null
  // A new organization's file: its candidates would all be of its new workspaces (a --replace
  // names only those, which hold nothing yet), so they are not listed.
  // PostgreSQL reads them by workspace only when they are named by constants (newRenderings).
  const newWorkspaces = !changed.onlyNewWorkspaces()
    ? null
    : session.dialect === 'sqlite'
      ? NEW_WORKSPACES
      : await workspaceConstants(session, 'stg_new_workspace')
  for (const table of TEMPORARY) await session.exec(sql.raw(`drop table if exists ${table}`))
  for (const source of EVENT_SOURCES) {
    if ((await session.rows(sql.raw(`select 1 as one from ${source.table} limit 1`))).length === 0) {
      fresh.add(source.name)
      continue
    }
    if (newWorkspaces !== null) {
      onlyNew.add(source.name)
      continue
    }
    await session.exec(
      sql.raw(`create temporary table ${keysTable(source)} (${keyColumns(session, source, false)})`),
    )
    const selects = source.candidates({
      changed,
      replace,
      deleted: (type, columns) => deletedRows(replaced, type as RecordType, columns),
    })
    const columns = source.key.join(', ')
    for (const select of selects) {
      await session.exec(
        sql.raw(
          `insert into ${keysTable(source)} (${columns}) select * from (${select}) c where true on conflict do nothing`,
        ),
      )
    }
    await analyzeTemporary(session, keysTable(source))
    // A new organization's candidates are left out: looking up their renderings, which cannot
    // exist yet, would probe indexes that every organization's rows share.
    const stored = `select * from ${keysTable(source)} where workspace_id not in (${NEW_WORKSPACES})`
    if ((await session.rows(sql.raw(`${stored} limit 1`))).length === 0) {
      onlyNew.add(source.name)
      continue
    }
    await session.exec(
      sql.raw(`create temporary table ${beforeTable(source)} (${keyColumns(session, source, true)})`),
    )
    await session.exec(
      sql.raw(`create temporary table ${afterTable(source)} (${keyColumns(session, source, true)})`),
    )
    await session.exec(sql.raw(`create temporary table ${storedKeysTable(source)} as ${stored}`))
    await analyzeTemporary(session, storedKeysTable(source))
    await session.exec(
      sql.raw(
        `insert into ${beforeTable(source)} (${columns}, json) ${source.rendering(keysFrom(session, source, storedKeysTable(source)))}`,
      ),
    )
    await session.exec(sql.raw(`drop table ${storedKeysTable(source)}`))
    await analyzeTemporary(session, beforeTable(source))
  }
  return { fresh, onlyNew, newWorkspaces }
}

/**
 * The renderings of a source's candidates when all are of workspaces the file creates; all of those
 * workspaces' renderings when every staged record is of one (`workspaces`, their SQL list). SQLite
 * reads them by workspace, where a new organization's rows sit together in each table's workspace
 * index, rather than a look-up per candidate in indexes by id that every organization's rows share.
 * PostgreSQL looks each candidate up: it would price a new workspace named by a subquery as the
 * average one and read the table whole; named by constants it reads them by workspace too.
 */
function newRenderings(session: WriteSession, source: EventSource, workspaces: string | null): string {
  if (workspaces !== null) return renderingsOfWorkspaces(source, workspaces)
  if (session.dialect === 'postgres') return source.rendering(keysFrom(session, source))
  const candidate = source.key.map((k) => `k.${k} = r.${k}`).join(' and ')
  return `select r.* from (${renderingsOfWorkspaces(source, NEW_WORKSPACES)}) r
    where exists (select 1 from ${keysTable(source)} k where ${candidate})`
}

const renderingsOfWorkspaces = (source: EventSource, workspaces: string) =>
  source.renderingOfWorkspaces?.(workspaces) ??
  `select * from (${source.rendering(null)}) w where w.workspace_id in (${workspaces})`

export interface RecordedEvents {
  /** Events recorded, per type. */
  counts: Record<string, number>
  /** Webhook deliveries queued. */
  deliveries: number
}

/** The fields of `after` that differ from `before`, with their values in `before`. */
export function previousAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const previous: Record<string, unknown> = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      previous[field] = before[field] ?? null
  }
  return previous
}

/**
 * After every rendering step: reads the renderings again, records an event for each that appeared,
 * changed or disappeared, and queues a delivery of each to every webhook endpoint that wants it.
 */
export async function recordEvents(
  session: WriteSession,
  captured: CapturedRenderings,
): Promise<RecordedEvents> {
  const [last] = await session.rows<{ id: string | null }>(sql`select max(id) as id from events`)
  const lastMs = last?.id ? (eventIdMillis(last.id) ?? 0) : 0
  const recorder = new EventRecorder(session, Math.max(Date.now(), lastMs + 1))
  for (const source of EVENT_SOURCES) await recorder.record(source, captured)
  const deliveries =
    recorder.recorded > 0 ? await createDeliveries(session, recorder.firstId, recorder.createdAt) : 0
  for (const table of TEMPORARY) await session.exec(sql.raw(`drop table if exists ${table}`))
  return { counts: recorder.counts, deliveries }
}

/** The events of one import: their ids' time and secret, and what was recorded. */
class EventRecorder {
  private readonly time: string
  /** Keys the hash of every id of this import (domain/event-ids.ts); never stored. */
  private readonly secret = randomBytes(16).toString('hex')
  readonly createdAt: string
  /** No id of this import is smaller. */
  readonly firstId: string
  recorded = 0
  readonly counts: Record<string, number> = {}

  constructor(
    private readonly session: WriteSession,
    ms: number,
  ) {
    this.time = eventIdTime(ms)
    this.createdAt = timestampFromMillis(ms)
    this.firstId = eventIdsFrom(ms)
  }

  /** A source's events: from the candidates' renderings before and after the import's writes. */
  async record(source: EventSource, captured: CapturedRenderings): Promise<void> {
    const session = this.session
    // A source whose table was empty: all it holds now is new, read once, straight into events.
    if (captured.fresh.has(source.name)) return this.appeared(source, `(${source.rendering(null)})`, null)
    // Candidates all of new workspaces: all are new.
    if (captured.onlyNew.has(source.name))
      return this.appeared(source, `(${newRenderings(session, source, captured.newWorkspaces)})`, null)
    // Nothing rendered before among the candidates (only new rows): the same, through the candidates.
    const fresh =
      (await session.rows(sql.raw(`select 1 as one from ${beforeTable(source)} limit 1`))).length === 0
    if (fresh)
      return this.appeared(source, `(${source.rendering(keysFrom(session, source))})`, beforeTable(source))
    await session.exec(
      sql.raw(
        `insert into ${afterTable(source)} (${source.key.join(', ')}, json) ${source.rendering(keysFrom(session, source))}`,
      ),
    )
    await analyzeTemporary(session, afterTable(source))
    await this.appeared(source, afterTable(source), beforeTable(source))
    await this.updated(source)
    if (source.updateOnly === undefined && source.deletions !== false)
      await this.whole(source, `${source.name}.deleted`, beforeTable(source), afterTable(source), null, 2)
  }

  /** The step of a source's created (0), updated (1) or deleted (2) events: the order they are recorded in. */
  private stepOf(source: EventSource, kind: 0 | 1 | 2): string {
    return `${this.time}${eventIdStep(EVENT_SOURCES.indexOf(source) * 3 + kind)}`
  }

  private count(type: string, events: number): void {
    this.recorded += events
    if (events > 0) this.counts[type] = (this.counts[type] ?? 0) + events
  }

  /** Renderings in `from` and not in `other` (all of `from` when null): created, or for an update-only source updated. */
  private appeared(source: EventSource, from: string, other: string | null): Promise<void> {
    return source.updateOnly === undefined
      ? this.whole(source, `${source.name}.created`, from, other, null, 0)
      : this.whole(
          source,
          `${source.name}.updated`,
          from,
          other,
          { previous: JSON.stringify(source.updateOnly.previous), skip: source.updateOnly.empty },
          0,
        )
  }

  /** Appeared or disappeared renderings, all in SQL: `object` is the rendering as stored. */
  private async whole(
    source: EventSource,
    type: string,
    from: string,
    other: string | null,
    extra: { previous: string; skip: string } | null,
    kind: 0 | 2,
  ): Promise<void> {
    const dialect = this.session.dialect
    const on = source.key.map((k) => `o.${k} = r.${k}`).join(' and ')
    const data = splicedSql(([object]) => eventData(object as string, extra?.previous), ['r.json'])
    // The import's time, step and secret are bound: the statement's text stays the same. Written in
    // id order: ids in hash order would land all over the id indexes (docs/design.md).
    const step = this.stepOf(source, kind)
    const key = sql.raw(source.key.map((k) => `cast(r.${k} as text)`).join(` || '/' || `))
    const input = eventIdInput(dialect, step, this.secret, key)
    const id = eventIdSql(dialect, step, this.secret, sql.ref('y.input'))
    const fence = notPulledUp(dialect)
    const inserted = await this.session.exec(
      sql`insert into events (id, workspace_id, type, created_at, json)
        select id, workspace_id, ${sql.lit(type)}, created_at,
          ${sql.raw(envelope(type))}
        from (select ${id} as id, y.workspace_id, cast(${this.createdAt} as text) as created_at, y.data
          from (select r.workspace_id, ${sql.raw(data)} as data, ${input} as input
            from ${sql.raw(from)} r
            where ${sql.raw(other === null ? 'true' : `not exists (select 1 from ${other} o where ${on})`)}
              ${sql.raw(extra === null ? '' : `and not (${extra.skip})`)} ${fence}) y ${fence}) x
        order by id`,
    )
    this.count(type, inserted)
  }

  /** Changed renderings, compared in JS a batch at a time to name the fields that changed. */
  private async updated(source: EventSource): Promise<void> {
    const type = `${source.name}.updated`
    const step = this.stepOf(source, 1)
    const keys = source.key.map((k) => `b.${k}`)
    const on = source.key.map((k) => `a.${k} = b.${k}`).join(' and ')
    let position: string[] | null = null
    for (;;) {
      const after =
        position === null ? sql`` : sql`and (${sql.raw(keys.join(', '))}) > (${sql.join(position)})`
      const rows = await this.session.rows<Record<string, string>>(
        sql`select ${sql.raw(keys.join(', '))}, b.json as before, a.json as after
          from ${sql.table(beforeTable(source))} b join ${sql.table(afterTable(source))} a on ${sql.raw(on)}
          where a.json <> b.json ${after}
          order by ${sql.raw(keys.join(', '))} limit ${sql.lit(UPDATE_BATCH)}`,
      )
      if (rows.length === 0) return
      const values: (string | number)[][] = []
      for (const row of rows) {
        const previous = previousAttributes(JSON.parse(row.before as string), JSON.parse(row.after as string))
        if (source.updatedBy !== undefined && !source.updatedBy.some((f) => f in previous)) continue
        const id = eventIdOfRecord(step, this.secret, source.key.map((k) => row[k]).join('/'))
        const head = { id, type, created_at: this.createdAt, workspace_id: row.workspace_id as string }
        values.push([
          id,
          head.workspace_id,
          type,
          head.created_at,
          eventJson(head, eventData(row.after as string, JSON.stringify(previous))),
        ])
      }
      if (values.length > 0) {
        await this.session.insertMany(
          'events',
          ['id', 'workspace_id', 'type', 'created_at', 'json'],
          encodeRows(this.session.dialect, values),
        )
        this.count(type, values.length)
      }
      const lastRow = rows[rows.length - 1] as Record<string, string>
      position = source.key.map((k) => lastRow[k] as string)
    }
  }
}
