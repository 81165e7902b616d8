// The delivery worker that runs in every `serve` process (unless WEBHOOKS=off), and the pruning of
// events past their retention. Deliveries are an outbox written with the events. The worker leases
// due ones (one statement, so no other process takes them meanwhile), sends each, and records the
// attempt: delivered, due again later, or failed. Each endpoint has a few sends of its own at a
// time, so a receiver that hangs holds its own slots and never another endpoint's.

import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../db/dialect.js'
import type { Database } from '../db/tables.js'
import type { DisclosureRecorder } from '../disclosures/record.js'
import { eventIdsFrom } from '../domain/event-ids.js'
import type { EndpointPrivacy } from '../domain/privacy.js'
import { timestampFromMillis } from '../domain/time.js'
import type { Metrics } from '../observability/metrics.js'
import type { FeedEvent } from '../ocsf/render.js'
import { tracing } from '../tracing/tracing.js'
import { type DeliveryRequest, deliver, type Outcome } from './deliver.js'
import { openSecret } from './secrets.js'

/** Waits after each failed attempt (CONTRACT 14); after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000)
/** Longer than a send can take (deliver.ts), so that a live process's lease never expires mid-send. */
const LEASE_MS = 20_000
/** Sends under way to one endpoint, and in one process. */
const ENDPOINT_SLOTS = 4
const PROCESS_SLOTS = 32
/** Waits between tries to record an attempt the database refused, doubling up to the maximum. */
const RECORD_RETRY_MS = 25
const RECORD_RETRY_MAX_MS = 1000
/** Refusals of one record before they are told (onError): a short lock wait is ordinary. */
const RECORD_TRIES_BEFORE_TELLING = 20
const RECORD_WHILE_STOPPING_MS = 5000
const PRUNE_BATCH = 1000
const PRUNE_EVERY_MS = 60_000
/** Endpoints named in the metrics' labels; past that many, the others count as "other". */
const LABELLED_ENDPOINTS = 100

/** Where the worker tells of failed attempts (pino's logger fits). */
export interface WorkerLog {
  warn(fields: object, message: string): void
}

export interface WorkerOptions {
  db: Kysely<Database>
  dialect: DialectName
  metrics?: Metrics
  log?: WorkerLog
  allowPrivate: boolean
  secretsKey: Buffer | undefined
  retentionMs: number
  /** How long a claimed delivery is held before another process may take it. */
  leaseMs?: number
  /** Deliver webhooks (WEBHOOKS=on); pruning runs either way. */
  deliver?: boolean
  /** How often to look for due deliveries. */
  pollMs?: number
  /** Tests shorten the schedule. */
  retryDelaysMs?: readonly number[]
  /** Tests give their own sender. */
  send?: (request: DeliveryRequest) => Promise<Outcome>
  /** The OCSF rendering of an event, for endpoints whose format is ocsf (serve gives the resources'). */
  ocsf?: (event: FeedEvent, organizationId: string) => unknown
  /**
   * The event as an endpoint of a privacy receives it (CONTRACT 19: the presenter, which serve gives
   * from the resources); undefined: not sent to it. Without it, only identified endpoints are served.
   */
  present?: (
    event: FeedEvent,
    privacy: EndpointPrivacy,
    organizationId: string,
  ) => Promise<FeedEvent | undefined>
  /** The disclosure record (CONTRACT 20), and whom an event carries (its people's real ids). */
  disclosures?: {
    record: Pick<DisclosureRecorder, 'carried'>
    carried: (event: FeedEvent) => ReadonlySet<string>
  }
  onError?: (error: unknown, context: string) => void
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname
  } catch {
    return undefined
  }
}

/** The receiver as the disclosure record names it: the URL's host, with a port that is not the scheme's default. */
function receiverOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return '(a malformed URL)'
  }
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
  private stopped = true
  private lastPrune = 0
  /** The poll's round under way. */
  private round: Promise<unknown> | null = null
  /** Per endpoint: the claim under way, and whether another was asked for meanwhile. */
  private readonly filling = new Map<string, Promise<number>>()
  private readonly refill = new Set<string>()
  /** Sends under way, per endpoint and in all. */
  private readonly busy = new Map<string, number>()
  private readonly sends = new Set<Promise<void>>()
  /** Per endpoint: the events being sent or recorded by this process. */
  private readonly inFlight = new Map<string, Set<string>>()
  private readonly labelled = new Set<string>()

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    this.stopped = false
    const tick = () => {
      if (this.stopped) return
      this.round ??= this.claimRound()
        .catch((error) => this.options.onError?.(error, 'webhook delivery'))
        .finally(() => {
          this.round = null
        })
      this.timer = setTimeout(tick, this.options.pollMs ?? 1000)
    }
    this.timer = setTimeout(tick, 0)
  }

  /** Stops claiming; resolves once the sends under way have been recorded. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.round
    await Promise.all([...this.filling.values()])
    await Promise.all([...this.sends])
  }

  /** Rounds until nothing is due, each awaited with its sends (tests, and a worker not started). */
  async runOnce(): Promise<void> {
    for (;;) {
      const claimed = await this.claimRound()
      await Promise.all([...this.sends])
      if (claimed === 0) return
    }
  }

  /**
   * The poll: prunes when due, then claims due deliveries for every endpoint with a free slot and
   * starts their sends. Returns how many it started.
   */
  private async claimRound(): Promise<number> {
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now()
      await pruneExpired(this.options.db, this.options.retentionMs, this.options.metrics)
    }
    if (this.options.deliver === false) return 0
    const endpoints = await this.options.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .orderBy('id')
      .execute()
    let started = 0
    for (const { id } of endpoints) started += await this.fill(id)
    return started
  }

  /**
   * Starts sends for one endpoint's due deliveries, up to its free slots; one claim at a time per
   * endpoint (one asked for meanwhile runs after it). Returns how many it started.
   */
  private fill(endpointId: string): Promise<number> {
    const running = this.filling.get(endpointId)
    if (running) {
      this.refill.add(endpointId)
      return Promise.resolve(0)
    }
    const claiming = this.claimFor(endpointId)
      .catch((error) => {
        this.options.onError?.(error, 'webhook delivery')
        return 0
      })
      .finally(() => {
        this.filling.delete(endpointId)
        if (this.refill.delete(endpointId) && !this.stopped) void this.fill(endpointId)
      })
    this.filling.set(endpointId, claiming)
    return claiming
  }

  private async claimFor(endpointId: string): Promise<number> {
    const free = Math.min(ENDPOINT_SLOTS - (this.busy.get(endpointId) ?? 0), PROCESS_SLOTS - this.sends.size)
    if (free <= 0) return 0
    const now = timestampFromMillis(Date.now())
    if (this.options.dialect === 'sqlite') {
      // A read first (an index probe): on SQLite a write, even one that changes nothing, takes the
      // write lock.
      const due = await sql`select 1 as one from webhook_deliveries
        where endpoint_id = ${endpointId} and status = 'pending' and next_attempt_at <= ${now}
          and (leased_until is null or leased_until < ${now})
        limit 1`.execute(this.options.db)
      if (due.rows.length === 0) return 0
    }
    const claimed = await this.claim(endpointId, free, now)
    for (const delivery of claimed) this.launch(delivery)
    return claimed.length
  }

  /** The events of an endpoint that this process is sending or recording: never claimed again meanwhile. */
  private inFlightOf(endpointId: string): string[] {
    return [...(this.inFlight.get(endpointId) ?? [])]
  }

  /**
   * Leases up to `count` due deliveries of one endpoint, oldest first, counting their attempt: a
   * lease that ran out (its process died) is taken again with a higher count, so the first
   * process's late record changes nothing. PostgreSQL skips rows another process is claiming.
   */
  private async claim(endpointId: string, count: number, now: string): Promise<Claimed[]> {
    const lease = timestampFromMillis(Date.now() + (this.options.leaseMs ?? LEASE_MS))
    const lock = this.options.dialect === 'postgres' ? sql`for update skip locked` : sql``
    // A lease of this process that ran out while its outcome waited for the write lock is still ours.
    const mine = this.inFlightOf(endpointId)
    const notMine = mine.length === 0 ? sql`` : sql`and event_id not in (${sql.join(mine)})`
    const { rows } = await sql<Claimed>`update webhook_deliveries
      set leased_until = ${lease}, attempts = attempts + 1
      where (endpoint_id, event_id) in (
        select endpoint_id, event_id from webhook_deliveries
        where endpoint_id = ${endpointId} and status = 'pending' and next_attempt_at <= ${now}
          and (leased_until is null or leased_until < ${now}) ${notMine}
        order by next_attempt_at limit ${count} ${lock})
      returning endpoint_id, event_id, attempts - 1 as attempts`.execute(this.options.db)
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))
  }

  private launch(claimed: Claimed): void {
    const endpoint = claimed.endpoint_id
    this.busy.set(endpoint, (this.busy.get(endpoint) ?? 0) + 1)
    const events = this.inFlight.get(endpoint) ?? new Set<string>()
    events.add(claimed.event_id)
    this.inFlight.set(endpoint, events)
    const sending: Promise<void> = this.send(claimed)
      .then(async (sent) => {
        const recorded = await this.recordSurely(claimed, sent)
        // Once committed: what is logged and counted can be read back (webhooks deliveries).
        if (recorded) this.report(claimed.endpoint_id, claimed.event_id, recorded)
      })
      .catch((error) => this.options.onError?.(error, 'webhook delivery'))
      .finally(() => {
        const left = (this.busy.get(endpoint) ?? 1) - 1
        if (left === 0) this.busy.delete(endpoint)
        else this.busy.set(endpoint, left)
        events.delete(claimed.event_id)
        if (events.size === 0) this.inFlight.delete(endpoint)
        this.sends.delete(sending)
        // A slot is free: the endpoint's next due delivery goes now, not at the next poll.
        if (!this.stopped) void this.fill(endpoint)
      })
    this.sends.add(sending)
  }

  /** The body an endpoint receives: the event as its privacy shows it, in its format; null: none is sent. */
  private async body(
    json: string,
    endpoint: { format: string; privacy: EndpointPrivacy; organization_id: string },
  ): Promise<string | null> {
    const organizationId = endpoint.organization_id
    let event: FeedEvent | undefined
    if (endpoint.privacy !== 'identified') {
      const present = this.options.present
      // Anything but identified sees no one: without the step, nothing is sent.
      if (present === undefined) throw new Error(`this process renders no ${endpoint.privacy} events`)
      const shown = await present(JSON.parse(json) as FeedEvent, endpoint.privacy, organizationId)
      if (shown === undefined) return null
      event = shown
    }
    if (endpoint.format !== 'ocsf') return event === undefined ? json : JSON.stringify(event)
    const render = this.options.ocsf
    if (render === undefined) throw new Error('this process renders no OCSF')
    return JSON.stringify(render(event ?? (JSON.parse(json) as FeedEvent), organizationId))
  }

  private async send(claimed: Claimed): Promise<Sent> {
    const row = await this.options.db
      .selectFrom('webhook_endpoints as w')
      .leftJoin('events as e', (j) => j.on('e.id', '=', claimed.event_id))
      .select(['w.url', 'w.secret', 'w.format', 'w.privacy', 'w.organization_id', 'e.json'])
      .where('w.id', '=', claimed.endpoint_id)
      .executeTakeFirst()
    if (row === undefined) return { outcome: null, final: true, at: Date.now() } // deleted with its deliveries
    if (row.json === null)
      return {
        outcome: { ok: false, statusCode: null, error: 'the event is past its retention' },
        final: true,
        at: Date.now(),
      }
    const json = row.json
    const attributes = {
      'awareness.webhook.endpoint_id': claimed.endpoint_id,
      'awareness.event.id': claimed.event_id,
      'awareness.webhook.attempt': claimed.attempts + 1,
      'awareness.webhook.format': row.format,
      // The host only: a receiver's URL may carry a token in its path or query.
      'server.address': hostOf(row.url),
    }
    return tracing().inSpan(
      'webhook delivery',
      attributes,
      async (span) => {
        try {
          const secret = openSecret(row.secret, this.options.secretsKey)
          const body = await this.body(json, row)
          if (body === null) {
            // Nothing of it is this endpoint's to see: the delivery goes, and nothing is recorded.
            await this.options.db
              .deleteFrom('webhook_deliveries')
              .where('endpoint_id', '=', claimed.endpoint_id)
              .where('event_id', '=', claimed.event_id)
              .execute()
            return { outcome: null, final: true, at: Date.now() }
          }
          const outcome = await (this.options.send ?? deliver)({
            url: row.url,
            secret,
            id: claimed.event_id,
            body,
            allowPrivate: this.options.allowPrivate,
          })
          const disclosures = this.options.disclosures
          if (disclosures !== undefined && (outcome.sent ?? outcome.statusCode !== null))
            disclosures.record.carried(
              {
                organizationId: row.organization_id,
                kind: 'webhook',
                id: claimed.endpoint_id,
                name: receiverOf(row.url),
                privacy: row.privacy,
              },
              'webhook',
              { ids: disclosures.carried(JSON.parse(json) as FeedEvent) },
            )
          span.setAttributes({
            'http.response.status_code': outcome.statusCode ?? undefined,
            'error.type': outcome.ok ? undefined : (outcome.error ?? 'failed'),
          })
          return { outcome, final: false, at: Date.now() }
        } catch (error) {
          span.setAttributes({ 'error.type': (error as Error).message })
          return {
            outcome: { ok: false, statusCode: null, error: (error as Error).message },
            final: false,
            at: Date.now(),
          }
        }
      },
      'client',
    )
  }

  /**
   * Records a send, trying again while the database refuses (an import holding SQLite's write lock,
   * a PostgreSQL outage): an answer that is not recorded would be sent again. A stopping worker
   * tries for a while longer; past that, the delivery is due again once its lease runs out.
   */
  private async recordSurely(claimed: Claimed, sent: Sent): Promise<Recorded | null> {
    let wait = RECORD_RETRY_MS
    let stoppingSince: number | null = null
    for (let tries = 1; ; tries++) {
      try {
        return await this.options.db.transaction().execute((trx) => this.record(trx, claimed, sent))
      } catch (error) {
        if (this.stopped) stoppingSince ??= Date.now()
        if (stoppingSince !== null && Date.now() - stoppingSince > RECORD_WHILE_STOPPING_MS) throw error
        if (tries === RECORD_TRIES_BEFORE_TELLING)
          this.options.onError?.(error, 'webhook attempt record, trying again')
        await new Promise((resolve) => setTimeout(resolve, wait))
        wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)
      }
    }
  }

  /**
   * Records attempt `claimed.attempts + 1`. While the lease is still ours (the stored count is that
   * attempt's: a claim since would have raised it) the delivery moves on: delivered, due again, or
   * given up. A lease lost meanwhile (another process took the delivery once it ran out) keeps the
   * attempt on record all the same, and a 2xx still ends the delivery. Returns what was recorded,
   * or null when there was nothing to record (the endpoint is gone).
   */
  private async record(trx: Kysely<Database>, claimed: Claimed, sent: Sent): Promise<Recorded | null> {
    const { outcome, final } = sent
    if (outcome === null) return null
    const attempt = claimed.attempts + 1
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS
    const nowMs = Date.now()
    const now = timestampFromMillis(nowMs)
    const delay = delays[attempt - 1]
    const gaveUp = !outcome.ok && (final || delay === undefined)
    const next = outcome.ok || gaveUp ? null : timestampFromMillis(nowMs + withJitter(delay as number))
    const delivery = trx
      .updateTable('webhook_deliveries')
      .where('endpoint_id', '=', claimed.endpoint_id)
      .where('event_id', '=', claimed.event_id)
      // A delivery answered 2xx by another attempt stays delivered.
      .where('status', '=', 'pending')
    const updated = await delivery
      .set({
        status: outcome.ok ? 'delivered' : gaveUp ? 'failed' : 'pending',
        attempts: attempt,
        leased_until: null,
        ...(next === null ? { finished_at: now } : { next_attempt_at: next }),
      })
      .where('attempts', '=', attempt)
      .executeTakeFirst()
    let recorded: Recorded = { outcome, attempt, gaveUp, next }
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await trx
        .selectFrom('webhook_deliveries')
        .select('attempts')
        .where('endpoint_id', '=', claimed.endpoint_id)
        .where('event_id', '=', claimed.event_id)
        .executeTakeFirst()
      if (exists === undefined) return null
      if (outcome.ok)
        await delivery.set({ status: 'delivered', leased_until: null, finished_at: now }).execute()
      // What comes next is the other attempt's to say.
      recorded = { outcome, attempt, gaveUp: false, next: null }
    }
    await trx
      .insertInto('webhook_attempts')
      .values({
        endpoint_id: claimed.endpoint_id,
        event_id: claimed.event_id,
        attempt,
        status_code: outcome.statusCode,
        error: outcome.error,
        attempted_at: timestampFromMillis(sent.at),
        next_attempt_at: recorded.next,
      })
      .onConflict((c) => c.doNothing())
      .execute()
    return recorded
  }

  /** Counts a recorded attempt, and logs a failed one (never the secret nor the body). */
  private report(endpointId: string, eventId: string, { outcome, attempt, gaveUp, next }: Recorded): void {
    const result = outcome.ok ? 'delivered' : gaveUp ? 'failed' : 'retry'
    this.options.metrics?.webhookDeliveries.inc({ endpoint: this.label(endpointId), outcome: result })
    if (outcome.ok) return
    this.options.log?.warn(
      {
        endpoint_id: endpointId,
        event_id: eventId,
        attempt,
        status_code: outcome.statusCode,
        error: outcome.error,
        next_attempt_at: next,
      },
      gaveUp ? 'webhook delivery failed; given up' : 'webhook delivery failed; will retry',
    )
  }

  /** The endpoint's metrics label: its id, for a bounded number of endpoints per process. */
  private label(endpointId: string): string {
    if (this.labelled.has(endpointId)) return endpointId
    if (this.labelled.size >= LABELLED_ENDPOINTS) return 'other'
    this.labelled.add(endpointId)
    return endpointId
  }
}

/** An attempt as recorded. */
interface Recorded {
  outcome: Outcome
  attempt: number
  gaveUp: boolean
  /** When the next attempt is due; null once delivered or given up. */
  next: string | null
}

interface Sent {
  /** Null: the endpoint is gone, or the event is not sent to it: nothing to record. */
  outcome: Outcome | null
  /** When the answer came (or the send failed), in milliseconds. */
  at: number
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
    // And where erased ones stood: after= such an id is then past the retention, as its neighbours.
    const forgotten = await sql`delete from forgotten_events where id in (
      select id from forgotten_events where id < ${cutoffId} order by id limit ${PRUNE_BATCH})`.execute(db)
    for (const row of events.rows) workspaces.add(row.workspace_id)
    const attempts = await sql`delete from webhook_attempts where (endpoint_id, event_id) in (
      select endpoint_id, event_id from webhook_deliveries
      where finished_at < ${cutoff} order by finished_at limit ${PRUNE_BATCH})`.execute(db)
    const deliveries = await sql`delete from webhook_deliveries where (endpoint_id, event_id) in (
      select endpoint_id, event_id from webhook_deliveries
      where finished_at < ${cutoff} order by finished_at limit ${PRUNE_BATCH})`.execute(db)
    const n =
      events.rows.length +
      Number(forgotten.numAffectedRows ?? 0) +
      Number(attempts.numAffectedRows ?? 0) +
      Number(deliveries.numAffectedRows ?? 0)
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
