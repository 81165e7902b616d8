// The usage record of keys: per key, hour, route and status class, the requests, the bytes sent,
// when first and last seen, and the client addresses (at most MAX_ADDRESSES per key and hour in
// each process); and, per client address and hour, the failed authentications (nothing of what
// was sent). Counted in memory and written in one batch at most once a minute per process, and
// at shutdown: every write adds to what is stored, so several processes add up.

import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/tables.js'
import { timestampFromMillis } from '../domain/time.js'

/** Distinct client addresses kept per key and hour, in each process. */
export const MAX_ADDRESSES = 100
/** Client addresses with failed authentications kept per hour and flush; the rest count as `*`. */
const MAX_FAILING_ADDRESSES = 10_000
/** Rows per statement: well under either database's limit of bound values. */
const ROWS_PER_STATEMENT = 400

interface Counted {
  keyId: string
  hour: string
  route: string
  statusClass: string
  requests: number
  bytes: number
  /** Epoch milliseconds: formatted once, when written. */
  firstSeen: number
  lastSeen: number
}

const SEP = '\u0000'
const HOUR_MS = 3_600_000
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx']

/** The hour of an instant, as stored: `2026-11-26T09:00:00.000000Z`. */
export const hourOf = (ms: number): string => `${new Date(ms).toISOString().slice(0, 13)}:00:00.000000Z`

export class UsageRecorder {
  private counted = new Map<string, Counted>()
  private addresses = new Map<string, Set<string>>()
  private failures = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  /** The current hour's text and where it ends: formatted once an hour, not per request. */
  private hourText = ''
  private hourEnds = 0

  private lastPrune = 0

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { retentionMs: number; now?: () => number },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  private hour(ms: number): string {
    if (ms >= this.hourEnds || ms < this.hourEnds - HOUR_MS) {
      this.hourText = hourOf(ms)
      this.hourEnds = Math.floor(ms / HOUR_MS) * HOUR_MS + HOUR_MS
    }
    return this.hourText
  }

  /** Counts an answered request of a verified key. */
  record(keyId: string, route: string, status: number, bytes: number, address: string | undefined): void {
    const ms = this.now()
    const hour = this.hour(ms)
    const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`
    const id = `${keyId}${SEP}${hour}${SEP}${route}${SEP}${statusClass}`
    const entry = this.counted.get(id)
    if (entry === undefined)
      this.counted.set(id, {
        keyId,
        hour,
        route,
        statusClass,
        requests: 1,
        bytes,
        firstSeen: ms,
        lastSeen: ms,
      })
    else {
      entry.requests++
      entry.bytes += bytes
      entry.lastSeen = ms
    }
    if (address === undefined) return
    const seenId = `${keyId}${SEP}${hour}`
    let seen = this.addresses.get(seenId)
    if (seen === undefined) {
      seen = new Set<string>()
      this.addresses.set(seenId, seen)
    }
    if (seen.size < MAX_ADDRESSES) seen.add(address)
  }

  /** Counts a failed authentication (an unknown, revoked or malformed key) from an address. */
  failed(address: string | undefined): void {
    const hour = this.hour(this.now())
    let id = `${hour}${SEP}${address ?? '*'}`
    if (!this.failures.has(id) && this.failures.size >= MAX_FAILING_ADDRESSES) id = `${hour}${SEP}*`
    this.failures.set(id, (this.failures.get(id) ?? 0) + 1)
  }

  /** Writes what was counted since the last flush every `intervalMs` (and never more often). */
  start(intervalMs = 60_000): void {
    this.timer = setInterval(() => void this.flush().catch(() => {}), intervalMs)
    this.timer.unref()
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }

  /**
   * Writes what was counted, in one transaction; on failure it is counted again for the next
   * flush, so that nothing is lost to a database outage. One flush at a time.
   */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write())
    this.flushing = next.catch(() => {})
    return next
  }

  private async write(): Promise<void> {
    // What is past the retention goes once an hour, from whichever process flushes then.
    if (this.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = this.now()
      await pruneUsage(this.db, this.options.retentionMs, this.lastPrune)
    }
    const counted = [...this.counted.values()]
    const addresses = this.addresses
    const failures = this.failures
    if (counted.length === 0 && failures.size === 0) return
    this.counted = new Map()
    this.addresses = new Map()
    this.failures = new Map()
    try {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < counted.length; i += ROWS_PER_STATEMENT)
          await addUsage(trx, counted.slice(i, i + ROWS_PER_STATEMENT))
        const seen = [...addresses].flatMap(([id, set]) => {
          const [keyId, hour] = id.split(SEP) as [string, string]
          return [...set].map((address) => ({ key_id: keyId, hour, address }))
        })
        for (let i = 0; i < seen.length; i += ROWS_PER_STATEMENT)
          await trx
            .insertInto('key_usage_addresses')
            .values(seen.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((c) => c.columns(['key_id', 'hour', 'address']).doNothing())
            .execute()
        const failed = [...failures].map(([id, count]) => {
          const [hour, address] = id.split(SEP) as [string, string]
          return { hour, address, count }
        })
        for (let i = 0; i < failed.length; i += ROWS_PER_STATEMENT)
          await trx
            .insertInto('auth_failures')
            .values(failed.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((c) =>
              c
                .columns(['hour', 'address'])
                .doUpdateSet({ count: sql`auth_failures.count + excluded.count` }),
            )
            .execute()
      })
    } catch (error) {
      this.restore(counted, addresses, failures)
      throw error
    }
  }

  /** Counts again what a failed flush did not write. */
  private restore(
    counted: Counted[],
    addresses: Map<string, Set<string>>,
    failures: Map<string, number>,
  ): void {
    for (const c of counted) {
      const id = `${c.keyId}${SEP}${c.hour}${SEP}${c.route}${SEP}${c.statusClass}`
      const entry = this.counted.get(id)
      if (entry === undefined) this.counted.set(id, c)
      else {
        entry.requests += c.requests
        entry.bytes += c.bytes
        if (c.firstSeen < entry.firstSeen) entry.firstSeen = c.firstSeen
        if (c.lastSeen > entry.lastSeen) entry.lastSeen = c.lastSeen
      }
    }
    for (const [id, set] of addresses) {
      const seen = this.addresses.get(id) ?? new Set()
      for (const address of set) if (seen.size < MAX_ADDRESSES) seen.add(address)
      this.addresses.set(id, seen)
    }
    for (const [id, count] of failures) this.failures.set(id, (this.failures.get(id) ?? 0) + count)
  }
}

async function addUsage(db: Kysely<Database>, rows: Counted[]): Promise<void> {
  await db
    .insertInto('key_usage')
    .values(
      rows.map((r) => ({
        key_id: r.keyId,
        hour: r.hour,
        route: r.route,
        status_class: r.statusClass,
        requests: r.requests,
        bytes: r.bytes,
        first_seen: timestampFromMillis(r.firstSeen),
        last_seen: timestampFromMillis(r.lastSeen),
      })),
    )
    .onConflict((c) =>
      c.columns(['key_id', 'hour', 'route', 'status_class']).doUpdateSet({
        requests: sql`key_usage.requests + excluded.requests`,
        bytes: sql`key_usage.bytes + excluded.bytes`,
        first_seen: sql`case when excluded.first_seen < key_usage.first_seen then excluded.first_seen else key_usage.first_seen end`,
        last_seen: sql`case when excluded.last_seen > key_usage.last_seen then excluded.last_seen else key_usage.last_seen end`,
      }),
    )
    .execute()
}

/** Deletes what is older than the retention (KEY_USAGE_RETENTION), a thousand rows at a time. */
export async function pruneUsage(
  db: Kysely<Database>,
  retentionMs: number,
  nowMs = Date.now(),
): Promise<number> {
  const cutoff = hourOf(nowMs - retentionMs)
  let deleted = 0
  for (const table of ['key_usage', 'key_usage_addresses', 'auth_failures'] as const) {
    for (;;) {
      const result = await sql`delete from ${sql.table(table)} where hour in (
          select hour from ${sql.table(table)} where hour < ${cutoff} order by hour limit 1000)`.execute(db)
      const count = Number(result.numAffectedRows ?? 0n)
      deleted += count
      if (count === 0) break
    }
  }
  return deleted
}

export interface UsageSummary {
  hour: string
  route: string
  status_class: string
  requests: number
  bytes: number
  first_seen: string
  last_seen: string
}

/** A key's usage since `sinceMs`, newest hour first; the distinct client addresses per hour. */
export async function keyUsage(
  db: Kysely<Database>,
  keyId: string,
  sinceMs: number,
): Promise<{ usage: UsageSummary[]; addresses: { hour: string; addresses: string[] }[] }> {
  const since = hourOf(sinceMs)
  const rows = await db
    .selectFrom('key_usage')
    .select(['hour', 'route', 'status_class', 'requests', 'bytes', 'first_seen', 'last_seen'])
    .where('key_id', '=', keyId)
    .where('hour', '>=', since)
    .orderBy('hour', 'desc')
    .orderBy('route')
    .orderBy('status_class')
    .execute()
  const seen = await db
    .selectFrom('key_usage_addresses')
    .select(['hour', 'address'])
    .where('key_id', '=', keyId)
    .where('hour', '>=', since)
    .orderBy('hour', 'desc')
    .orderBy('address')
    .execute()
  const byHour = new Map<string, string[]>()
  for (const { hour, address } of seen) byHour.set(hour, [...(byHour.get(hour) ?? []), address])
  return {
    usage: rows.map((r) => ({ ...r, requests: Number(r.requests), bytes: Number(r.bytes) })),
    addresses: [...byHour].map(([hour, addresses]) => ({ hour, addresses })),
  }
}
