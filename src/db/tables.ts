// Table interfaces for Kysely: the engine's own tables here; each resource adds the tables it owns to
// Database in its tables.ts (module augmentation, types only). Ids and timestamps are text: ids are lowercase UUIDs and timestamps
// canonical fixed-width UTC strings, so text order is the contract's order on both databases
// (PostgreSQL columns use the "C" collation for that, see dialect.ts).
// Columns hold what queries need (keys, order, filters, derived values, references); everything
// else lives in JSON rendered at import (see each resource's render.ts), so that a request only concatenates.

import type { ColumnType } from 'kysely'
import type { EndpointPrivacy, Privacy } from '../domain/privacy.js'

export interface OrganizationsTable {
  id: string
  created_at: string
  updated_at: string
}

export interface WorkspacesTable {
  id: string
  organization_id: string
  name: string
  created_at: string
  updated_at: string
}

/** An API key: its SHA-256, never the key itself (keys/keys.ts). */
export interface ApiKeysTable {
  id: string
  name: string
  organization_id: string
  workspace_id: string | null
  /** Comma-separated scopes. */
  scopes: string
  /** Hex SHA-256 of the key; the key itself is never stored. */
  key_hash: string
  /** Per-key budget such as `1200/60s`, or null for the server default. */
  rate_limit: string | null
  created_at: string
  expires_at: string | null
  revoked_at: string | null
  last_used_at: string | null
  /** Comma-separated canonical CIDR ranges the key may be used from; null for any address. */
  allow_from: ColumnType<string | null, string | null | undefined, string | null>
  /** When the key starts working; null for at once. */
  not_before: ColumnType<string | null, string | null | undefined, string | null>
  /** The key that replaced this one (`keys rotate`); null while it has none. */
  rotated_to: ColumnType<string | null, string | null | undefined, string | null>
  /** What the key may see of a person (CONTRACT 19); never changes. */
  privacy: ColumnType<Privacy, Privacy | undefined, never>
  /** An aggregate key's minimum group size; null for the other privacies. */
  min_group_size: ColumnType<number | null, number | null | undefined, never>
}

/** Advanced by every import that changes an organization's data; its answers' ETags derive from it. */
export interface OrganizationGenerationsTable {
  organization_id: string
  generation: number
}

/** An event (CONTRACT 14), its whole object rendered when the import that caused it ran. */
export interface EventsTable {
  /** A UUIDv7: ids increase in the order imports committed. */
  id: string
  workspace_id: string
  type: string
  /** The time in the id, as a canonical timestamp (the feed's keyset orders by it, then id). */
  created_at: string
  json: string
}

export interface WebhookEndpointsTable {
  id: string
  organization_id: string
  workspace_id: string | null
  url: string
  /** Comma-separated event types; null for all. */
  events: string | null
  /** The signing secret, encrypted when SECRETS_KEY is set (webhooks/secrets.ts). */
  secret: string
  created_at: string
  /** How the events are sent: as the feed renders them, or in OCSF. */
  format: ColumnType<WebhookFormat, WebhookFormat | undefined, WebhookFormat>
  /** What the endpoint's deliveries show of a person (CONTRACT 19): identified or pseudonymous. */
  privacy: ColumnType<EndpointPrivacy, EndpointPrivacy | undefined, never>
}

export const WEBHOOK_FORMATS = ['json', 'ocsf'] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

/** The outbox: one row per event and endpoint, written with the event. */
export interface WebhookDeliveriesTable {
  event_id: string
  endpoint_id: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  next_attempt_at: string
  leased_until: string | null
  created_at: string
  finished_at: string | null
}

export interface WebhookAttemptsTable {
  endpoint_id: string
  event_id: string
  attempt: number
  status_code: number | null
  error: string | null
  attempted_at: string
  next_attempt_at: string | null
}

/** Each organization's pseudonym secret (32 random bytes, base64), replaced by a rotation. */
export interface PseudonymSecretsTable {
  organization_id: string
  secret: string
  created_at: string
}

export interface ServiceStateTable {
  name: string
  value: string
}

/** Every table; resources add theirs (their tables.ts). */
export interface Database {
  organizations: OrganizationsTable
  workspaces: WorkspacesTable
  api_keys: ApiKeysTable
  organization_generations: OrganizationGenerationsTable
  service_state: ServiceStateTable
  events: EventsTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  key_usage: KeyUsageTable
  key_usage_addresses: KeyUsageAddressesTable
  auth_failures: AuthFailuresTable
  pseudonym_secrets: PseudonymSecretsTable
  disclosures: DisclosuresTable
  disclosure_answers: DisclosureAnswersTable
  erasures: ErasuresTable
  forgotten_events: ForgottenEventsTable
}

/** Where an event an erasure deleted stood in its workspace's feed (after= resumes from there). */
export interface ForgottenEventsTable {
  id: string
  workspace_id: string
  created_at: string
}

/** An erased employee (CONTRACT 20): a keyed hash of the id, never the id. */
export interface ErasuresTable {
  organization_id: string
  /** Hex HMAC-SHA256 of the employee id under the service's erasure secret (service_state). */
  id_hash: string
  erased_at: string
  reason: string | null
  /** JSON: the recipients the disclosure record held for the person. */
  recipients: string
  /** When `awareness erasures lift` allowed the id again; null while the erasure stands. */
  lifted_at: string | null
}

/**
 * The disclosure record (CONTRACT 20): per organization, employee (their real id), UTC day
 * (`2026-12-02`), recipient and operation, the first and last answer that carried the employee.
 */
export interface DisclosuresTable {
  organization_id: string
  employee_id: string
  day: string
  /** `key` or `webhook`. */
  recipient_kind: string
  recipient_id: string
  /** `GET /v1/employees/{employee_id}`, or `webhook`. */
  operation: string
  /** The key's name, or the endpoint URL's host. */
  recipient_name: string
  privacy: string
  first_at: string
  last_at: string
  answers: ColumnType<number | string, number, number>
}

/** Per recipient, day, operation and parameters (an aggregate key's, else ''), the answers sent. */
export interface DisclosureAnswersTable {
  recipient_kind: string
  recipient_id: string
  day: string
  operation: string
  parameters: string
  organization_id: string
  recipient_name: string
  privacy: string
  first_at: string
  last_at: string
  answers: ColumnType<number | string, number, number>
}

/** Requests of a key per hour (`2026-11-26T09:00:00.000000Z`), route and status class (`2xx`). */
export interface KeyUsageTable {
  key_id: string
  hour: string
  route: string
  status_class: string
  /** bigint: PostgreSQL returns it as a string. */
  requests: ColumnType<number | string, number, number>
  bytes: ColumnType<number | string, number, number>
  first_seen: string
  last_seen: string
}

export interface KeyUsageAddressesTable {
  key_id: string
  hour: string
  address: string
}

/** Failed authentications per client address (`*`: past the number kept) and hour. */
export interface AuthFailuresTable {
  hour: string
  address: string
  count: ColumnType<number | string, number, number>
}
