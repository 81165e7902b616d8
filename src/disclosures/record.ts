// The disclosure record (CONTRACT 20): what left the service carrying whom. Answers are counted in
// memory, per employee, recipient, operation and UTC day, and written in transactions of a bounded
// size at least once a second and when the process stops (every write adds to what is stored, so several
// processes add up). A pseudonymous reader's answer names its people by pseudonym: they are recorded
// under their real ids, looked up when written. Recording never holds an answer back: a write the
// database refuses (a lock held by an import) is counted again for the next one.

import { CompiledQuery, type Kysely, sql } from 'kysely'
import { type DialectName, dialectOf } from '../db/dialect.js'
import type { Database } from '../db/tables.js'
import { timestampFromMillis } from '../domain/time.js'

/** Who received an answer: an API key, or a webhook endpoint. */
export interface Recipient {
  organizationId: string
  kind: 'key' | 'webhook'
  id: string
  /** The key's name, or the endpoint URL's host (with a port that is not the scheme's default). */
  name: string
  /** What it may see of a person. */
  privacy: string
}

/** The real ids of an organization's employees by these pseudonyms (those that still have one). */
export type PseudonymResolver = (
  organizationId: string,
  pseudonyms: readonly string[],
) => Promise<Map<string, string>>

export interface RecorderOptions {
  /** Rows older than this many days go (DISCLOSURE_RETENTION_DAYS). */
  retentionDays: number
  resolve: PseudonymResolver
  now?: () => number
  onError?: (error: unknown) => void
}

/** One person's answers to one recipient by one operation on one day, in this process. */
interface Entry {
  /** Answers not written yet. */
  answers: number
  first: number
  last: number
  /** Whether the row was written (after that, only its count and last time change). */
  stored: boolean
}

/** The answers of one page's people as read (real ids joined), until a flush spreads them to each. */
interface PageEntry {
  joined: string
  answers: number
  first: number
  last: number
}

/** Characters of a page's people that key it: its first two ids (the rest compared when they match). */
const PAGE_KEY = 73

/** What one recipient was sent by one operation on one day, in this process. */
interface Batch {
  recipient: Recipient
  operation: string
  day: string
  /** By real id, and by pseudonym (looked up when written). */
  ids: Map<string, Entry>
  pseudonyms: Map<string, Entry>
  /**
   * Pages by their people joined (keyed by its start, then compared whole: a long string's hash
   * costs what reading it does): a page asked again is one look-up, its people split once a flush
   * (a deep walk repeats the same pages, each naming a hundred people).
   */
  pages: Map<string, PageEntry[]>
  /** Its answers' count in `answered` (the map of answers it was counted in). */
  answered?: { in: Map<string, Answered>; entry: Answered }
}

/** An entry of a batch, by the person as counted (a real id, or a pseudonym). */
interface Candidate {
  batch: Batch
  person: string
  pseudonymous: boolean
  entry: Entry
}

/** A row to write: a person's entry, its real id, and the answers it adds. */
interface Carried {
  batch: Batch
  entry: Entry
  person: string
  answers: number
}

interface Answered {
  recipient: Recipient
  operation: string
  day: string
  parameters: string
  answers: number
  first: number
  last: number
}

const SEP = '\u0000'
const DAY_MS = 86_400_000
/** Rows per statement: well under either database's limit of bound values (11 a row). */
const ROWS_PER_STATEMENT = 200
/** Rows per transaction of a flush, between which the process serves (on SQLite a transaction holds the one thread). */
const ROWS_PER_TRANSACTION = ROWS_PER_STATEMENT
const PRUNE_EVERY_MS = 3_600_000
const PRUNE_BATCH = 1000
const PRUNE_FIRST_MS = 60_000
/** How long a stopping recorder tries again a write the database refuses (within SHUTDOWN_TIMEOUT). */
const STOP_RETRIES_MS = 3000
/** How often the answers of people already recorded that day are added to their rows. */
export const COUNTS_EVERY_MS = 60_000

/** The UTC day of an instant, as stored: `2026-12-02`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** What one recipient was sent by one operation on one day, as a map's key. */
const batchKey = (r: Recipient, operation: string, day: string): string =>
  `${r.kind}${SEP}${r.id}${SEP}${operation}${SEP}${day}`

/** An aggregate key's question's parameters as kept: by name, the key's order, the values as given. */
export const parametersText = (parameters: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(parameters)
        .sort()
        .map((name) => [name, parameters[name]]),
    ),
  )

/**
 * Counts in memory and writes in batches: every second the people not yet recorded that day for a
 * recipient and operation (who received whom is kept within the second), and the questions (an
 * operation with its parameters) not yet recorded that day; every COUNTS_EVERY_MS the answers of
 * those already recorded (how often, and the last time): a reader that asks the same again and
 * again costs a row's update a minute, not one a second (on SQLite, a write a second would also
 * empty the serving connections' page caches each second).
 */
export class DisclosureRecorder {
  private batches = new Map<string, Batch>()
  /** Entries made since the last flush took them: what a flush without the counts writes. */
  private fresh: Candidate[] = []
  /** Pages first counted since the last flush: their people may not be recorded yet. */
  private freshPages: { batch: Batch; page: PageEntry }[] = []
  /** The batch of the last answer: a client's answers come one after another. */
  private lastBatch: Batch | undefined
  private answeredNow = new Map<string, Answered>()
  /**
   * The answers' rows (recipient, operation, day, parameters) written so far, by day: a question
   * already recorded that day waits for the counts, as a person already recorded does.
   */
  private answeredStored = new Map<string, Set<string>>()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private lastPrune = 0
  private lastCounts = 0
  /** The current day's text and its bounds: formatted once a day, not per answer. */
  private dayText = ''
  private dayStarts = 0

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: RecorderOptions,
  ) {
    this.lastCounts = this.now()
    // The first pruning a minute after the start: a process that only runs a command prunes nothing.
    this.lastPrune = this.lastCounts - PRUNE_EVERY_MS + PRUNE_FIRST_MS
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  private day(ms: number): string {
    if (ms < this.dayStarts || ms >= this.dayStarts + DAY_MS) {
      this.dayText = dayOf(ms)
      this.dayStarts = Math.floor(ms / DAY_MS) * DAY_MS
    }
    return this.dayText
  }

  /**
   * An answer sent to `recipient` by `operation`, carrying these people: their real ids (`ids`, or
   * `joined` by commas as a page read them), or their pseudonyms in the recipient's organization
   * (`pseudonyms`).
   */
  carried(
    recipient: Recipient,
    operation: string,
    people: { ids?: Iterable<string>; pseudonyms?: Iterable<string>; joined?: string },
  ): void {
    const ms = this.now()
    const day = this.day(ms)
    if (people.ids === undefined && people.pseudonyms === undefined && people.joined === undefined) return
    const batch = this.batchOf(recipient, operation, day)
    let counted =
      this.count(batch, batch.ids, people.ids, false, ms) +
      this.count(batch, batch.pseudonyms, people.pseudonyms, true, ms)
    if (people.joined !== undefined) {
      counted++
      this.countPage(batch, people.joined, ms)
    }
    if (counted === 0) return
    const answered = batch.answered
    if (answered !== undefined && answered.in === this.answeredNow) {
      answered.entry.answers++
      answered.entry.last = ms
    } else batch.answered = { in: this.answeredNow, entry: this.answer(recipient, operation, day, '', ms) }
  }

  private batchOf(recipient: Recipient, operation: string, day: string): Batch {
    const last = this.lastBatch
    if (
      last !== undefined &&
      last.recipient.id === recipient.id &&
      last.recipient.kind === recipient.kind &&
      last.operation === operation &&
      last.day === day
    )
      return last
    const key = batchKey(recipient, operation, day)
    let batch = this.batches.get(key)
    if (batch === undefined) {
      batch = { recipient, operation, day, ids: new Map(), pseudonyms: new Map(), pages: new Map() }
      this.batches.set(key, batch)
    }
    this.lastBatch = batch
    return batch
  }

  /** One answer of a page whose people were read joined. */
  private countPage(batch: Batch, joined: string, ms: number): void {
    const key = joined.slice(0, PAGE_KEY)
    let pages = batch.pages.get(key)
    if (pages === undefined) {
      pages = []
      batch.pages.set(key, pages)
    }
    for (const page of pages)
      if (page.joined === joined) {
        if (page.answers === 0) page.first = ms
        page.answers++
        page.last = ms
        return
      }
    const page = { joined, answers: 1, first: ms, last: ms }
    pages.push(page)
    this.freshPages.push({ batch, page })
  }

  /** A page's answers added to each of its people (once each): those new to the batch are fresh. */
  private spread(batch: Batch, page: PageEntry): void {
    if (page.answers === 0) return
    for (const person of new Set(page.joined.split(','))) {
      const entry = batch.ids.get(person)
      if (entry === undefined) {
        const made = { answers: page.answers, first: page.first, last: page.last, stored: false }
        batch.ids.set(person, made)
        this.fresh.push({ batch, person, pseudonymous: false, entry: made })
      } else mergeInto(entry, page)
    }
    page.answers = 0
  }

  /** Counts one answer for each of `persons` among `entries`; how many. */
  private count(
    batch: Batch,
    entries: Map<string, Entry>,
    persons: Iterable<string> | undefined,
    pseudonymous: boolean,
    ms: number,
  ): number {
    if (persons === undefined) return 0
    let n = 0
    for (const person of persons) {
      n++
      const entry = entries.get(person)
      if (entry !== undefined) {
        entry.answers++
        entry.last = ms
        continue
      }
      const made = { answers: 1, first: ms, last: ms, stored: false }
      entries.set(person, made)
      this.fresh.push({ batch, person, pseudonymous, entry: made })
    }
    return n
  }

  /** An aggregate key's question: the operation and its parameters (the key excluded). */
  asked(recipient: Recipient, operation: string, parameters: Readonly<Record<string, unknown>>): void {
    const ms = this.now()
    this.answer(recipient, operation, this.day(ms), parametersText(parameters), ms)
  }

  private answer(
    recipient: Recipient,
    operation: string,
    day: string,
    parameters: string,
    ms: number,
  ): Answered {
    const id = answeredId({ recipient, operation, day, parameters })
    const entry = this.answeredNow.get(id)
    if (entry !== undefined) {
      entry.answers++
      entry.last = ms
      return entry
    }
    const made = { recipient, operation, day, parameters, answers: 1, first: ms, last: ms }
    this.answeredNow.set(id, made)
    return made
  }

  /** Entries not written yet: people not recorded, answers not counted (for the tests). */
  pending(): number {
    let n = this.answeredNow.size
    for (const batch of this.batches.values()) {
      for (const entries of [batch.ids, batch.pseudonyms])
        for (const entry of entries.values()) if (!entry.stored || entry.answers > 0) n++
      for (const pages of batch.pages.values()) for (const page of pages) if (page.answers > 0) n++
    }
    return n
  }

  /** Writes what was counted every `intervalMs`. */
  start(intervalMs = 1000): void {
    this.timer = setInterval(
      () => void this.flush().catch((error) => this.options.onError?.(error)),
      intervalMs,
    )
    this.timer.unref()
  }

  /**
   * Stops the timer and writes everything left, the answers of people already recorded included. No
   * flush follows this one: a refused write (a connection the database refuses, a lock) is tried
   * again, waiting longer each time, for up to STOP_RETRIES_MS.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    for (let waited = 0, wait = 50; ; waited += wait, wait *= 2) {
      try {
        await this.flush(true)
        return
      } catch (error) {
        if (waited + wait > STOP_RETRIES_MS) throw error
        this.options.onError?.(error)
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }

  /**
   * Writes the people not yet recorded, and every COUNTS_EVERY_MS (or when `everything`) all the
   * answers counted, in transactions of at most ROWS_PER_TRANSACTION rows with the process's other
   * work let in between; on failure what is not written stays counted for the next flush,
   * so that a database outage or a lock loses nothing while the process lives. One at a time.
   */
  flush(everything = false): Promise<void> {
    const next = this.flushing.then(() => this.write(everything))
    this.flushing = next.catch(() => {})
    return next
  }

  private async write(everything: boolean): Promise<void> {
    const now = this.now()
    const counts = everything || now - this.lastCounts >= COUNTS_EVERY_MS
    // The pages' answers go to their people: new pages now (their people may be new), every page
    // with the counts (then forgotten: a page is split at most once a flush).
    for (const { batch, page } of this.freshPages) this.spread(batch, page)
    this.freshPages = []
    if (counts)
      for (const batch of this.batches.values()) {
        for (const pages of batch.pages.values()) for (const page of pages) this.spread(batch, page)
        batch.pages.clear()
      }
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now
      await pruneDisclosures(this.db, this.options.retentionDays, now)
    }
    const waiting = new Map<string, Answered>()
    const answered: Answered[] = []
    for (const [id, a] of this.answeredNow)
      if (counts || !this.answeredStored.get(a.day)?.has(id)) answered.push(a)
      else waiting.set(id, a)
    const taken = this.fresh
    this.fresh = []
    let carried: Carried[]
    try {
      carried = await this.due(counts ? this.everyEntry() : taken)
    } catch (error) {
      this.fresh = [...taken, ...this.fresh]
      throw error
    }
    if (carried.length === 0 && answered.length === 0) {
      if (counts) this.lastCounts = now
      return
    }
    // A new map: the batches' hold on an entry taken now ends (their next answer makes another).
    this.answeredNow = waiting
    // Written in transactions of at most ROWS_PER_TRANSACTION rows, the answers first, the
    // process's other work let in between: a minute's counts of a whole workspace's people would
    // otherwise hold a SQLite server's one thread for seconds, and it would shed its requests.
    // What a transaction wrote is no longer pending (answers counted meanwhile stay); a refused
    // one leaves the rest for the next flush.
    try {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < answered.length; i += ROWS_PER_STATEMENT)
          await addAnswered(trx, answered.slice(i, i + ROWS_PER_STATEMENT))
      })
    } catch (error) {
      for (const a of answered) this.restoreAnswered(a)
      this.fresh = [...taken, ...this.fresh]
      throw error
    }
    for (const a of answered) {
      const stored = this.answeredStored.get(a.day) ?? new Set<string>()
      stored.add(answeredId(a))
      this.answeredStored.set(a.day, stored)
    }
    for (let start = 0; start < carried.length; start += ROWS_PER_TRANSACTION) {
      const chunk = carried.slice(start, start + ROWS_PER_TRANSACTION)
      if (start > 0) await new Promise((resolve) => setImmediate(resolve))
      try {
        await this.db.transaction().execute(async (trx) => {
          for (let i = 0; i < chunk.length; i += ROWS_PER_STATEMENT)
            await addCarried(trx, chunk.slice(i, i + ROWS_PER_STATEMENT))
        })
      } catch (error) {
        // The entries taken are looked at again; those written are no longer due.
        this.fresh = [...taken, ...this.fresh]
        throw error
      }
      for (const c of chunk) {
        c.entry.stored = true
        c.entry.answers -= c.answers
      }
    }
    if (counts) {
      this.lastCounts = now
      // A past day's batch is done once everything of it is written.
      const today = dayOf(now)
      for (const day of this.answeredStored.keys()) if (day < today) this.answeredStored.delete(day)
      for (const [key, batch] of this.batches)
        if (
          batch.day < today &&
          batch.pages.size === 0 &&
          [...batch.ids.values(), ...batch.pseudonyms.values()].every((e) => e.answers === 0)
        )
          this.batches.delete(key)
    }
  }

  /** Every entry of every batch: what a flush with the counts looks through. */
  private *everyEntry(): Iterable<Candidate> {
    for (const batch of this.batches.values()) {
      for (const [person, entry] of batch.ids) yield { batch, person, pseudonymous: false, entry }
      for (const [person, entry] of batch.pseudonyms) yield { batch, person, pseudonymous: true, entry }
    }
  }

  /**
   * The rows to write of these entries: those not yet recorded, and those with answers to add;
   * pseudonyms looked up (per organization, one statement each) and written under the real id.
   */
  private async due(candidates: Iterable<Candidate>): Promise<Carried[]> {
    const rows: Carried[] = []
    const byPseudonym: Candidate[] = []
    const pseudonymsOf = new Map<string, Set<string>>()
    for (const c of candidates) {
      if (c.entry.stored && c.entry.answers === 0) continue
      if (!c.pseudonymous) {
        rows.push({ batch: c.batch, entry: c.entry, person: c.person, answers: c.entry.answers })
        continue
      }
      byPseudonym.push(c)
      const organizationId = c.batch.recipient.organizationId
      const set = pseudonymsOf.get(organizationId) ?? new Set()
      set.add(c.person)
      pseudonymsOf.set(organizationId, set)
    }
    if (byPseudonym.length === 0) return rows
    const found = new Map<string, Map<string, string>>()
    for (const [organizationId, pseudonyms] of pseudonymsOf)
      found.set(organizationId, await this.options.resolve(organizationId, [...pseudonyms]))
    const rowKey = (batch: Batch, person: string) =>
      `${batchKey(batch.recipient, batch.operation, batch.day)}${SEP}${person}`
    const seen = new Set(rows.map((r) => rowKey(r.batch, r.person)))
    for (const c of byPseudonym) {
      const person = found.get(c.batch.recipient.organizationId)?.get(c.person)
      // A pseudonym no employee has any more (deleted since) names nobody the record can keep.
      if (person === undefined) {
        c.entry.stored = true
        c.entry.answers = 0
        continue
      }
      // One row per person: a real id and a pseudonym of the same person in one batch never meet
      // (a recipient's privacy does not change), but the statement must not name a row twice.
      if (seen.has(rowKey(c.batch, person))) continue
      seen.add(rowKey(c.batch, person))
      rows.push({ batch: c.batch, entry: c.entry, person, answers: c.entry.answers })
    }
    return rows
  }

  private restoreAnswered(a: Answered): void {
    const id = answeredId(a)
    const entry = this.answeredNow.get(id)
    if (entry === undefined) this.answeredNow.set(id, a)
    else mergeInto(entry, a)
  }
}

/** The key of an answers' row: recipient, operation, day and parameters. */
const answeredId = (a: Pick<Answered, 'recipient' | 'operation' | 'day' | 'parameters'>): string =>
  `${batchKey(a.recipient, a.operation, a.day)}${SEP}${a.parameters}`

function mergeInto(entry: { answers: number; first: number; last: number }, other: typeof entry): void {
  entry.answers += other.answers
  if (other.first < entry.first) entry.first = other.first
  if (other.last > entry.last) entry.last = other.last
}

/** SQL: what an upsert into `table` sets on a row already there: the answers added, the span widened. */
const merged = (table: string): string => `answers = ${table}.answers + excluded.answers,
  recipient_name = excluded.recipient_name,
  first_at = case when excluded.first_at < ${table}.first_at then excluded.first_at else ${table}.first_at end,
  last_at = case when excluded.last_at > ${table}.last_at then excluded.last_at else ${table}.last_at end`

const CARRIED_COLUMNS = [
  'organization_id',
  'employee_id',
  'day',
  'recipient_kind',
  'recipient_id',
  'operation',
  'recipient_name',
  'privacy',
  'first_at',
  'last_at',
  'answers',
] as const

/**
 * The upsert of `rows` people, as text: written once per size and dialect and run with bound values,
 * since a flush may write a whole workspace's people and a builder costs more per row than the write.
 */
const carriedText = (() => {
  const texts = new Map<string, string>()
  return (dialect: DialectName, rows: number): string => {
    const key = `${dialect} ${rows}`
    let text = texts.get(key)
    if (text === undefined) {
      let n = 0
      const row = () =>
        `(${CARRIED_COLUMNS.map(() => (dialect === 'postgres' ? `$${++n}` : '?')).join(', ')})`
      text = `insert into disclosures (${CARRIED_COLUMNS.join(', ')}) values ${Array.from({ length: rows }, row).join(', ')}
        on conflict (organization_id, employee_id, day, recipient_kind, recipient_id, operation) do update set
        ${merged('disclosures')}`
      texts.set(key, text)
    }
    return text
  }
})()

async function addCarried(db: Kysely<Database>, rows: Carried[]): Promise<void> {
  const values: unknown[] = []
  for (const { batch, entry, person, answers } of rows) {
    const r = batch.recipient
    values.push(
      r.organizationId,
      person,
      batch.day,
      r.kind,
      r.id,
      batch.operation,
      r.name,
      r.privacy,
      timestampFromMillis(entry.first),
      timestampFromMillis(entry.last),
      answers,
    )
  }
  await db.executeQuery(CompiledQuery.raw(carriedText(dialectOf(db), rows.length), values))
}

async function addAnswered(db: Kysely<Database>, rows: Answered[]): Promise<void> {
  await db
    .insertInto('disclosure_answers')
    .values(
      rows.map((r) => ({
        recipient_kind: r.recipient.kind,
        recipient_id: r.recipient.id,
        day: r.day,
        operation: r.operation,
        parameters: r.parameters,
        organization_id: r.recipient.organizationId,
        recipient_name: r.recipient.name,
        privacy: r.recipient.privacy,
        first_at: timestampFromMillis(r.first),
        last_at: timestampFromMillis(r.last),
        answers: r.answers,
      })),
    )
    .modifyEnd(
      sql.raw(`on conflict (recipient_kind, recipient_id, day, operation, parameters) do update set
        ${merged('disclosure_answers')}`),
    )
    .execute()
}

/**
 * Deletes the days older than the retention (DISCLOSURE_RETENTION_DAYS), a thousand rows at a
 * time, recipient by recipient (the index the record is read by).
 */
export async function pruneDisclosures(
  db: Kysely<Database>,
  retentionDays: number,
  nowMs = Date.now(),
): Promise<number> {
  const cutoff = dayOf(nowMs - retentionDays * DAY_MS)
  const recipients = await db
    .selectFrom('disclosure_answers')
    .select(['recipient_kind', 'recipient_id'])
    .distinct()
    .where('day', '<', cutoff)
    .execute()
  let deleted = 0
  for (const { recipient_kind: kind, recipient_id: id } of recipients)
    for (;;) {
      const result =
        await sql`delete from disclosures where (organization_id, employee_id, day, recipient_kind, recipient_id, operation) in (
          select organization_id, employee_id, day, recipient_kind, recipient_id, operation from disclosures
          where recipient_kind = ${kind} and recipient_id = ${id} and day < ${cutoff} limit ${PRUNE_BATCH})`.execute(
          db,
        )
      const count = Number(result.numAffectedRows ?? 0n)
      deleted += count
      if (count === 0) break
    }
  const answers = await db.deleteFrom('disclosure_answers').where('day', '<', cutoff).executeTakeFirst()
  return deleted + Number(answers.numDeletedRows)
}
