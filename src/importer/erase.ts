// Erasure (CONTRACT 20): employees deleted with every row that names them, in one transaction. What
// names a person is found, not listed: every table with an `employee_id` column, the employees'
// own rows, what each resource's `erase` step changes (an employee they managed), and every event
// the events' walk finds them in. The touched workspaces are then derived again as after an import,
// one `employee.erased` event per person is recorded, and the erasure is kept: a keyed hash of each
// id, with the recipients the disclosure record held for them, so that later imports skip them.

import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { encodeRows } from '../db/bulk-rows.js'
import type { DatabaseHandle } from '../db/connection.js'
import { ERASURE_SECRET } from '../db/state.js'
import { analyzeTemporary, type WriteSession, withWriteSession } from '../db/write-session.js'
import { eventIdMillis, eventIdOfRecord, eventIdStep, eventIdTime } from '../domain/event-ids.js'
import { timestampFromMillis } from '../domain/time.js'
import { keepPeriods } from '../history/kept-periods.js'
import { DEFAULT_HISTORY_RETENTION_MS, recordHistory } from '../history/record.js'
import type { FeedEvent } from '../ocsf/render.js'
import { EVENT_PEOPLE, EVENT_SOURCES, IMPORT_STEPS, PERSONS } from '../resources/index.js'
import { createDeliveries } from '../webhooks/fan-out.js'
import { bumpGenerations } from './apply.js'
import { erasedIdHash, storedErasureSecret } from './erased.js'
import { eventData, eventJson } from './event-json.js'
import { compareStaged, createStaging, dropStaging, indexStaging, mergeStaged } from './import.js'

/** A recipient the disclosure record held for an erased person: whom to tell (GDPR Art. 19). */
export interface ErasureRecipient {
  recipient_kind: string
  recipient_id: string
  recipient_name: string
}

export interface ErasedPerson {
  id: string
  workspace_id: string
  recipients: ErasureRecipient[]
}

export interface ErasureSummary {
  organizationId: string
  erasedAt: string
  persons: ErasedPerson[]
  /** Rows deleted, per table: the persons' own and every row naming them. */
  deleted: Record<string, number>
  /** Rows that named them and stay, changed (by what the resource calls them). */
  changed: Record<string, number>
  /** Past events naming them deleted from the feed, with their webhook deliveries. */
  eventsDeleted: number
  deliveriesDeleted: number
  /** `employee.erased` events recorded, and their deliveries queued. */
  eventsRecorded: number
  deliveriesQueued: number
  dryRun: boolean
  seconds: number
  /** Seconds per step, in the order they ran. */
  phases: { phase: string; seconds: number }[]
}

/** Ids that are no employee of the organization (unknown, or another organization's): nothing changed. */
export class ErasureRefused extends Error {
  constructor(
    readonly organizationId: string,
    readonly ids: readonly string[],
  ) {
    super(`not an employee of organization ${organizationId}: ${ids.join(', ')}; nothing was erased`)
    this.name = 'ErasureRefused'
  }
}

export interface ErasureOptions {
  reason?: string
  dryRun?: boolean
}

/** Ids per statement that lists them. */
const BATCH = 500
/** Events read per statement while looking for those naming an erased person. */
const EVENT_BATCH = 2000
/** Up to this many people erased at once, the database finds the events whose text names one. */
const FEW_ERASED = 16
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/**
 * Erases these employees of the organization in one transaction (CONTRACT 20); with `dryRun`, does
 * all of it, counts, and rolls back. Throws ErasureRefused, having changed nothing, when an id is
 * not an employee of the organization.
 */
export async function eraseEmployees(
  handle: DatabaseHandle,
  organizationId: string,
  ids: readonly string[],
  options: ErasureOptions = {},
): Promise<ErasureSummary> {
  const started = performance.now()
  const phases: { phase: string; seconds: number }[] = []
  let last = started
  const mark = (phase: string) => {
    const now = performance.now()
    phases.push({ phase, seconds: (now - last) / 1000 })
    last = now
  }
  const wanted = [...new Set(ids)]
  const summary = await withWriteSession(
    handle,
    async (session) => {
      const persons = await employeesOf(session, organizationId, wanted)
      const missing = wanted.filter((id) => !persons.has(id))
      if (missing.length > 0) throw new ErasureRefused(organizationId, missing)
      const recipients = await recipientsOf(session, organizationId, wanted)
      await createStaging(session)
      await indexStaging(session)
      const { differs } = await compareStaged(session)
      const erased = wanted.map((id) => [id, persons.get(id) as string])
      await session.insertMany('stg_erased', ['id', 'workspace_id'], encodeRows(session.dialect, erased))
      const workspaces = [...new Set(persons.values())].sort()
      for (const table of ['stg_touched', 'stg_snapshot'])
        await session.insertMany(
          table,
          ['workspace_id'],
          encodeRows(
            session.dialect,
            workspaces.map((w) => [w]),
          ),
        )
      await analyzeTemporary(session, 'stg_erased', 'stg_touched', 'stg_snapshot')
      mark('find')
      const deleted = await deleteNaming(session)
      const changed: Record<string, number> = {}
      for (const steps of IMPORT_STEPS) Object.assign(changed, await steps.erase?.(session))
      mark('delete')
      const forgotten = await deleteEventsNaming(session, workspaces, new Set(wanted))
      mark('events')
      await mergeStaged(session, differs, false)
      for (const steps of IMPORT_STEPS) await steps.derive?.(session)
      mark('derive')
      await keepPeriods(session, IMPORT_STEPS)
      mark('periods')
      const asOf = await momentAfter(session, workspaces)
      await recordHistory(session, IMPORT_STEPS, asOf, () => true, DEFAULT_HISTORY_RETENTION_MS)
      mark('history')
      const recorded = await recordErasedEvents(session, erased as [string, string][])
      const erasedAt = timestampFromMillis(Date.now())
      await keepErasures(session, organizationId, wanted, erasedAt, options.reason ?? null, recipients)
      await bumpGenerations(session, differs)
      await dropStaging(session)
      mark('record')
      return {
        organizationId,
        erasedAt,
        persons: wanted.map((id) => ({
          id,
          workspace_id: persons.get(id) as string,
          recipients: recipients.get(id) ?? [],
        })),
        deleted,
        changed,
        eventsDeleted: forgotten.events,
        deliveriesDeleted: forgotten.deliveries,
        eventsRecorded: recorded.events,
        deliveriesQueued: recorded.deliveries,
        dryRun: options.dryRun === true,
      }
    },
    { commit: options.dryRun !== true },
  )
  mark('commit')
  return { ...summary, seconds: (performance.now() - started) / 1000, phases }
}

/** The workspace of each of these ids that is an employee of the organization. */
async function employeesOf(
  session: WriteSession,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await session.rows<{ id: string; workspace_id: string }>(sql`
      select e.id, e.workspace_id from ${sql.table(PERSONS.table)} e join workspaces w on w.id = e.workspace_id
      where w.organization_id = ${organizationId} and e.id in (${sql.join(ids.slice(i, i + BATCH))})`)
    for (const r of rows) found.set(r.id, r.workspace_id)
  }
  return found
}

/** Every recipient the disclosure record holds for each of these persons, in a stable order. */
async function recipientsOf(
  session: WriteSession,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, ErasureRecipient[]>> {
  const found = new Map<string, ErasureRecipient[]>()
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await session.rows<ErasureRecipient & { employee_id: string }>(sql`
      select employee_id, recipient_kind, recipient_id, max(recipient_name) as recipient_name
      from disclosures
      where organization_id = ${organizationId} and employee_id in (${sql.join(ids.slice(i, i + BATCH))})
      group by employee_id, recipient_kind, recipient_id
      order by employee_id, recipient_kind, recipient_id`)
    for (const { employee_id: id, ...recipient } of rows) {
      const list = found.get(id) ?? []
      list.push(recipient)
      found.set(id, list)
    }
  }
  return found
}

/** Every table of the schema and how it names an employee: by `employee_id`, or as the employee's own row. */
async function tablesNaming(session: WriteSession): Promise<{ table: string; where: string }[]> {
  const columns = await session.rows<{ table_name: string; column_name: string }>(
    session.dialect === 'postgres'
      ? sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() order by table_name, column_name`
      : sql`select m.name as table_name, p.name as column_name
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' order by m.name, p.name`,
  )
  const byTable = new Map<string, Set<string>>()
  for (const { table_name: table, column_name: column } of columns) {
    const set = byTable.get(table) ?? new Set()
    set.add(column)
    byTable.set(table, set)
  }
  const naming: { table: string; where: string }[] = []
  for (const [table, has] of byTable) {
    if (table.startsWith('stg_')) continue
    if (has.has('employee_id')) {
      // Led by the workspace (or organization) where the table is: its keys and indexes are.
      const scope = has.has('workspace_id')
        ? '(workspace_id, employee_id) in (select workspace_id, id from stg_erased)'
        : has.has('organization_id')
          ? `(organization_id, employee_id) in (
              select w.organization_id, x.id from stg_erased x join workspaces w on w.id = x.workspace_id)`
          : 'employee_id in (select id from stg_erased)'
      naming.push({ table, where: scope })
    }
  }
  // The people's own rows, and their renderings.
  for (const table of PERSONS.tables)
    naming.push({ table, where: '(workspace_id, id) in (select workspace_id, id from stg_erased)' })
  return naming
}

/** Deletes every row naming an erased employee; how many, per table (those with any). */
async function deleteNaming(session: WriteSession): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {}
  for (const { table, where } of await tablesNaming(session)) {
    const count = await session.exec(sql.raw(`delete from ${table} where ${where}`))
    if (count > 0) deleted[table] = count
  }
  return deleted
}

/**
 * Deletes the events of these workspaces that name an erased person (their object is, or holds a
 * reference to, one of them, as the events' walk finds), with their webhook deliveries and attempts.
 * The events are read in the feed's order, a batch at a time; only those whose text holds an erased
 * id are parsed.
 */
async function deleteEventsNaming(
  session: WriteSession,
  workspaces: readonly string[],
  erased: ReadonlySet<string>,
): Promise<{ events: number; deliveries: number }> {
  const named: string[] = []
  const positions: string[][] = []
  // A few people: the database keeps to the events whose text holds one of them (it reads the text
  // where it lies); many: every event comes, and is searched here.
  const position = session.dialect === 'postgres' ? 'strpos' : 'instr'
  const mentioning =
    erased.size > FEW_ERASED
      ? sql``
      : sql`and (${sql.join(
          [...erased].map((id) => sql`${sql.raw(position)}(json, ${id}) > 0`),
          sql` or `,
        )})`
  for (const workspace of workspaces) {
    let position: [string, string] | null = null
    for (;;) {
      const after: ReturnType<typeof sql> =
        position === null ? sql`` : sql`and (created_at, id) > (${position[0]}, ${position[1]})`
      const rows: { id: string; created_at: string; json: string }[] = await session.rows(sql`
        select id, created_at, json from events where workspace_id = ${workspace} ${after} ${mentioning}
        order by created_at, id limit ${sql.lit(EVENT_BATCH)}`)
      for (const row of rows) {
        const mentioned = row.json.match(UUID)
        if (mentioned === null || !mentioned.some((id) => erased.has(id))) continue
        const people = new Set<string>()
        EVENT_PEOPLE.ids(JSON.parse(row.json) as FeedEvent, people)
        if (![...people].some((id) => erased.has(id))) continue
        named.push(row.id)
        positions.push([row.id, workspace, row.created_at])
      }
      const last = rows.at(-1)
      if (last === undefined || rows.length < EVENT_BATCH) break
      position = [last.created_at, last.id]
    }
  }
  if (positions.length > 0)
    await session.insertMany(
      'forgotten_events',
      ['id', 'workspace_id', 'created_at'],
      encodeRows(session.dialect, positions),
    )
  let deliveries = 0
  for (let i = 0; i < named.length; i += BATCH) {
    const batch = sql.join(named.slice(i, i + BATCH))
    await session.exec(sql`delete from webhook_attempts where event_id in (${batch})`)
    deliveries += await session.exec(sql`delete from webhook_deliveries where event_id in (${batch})`)
    await session.exec(sql`delete from events where id in (${batch})`)
  }
  return { events: named.length, deliveries }
}

/** The moment the erasure keeps in the history: now, or the workspaces' latest if that is later. */
async function momentAfter(session: WriteSession, workspaces: readonly string[]): Promise<string> {
  const now = timestampFromMillis(Date.now())
  const [latest] = await session.rows<{ as_of: string | null }>(sql`
    select max(as_of) as as_of from workspace_snapshots where workspace_id in (${sql.join(workspaces)})`)
  return latest?.as_of != null && latest.as_of > now ? latest.as_of : now
}

/** One erased event (PERSONS.erasedEvent) per person, after every stored event, and their webhook deliveries. */
async function recordErasedEvents(
  session: WriteSession,
  erased: readonly [id: string, workspace: string][],
): Promise<{ events: number; deliveries: number }> {
  const [last] = await session.rows<{ id: string | null }>(sql`select max(id) as id from events`)
  const lastMs = last?.id ? (eventIdMillis(last.id) ?? 0) : 0
  const ms = Math.max(Date.now(), lastMs + 1)
  const createdAt = timestampFromMillis(ms)
  // After every step an import records (three per source).
  const step = `${eventIdTime(ms)}${eventIdStep(EVENT_SOURCES.length * 3)}`
  const secret = randomBytes(16).toString('hex')
  const rows = erased.map(([id, workspace]) => {
    const eventId = eventIdOfRecord(step, secret, `${workspace}/${id}`)
    const head = { id: eventId, type: PERSONS.erasedEvent, created_at: createdAt, workspace_id: workspace }
    return [
      eventId,
      workspace,
      PERSONS.erasedEvent,
      createdAt,
      eventJson(head, eventData(JSON.stringify({ id }))),
    ]
  })
  rows.sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1))
  await session.insertMany(
    'events',
    ['id', 'workspace_id', 'type', 'created_at', 'json'],
    encodeRows(session.dialect, rows),
  )
  const first = rows[0]?.[0] as string
  return { events: rows.length, deliveries: await createDeliveries(session, first, createdAt) }
}

/** The service's erasure secret (raw bytes), made by the first erasure. */
async function erasureSecret(session: WriteSession): Promise<Buffer> {
  const kept = await storedErasureSecret(session)
  if (kept !== null) return kept
  const secret = randomBytes(32)
  await session.exec(sql`insert into service_state (name, value)
    values (${ERASURE_SECRET}, ${secret.toString('base64')})`)
  return secret
}

async function keepErasures(
  session: WriteSession,
  organizationId: string,
  ids: readonly string[],
  erasedAt: string,
  reason: string | null,
  recipients: ReadonlyMap<string, ErasureRecipient[]>,
): Promise<void> {
  const secret = await erasureSecret(session)
  await session.insertMany(
    'erasures',
    ['organization_id', 'id_hash', 'erased_at', 'reason', 'recipients', 'lifted_at'],
    encodeRows(
      session.dialect,
      ids.map((id) => [
        organizationId,
        erasedIdHash(secret, id),
        erasedAt,
        reason,
        JSON.stringify(recipients.get(id) ?? []),
        null,
      ]),
    ),
  )
}
