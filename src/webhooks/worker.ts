// The delivery worker that runs in every `serve` process (unless WEBHOOKS=off), and the pruning of
// events past their retention. Deliveries are an outbox written with the events; a worker claims
// due ones so that no other process sends them at the same time (row locks on PostgreSQL, leases on
// SQLite), sends each, and records the attempt: delivered, due again later, or failed.

import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../db/dialect.js'
import type { Database } from '../db/tables.js'
import { eventIdsFrom } from '../domain/event-ids.js'
import { timestampFromMillis } from '../domain/time.js'
import type { Metrics } from '../observability/metrics.js'
import { type DeliveryRequest, deliver, type Outcome } from './deliver.js'
import { openSecret } from './secrets.js'

/** Waits after each failed attempt (CONTRACT 14); after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000)
/** Longer than a send can take, so that a live process's lease never expires mid-send. */
const LEASE_MS = 60_000
const CLAIM_BATCH = 20
const PRUNE_BATCH = 1000
const PRUNE_EVERY_MS = 60_000

export interface WorkerOptions {
  db: Kysely<Database>
  dialect: DialectName
  metrics?: Metrics
  allowPrivate: boolean
  secretsKey: Buffer | undefined
  retentionMs: number
  /** SQLite: how long a claimed delivery is held before another process may take it. */
  leaseMs?: number
  /** Deliver webhooks (WEBHOOKS=on); pruning runs either way. */
  deliver?: boolean
  /** How often to look for due deliveries. */
  pollMs?: number
  /** Tests shorten the schedule. */
  retryDelaysMs?: readonly number[]
  /** Tests give their own sender. */
  send?: (request: DeliveryRequest) => Promise<Outcome>
  onError?: (error: unknown, context: string) => void
}

/** A delay with ±10 % jitter, so that retries of many deliveries spread out. */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.9 + 0.2 * random()))
}

interface Claimed {
  endpoint_id: string
  event_id: string
  /** Attempts recorded before this one. */
  attempts: number
}

export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false
  private lastPrune = 0

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    this.stopped = false
    const tick = () => {
      if (this.stopped) return
      this.running = this.runOnce()
        .catch((error) => this.options.onError?.(error, 'webhook delivery'))
        .finally(() => {
          this.running = null
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs ?? 1000)
        })
    }
    this.timer = setTimeout(tick, 0)
  }

  /** Stops claiming; resolves once the sends under way have been recorded. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }

  /** One round: prunes when due, then claims and sends due deliveries until none is left. */
  async runOnce(): Promise<void> {
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now()
      await pruneExpired(this.options.db, this.options.retentionMs, this.options.metrics)
    }
    if (this.options.deliver === false) return
    while (!this.stopped) {
      const sent = this.options.dialect === 'postgres' ? await this.roundLocked() : await this.roundLeased()
      if (sent === 0) return
    }
  }

  /**
   * PostgreSQL: due deliveries are locked (`FOR UPDATE SKIP LOCKED`) in a transaction that lasts
   * until their attempts are recorded, so that no other process takes them meanwhile; a process
   * that dies releases its locks with its connection, and the deliveries are due again at once.
   */
  private async roundLocked(): Promise<number> {
    return this.options.db.transaction().execute(async (trx) => {
      const { rows } = await sql<Claimed>`select endpoint_id, event_id, attempts from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${timestampFromMillis(Date.now())}
        order by next_attempt_at limit ${CLAIM_BATCH} for update skip locked`.execute(trx)
      const outcomes = await Promise.all(rows.map((c) => this.send(trx, c)))
      for (const [i, claimed] of rows.entries())
        await this.record(trx, claimed, outcomes[i] as Sent, claimed.attempts)
      return rows.length
    })
  }

  /**
   * SQLite: a writer may not wait on a send, so due deliveries are leased in one statement (its
   * writes are serialized); a lease outlives any send, and a delivery whose process died is due
   * again once its lease has passed.
   */
  private async roundLeased(): Promise<number> {
    const now = timestampFromMillis(Date.now())
    // A read first: a write, even one that changes nothing, would take the database's write lock.
    const due = await sql`select 1 as one from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now} and (leased_until is null or leased_until < ${now})
      limit 1`.execute(this.options.db)
    if (due.rows.length === 0) return 0
    const lease = timestampFromMillis(Date.now() + (this.options.leaseMs ?? LEASE_MS))
    const { rows } = await sql<Claimed>`update webhook_deliveries
      set leased_until = ${lease}, attempts = attempts + 1
      where (endpoint_id, event_id) in (
        select endpoint_id, event_id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${now} and (leased_until is null or leased_until < ${now})
        order by next_attempt_at limit ${CLAIM_BATCH})
      returning endpoint_id, event_id, attempts - 1 as attempts`.execute(this.options.db)
    const outcomes = await Promise.all(rows.map((c) => this.send(this.options.db, c)))
    for (const [i, claimed] of rows.entries()) {
      // Only while the lease is ours: a delivery claimed again since has a higher attempt count.
      await this.options.db
        .transaction()
        .execute((trx) => this.record(trx, claimed, outcomes[i] as Sent, claimed.attempts + 1))
    }
    return rows.length
  }

  private async send(db: Kysely<Database>, claimed: Claimed): Promise<Sent> {
    const row = await db
      .selectFrom('webhook_endpoints as w')
      .leftJoin('events as e', (j) => j.on('e.id', '=', claimed.event_id))
      .select(['w.url', 'w.secret', 'e.json'])
      .where('w.id', '=', claimed.endpoint_id)
      .executeTakeFirst()
    if (row === undefined) return { outcome: null, final: true } // deleted with its deliveries
    if (row.json === null)
      return {
        outcome: { ok: false, statusCode: null, error: 'the event is past its retention' },
        final: true,
      }
    try {
      const secret = openSecret(row.secret, this.options.secretsKey)
      const outcome = await (this.options.send ?? deliver)({
        url: row.url,
        secret,
        id: claimed.event_id,
        body: row.json,
        allowPrivate: this.options.allowPrivate,
      })
      return { outcome, final: false }
    } catch (error) {
      return { outcome: { ok: false, statusCode: null, error: (error as Error).message }, final: false }
    }
  }

  /** Records attempt `claimed.attempts + 1`, where the stored count is still `expected`. */
  private async record(trx: Kysely<Database>, claimed: Claimed, sent: Sent, expected: number): Promise<void> {
    const { outcome, final } = sent
    if (outcome === null) return
    const attempt = claimed.attempts + 1
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS
    const nowMs = Date.now()
    const now = timestampFromMillis(nowMs)
    const delay = delays[attempt - 1]
    const gaveUp = !outcome.ok && (final || delay === undefined)
    const next = outcome.ok || gaveUp ? null : timestampFromMillis(nowMs + withJitter(delay as number))
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.ok ? 'delivered' : gaveUp ? 'failed' : 'pending',
        attempts: attempt,
        leased_until: null,
        ...(next === null ? { finished_at: now } : { next_attempt_at: next }),
      })
      .where('endpoint_id', '=', claimed.endpoint_id)
      .where('event_id', '=', claimed.event_id)
      .where('attempts', '=', expected)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return
    await trx
      .insertInto('webhook_attempts')
      .values({
        endpoint_id: claimed.endpoint_id,
        event_id: claimed.event_id,
        attempt,
        status_code: outcome.statusCode,
        error: outcome.error,
        attempted_at: now,
        next_attempt_at: next,
      })
      .execute()
    this.options.metrics?.webhookDeliveries.inc({
      outcome: outcome.ok ? 'delivered' : gaveUp ? 'failed' : 'retry',
    })
  }
}

interface Sent {
  /** Null: the endpoint is gone, nothing to record. */
  outcome: Outcome | null
  /** No later attempt can succeed (the event is past its retention). */
  final: boolean
}

/**
 * Deletes events older than the retention, and finished deliveries (with their attempts) too, a
 * small batch per statement, so that no import or read waits on a long delete. The organizations
 * whose events went get a new data generation: their feed's first page changed, and so its ETag.
 */
export async function pruneExpired(
  db: Kysely<Database>,
  retentionMs: number,
  metrics?: Metrics,
): Promise<number> {
  const cutoffMs = Date.now() - retentionMs
  const cutoff = timestampFromMillis(cutoffMs)
  const cutoffId = eventIdsFrom(cutoffMs)
  const workspaces = new Set<string>()
  let total = 0
  for (;;) {
    const events = await sql<{ workspace_id: string }>`delete from events where id in (
      select id from events where id < ${cutoffId} order by id limit ${PRUNE_BATCH})
      returning workspace_id`.execute(db)
    for (const row of events.rows) workspaces.add(row.workspace_id)
    const attempts = await sql`delete from webhook_attempts where (endpoint_id, event_id) in (
      select endpoint_id, event_id from webhook_deliveries
      where finished_at < ${cutoff} order by finished_at limit ${PRUNE_BATCH})`.execute(db)
    const deliveries = await sql`delete from webhook_deliveries where (endpoint_id, event_id) in (
      select endpoint_id, event_id from webhook_deliveries
      where finished_at < ${cutoff} order by finished_at limit ${PRUNE_BATCH})`.execute(db)
    const n =
      events.rows.length + Number(attempts.numAffectedRows ?? 0) + Number(deliveries.numAffectedRows ?? 0)
    total += n
    metrics?.eventsPruned.inc(n)
    if (n === 0) break
  }
  if (workspaces.size > 0) {
    await sql`update organization_generations set generation = generation + 1
      where organization_id in (select organization_id from workspaces
        where id in (${sql.join([...workspaces])}))`.execute(db)
  }
  return total
}

/** Seconds the oldest pending delivery has waited, 0 when none. */
export async function oldestPendingSeconds(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('status', '=', 'pending')
    .executeTakeFirst()
  const oldest = row?.oldest as string | null | undefined
  return oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0
}
