// Webhook endpoints, as the operator configures them with `awareness webhooks` (CONTRACT 14).

import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { organizationProblem } from '../db/organizations.js'
import type { Database, WebhookAttemptsTable, WebhookFormat } from '../db/tables.js'
import { writeTransaction } from '../db/write-transaction.js'
import type { EndpointPrivacy } from '../domain/privacy.js'
import { timestampFromMillis } from '../domain/time.js'
import { checkUrl } from './address-guard.js'
import { sealSecret } from './secrets.js'
import { newSecret } from './signing.js'

export class WebhookAdminError extends Error {}

export interface NewEndpoint {
  organizationId: string
  workspaceId?: string | undefined
  url: string
  /** Event types; none means all. */
  events?: readonly string[] | undefined
  /** How the events are sent; json when absent. */
  format?: WebhookFormat | undefined
  /** What the endpoint sees of a person (CONTRACT 19); identified when absent. */
  privacy?: EndpointPrivacy | undefined
}

export interface CreatedEndpoint {
  id: string
  url: string
  secret: string
  organization_id: string
  workspace_id: string | null
  events: string[] | null
  format: WebhookFormat
  privacy: EndpointPrivacy
  created_at: string
}

export type EndpointSummary = Omit<CreatedEndpoint, 'secret'>

export interface EndpointSettings {
  /** The event types an endpoint may ask for. */
  eventTypes: readonly string[]
  allowPrivate: boolean
  secretsKey: Buffer | undefined
}

/** Creates an endpoint and returns it with its signing secret, shown this once. */
export async function createEndpoint(
  db: Kysely<Database>,
  endpoint: NewEndpoint,
  settings: EndpointSettings,
): Promise<CreatedEndpoint> {
  const problem = await organizationProblem(db, endpoint.organizationId, endpoint.workspaceId)
  if (problem !== null) throw new WebhookAdminError(problem)
  let events: string[] | null = null
  if (endpoint.events !== undefined) {
    const unknown = endpoint.events.filter((e) => !settings.eventTypes.includes(e))
    if (unknown.length > 0 || endpoint.events.length === 0)
      throw new WebhookAdminError(
        `--events: unknown event type ${unknown.join(', ') || '(empty)'}; allowed: ${settings.eventTypes.join(', ')}`,
      )
    events = [...new Set(endpoint.events)]
  }
  try {
    await checkUrl(endpoint.url, settings.allowPrivate)
  } catch (error) {
    throw new WebhookAdminError(`--url: ${(error as Error).message}`)
  }
  const created: CreatedEndpoint = {
    id: randomUUID(),
    url: endpoint.url,
    secret: newSecret(),
    organization_id: endpoint.organizationId,
    workspace_id: endpoint.workspaceId ?? null,
    events,
    format: endpoint.format ?? 'json',
    privacy: endpoint.privacy ?? 'identified',
    created_at: timestampFromMillis(Date.now()),
  }
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: created.id,
      organization_id: created.organization_id,
      workspace_id: created.workspace_id,
      url: created.url,
      events: events === null ? null : events.join(','),
      secret: sealSecret(created.secret, settings.secretsKey),
      created_at: created.created_at,
      format: created.format,
      privacy: created.privacy,
    })
    .execute()
  return created
}

/** Every endpoint, oldest first; never a secret. */
export async function listEndpoints(db: Kysely<Database>): Promise<EndpointSummary[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'organization_id', 'workspace_id', 'events', 'format', 'privacy', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, events: r.events === null ? null : r.events.split(',') }))
}

/** Deletes an endpoint and its deliveries (pending ones are not sent). False when there is none. */
export async function deleteEndpoint(db: Kysely<Database>, id: string): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const deleted = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst()
    if (Number(deleted.numDeletedRows) === 0) return false
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute()
    await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute()
    return true
  })
}

/** One delivery attempt, as `webhooks deliveries --json` prints it. */
export type AttemptSummary = Omit<Selectable<WebhookAttemptsTable>, 'endpoint_id'>

/** An attempt with its event's type (null once the event is past its retention). */
export type AttemptRow = AttemptSummary & { event_type: string | null }

/** Which attempts `webhooks deliveries` shows. */
export interface AttemptFilter {
  /** At most this many (default 50). */
  limit?: number
  /** Only the failed attempts of deliveries not delivered: given up, or failing and due again. */
  failed?: boolean
  /** Only this event's attempts. */
  eventId?: string
}

/** An endpoint's most recent attempts, newest first; null when there is no such endpoint. */
export async function listAttempts(
  db: Kysely<Database>,
  id: string,
  { limit = 50, failed = false, eventId }: AttemptFilter = {},
): Promise<AttemptRow[] | null> {
  if (!(await endpointExists(db, id))) return null
  return db
    .selectFrom('webhook_attempts as a')
    .leftJoin('events as e', 'e.id', 'a.event_id')
    .select([
      'a.event_id',
      'a.attempt',
      'a.status_code',
      'a.error',
      'a.attempted_at',
      'a.next_attempt_at',
      'e.type as event_type',
    ])
    .where('a.endpoint_id', '=', id)
    .$if(eventId !== undefined, (q) => q.where('a.event_id', '=', eventId as string))
    .$if(failed, (q) =>
      q
        .where('a.error', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as d')
              .select('d.event_id')
              .whereRef('d.endpoint_id', '=', 'a.endpoint_id')
              .whereRef('d.event_id', '=', 'a.event_id')
              .where('d.status', '<>', 'delivered'),
          ),
        ),
    )
    .orderBy('a.attempted_at', 'desc')
    .orderBy('a.event_id', 'desc')
    .orderBy('a.attempt', 'desc')
    .limit(limit)
    .execute()
}

async function endpointExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

/** Which deliveries of an endpoint `webhooks retry` sends now. */
export type RetryChoice = { kind: 'pending' } | { kind: 'failed' } | { kind: 'event'; eventId: string }

/**
 * Makes an endpoint's deliveries due now: its pending ones, its given-up ones, or the one of an
 * event (whatever became of it). They keep their event id, so receivers still deduplicate. A
 * given-up delivery gets one more attempt; failing it, it is given up again. Returns how many, or
 * null when there is no such endpoint.
 */
export async function retryDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  choice: RetryChoice,
  now = Date.now(),
): Promise<number | null> {
  if (!(await endpointExists(db, endpointId))) return null
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: timestampFromMillis(now), finished_at: null })
    .where('endpoint_id', '=', endpointId)
    .$call((q) =>
      choice.kind === 'event'
        ? q.where('event_id', '=', choice.eventId)
        : q.where('status', '=', choice.kind),
    )
    .executeTakeFirst()
  return Number(updated.numUpdatedRows)
}

/** An endpoint with its stored secret, for a ping. */
export async function findEndpoint(db: Kysely<Database>, id: string) {
  return (
    (await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  )
}
