// API key administration and verification. Only the SHA-256 of a key is stored (CONTRACT 5).

import { randomUUID, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { parseRateLimit, type RateLimit } from '../config/config.js'
import { organizationProblem } from '../db/organizations.js'
import type { Database } from '../db/tables.js'
import { writeTransaction } from '../db/write-transaction.js'
import { MIN_GROUP_SIZE, PRIVACIES, type Privacy } from '../domain/privacy.js'
import { AGGREGATE_SCOPES, SCOPES, type Scope } from '../domain/scopes.js'
import { canonicalTimestamp } from '../domain/time.js'
import { UUID_PATTERN } from '../domain/uuid.js'
import { type AddressCheck, addressCheck, canonicalRange } from './allow-list.js'
import { generateKey, hashKey, isWellFormedKey } from './format.js'

export interface NewKey {
  organizationId: string
  workspaceId?: string | undefined
  scopes?: readonly Scope[] | undefined
  name?: string | undefined
  /** Lifetime in seconds; none means the key does not expire. */
  expiresInSeconds?: number | undefined
  rateLimit?: string | undefined
  /** Address ranges (CIDR) the key may be used from; none means any address. */
  allowFrom?: readonly string[] | undefined
  /** When the key starts working (a timestamp); none means at once. */
  notBefore?: string | undefined
  /** What the key may see of a person (CONTRACT 19); identified when none. */
  privacy?: Privacy | undefined
  /** An aggregate key's minimum group size; MIN_GROUP_SIZE.default when none. */
  minGroupSize?: number | undefined
}

export interface CreatedKey {
  id: string
  key: string
  organization_id: string
  workspace_id: string | null
  scopes: Scope[]
  expires_at: string | null
  name: string
  allow_from: string[] | null
  not_before: string | null
  privacy: Privacy
  min_group_size: number | null
}

export interface KeySummary {
  id: string
  name: string
  organization_id: string
  workspace_id: string | null
  scopes: Scope[]
  rate_limit: string | null
  created_at: string
  expires_at: string | null
  revoked_at: string | null
  last_used_at: string | null
  allow_from: string[] | null
  not_before: string | null
  rotated_to: string | null
  privacy: Privacy
  min_group_size: number | null
}

/** What a verified key grants. */
declare const verified: unique symbol

/** What a verified key reaches. Only verifyKey makes one (the access check and keyRows take it). */
export interface VerifiedKey {
  readonly organizationId: string
  /** Set for a workspace-scoped key. */
  readonly workspaceId: string | null
  /** What it may see of a person (CONTRACT 19). */
  readonly privacy: Privacy
  /** For an aggregate key, the smallest population it is shown; null otherwise. */
  readonly minGroupSize: number | null
  /**
   * When the organization's pseudonyms were last made (its secret's time; null before any): the
   * cursors of a key that sees pseudonyms are bound to it, so that a rotation refuses them.
   */
  readonly pseudonymsSince: string | null
  readonly [verified]: true
}

export interface KeyIdentity extends VerifiedKey {
  id: string
  /** Its name, as the disclosure record names the recipient (CONTRACT 20). */
  name: string
  scopes: ReadonlySet<Scope>
  rateLimit: RateLimit | null
  /** When the key stops working, in epoch milliseconds; null when it does not expire. */
  expiresAtMs: number | null
  /** Whether a client address may use the key; null when any may. */
  allowedFrom: AddressCheck | null
}

export class KeyAdminError extends Error {}

const DEFAULT_NAME = 'api key'
const UUID = new RegExp(UUID_PATTERN, 'i')

function isoNow(now: Date): string {
  return `${now.toISOString().slice(0, 23)}000Z`
}

/**
 * Creates a key for an organization (optionally one of its workspaces) and returns it once.
 * @example const { key } = await createKey(db, { organizationId })
 */
export async function createKey(db: Kysely<Database>, input: NewKey, now = new Date()): Promise<CreatedKey> {
  const problem = await organizationProblem(db, input.organizationId, input.workspaceId)
  if (problem !== null) throw new KeyAdminError(problem)
  if (input.rateLimit !== undefined && parseRateLimit(input.rateLimit) === null) {
    throw new KeyAdminError(`rate limit ${input.rateLimit} must look like 1200/60s`)
  }
  const privacy = input.privacy ?? 'identified'
  const scopes = scopesOf(privacy, input.scopes)
  const allowFrom = allowList(input.allowFrom)
  const notBefore = input.notBefore === undefined ? null : canonicalTimestamp(input.notBefore)
  if (notBefore === null && input.notBefore !== undefined)
    throw new KeyAdminError(`not-before ${input.notBefore} must be a timestamp such as 2026-12-01T00:00:00Z`)
  const minGroupSize = minGroupSizeOf(privacy, input.minGroupSize)
  const key = generateKey()
  const id = randomUUID()
  const expiresAt =
    input.expiresInSeconds === undefined
      ? null
      : isoNow(new Date(now.getTime() + input.expiresInSeconds * 1000))
  await db
    .insertInto('api_keys')
    .values({
      id,
      name: input.name ?? DEFAULT_NAME,
      organization_id: input.organizationId,
      workspace_id: input.workspaceId ?? null,
      scopes: scopes.join(','),
      key_hash: hashKey(key),
      rate_limit: input.rateLimit ?? null,
      created_at: isoNow(now),
      expires_at: expiresAt,
      revoked_at: null,
      last_used_at: null,
      allow_from: allowFrom === null ? null : allowFrom.join(','),
      not_before: notBefore,
      privacy,
      min_group_size: minGroupSize,
    })
    .execute()
  return {
    id,
    key,
    organization_id: input.organizationId,
    workspace_id: input.workspaceId ?? null,
    scopes,
    expires_at: expiresAt,
    name: input.name ?? DEFAULT_NAME,
    allow_from: allowFrom,
    not_before: notBefore,
    privacy,
    min_group_size: minGroupSize,
  }
}

/**
 * The scopes a key carries: those asked for, or by default every scope its privacy can use (an
 * aggregate-only key's operations need fewer); a scope its privacy can never use is refused.
 */
function scopesOf(privacy: Privacy, asked: readonly Scope[] | undefined): Scope[] {
  const scopes = [...new Set(asked ?? usableScopes(privacy))]
  if (scopes.length === 0) throw new KeyAdminError('a key needs at least one scope')
  const unusable = unusableScopes(privacy, scopes)
  if (unusable !== null) throw new KeyAdminError(unusable)
  return scopes
}

const usableScopes = (privacy: Privacy): readonly Scope[] =>
  privacy === 'aggregate' ? AGGREGATE_SCOPES : SCOPES

/** Why a key of this privacy cannot carry these scopes; null when it can. */
export function unusableScopes(privacy: Privacy, scopes: readonly Scope[]): string | null {
  const usable = usableScopes(privacy)
  const unusable = scopes.filter((scope) => !usable.includes(scope))
  if (unusable.length === 0) return null
  return (
    `an ${privacy} key cannot use ${unusable.join(',')}: it reads only the organization, the statistics and ` +
    `their history, the groups' karma history and the breakdowns (${usable.join(',')})`
  )
}

/** An aggregate key's minimum group size (its default when none is given); null for the others. */
function minGroupSizeOf(privacy: Privacy, size: number | undefined): number | null {
  if (!(PRIVACIES as readonly Privacy[]).includes(privacy))
    throw new KeyAdminError(`privacy ${privacy} must be one of ${PRIVACIES.join(', ')}`)
  if (privacy !== 'aggregate') {
    if (size !== undefined)
      throw new KeyAdminError('a minimum group size is for aggregate keys (--privacy aggregate)')
    return null
  }
  const { min, max } = MIN_GROUP_SIZE
  if (size === undefined) return MIN_GROUP_SIZE.default
  if (!Number.isInteger(size) || size < min || size > max)
    throw new KeyAdminError(`the minimum group size must be an integer from ${min} to ${max}`)
  return size
}

/** A key's address ranges, canonical and without repeats; null for none (any address). */
function allowList(ranges: readonly string[] | undefined): string[] | null {
  if (ranges === undefined) return null
  const canonical = ranges.map((range) => {
    const found = canonicalRange(range)
    if (found === null) throw new KeyAdminError(`${range} is not an IPv4 or IPv6 address or CIDR range`)
    return found
  })
  if (canonical.length === 0) throw new KeyAdminError('an allow-list needs at least one range')
  return [...new Set(canonical)]
}

/**
 * Sets the addresses a key may be used from (`null`: any address); returns false when there is no
 * such key. Every server process applies it within KEY_CACHE_SECONDS.
 */
export async function setAllowList(
  db: Kysely<Database>,
  id: string,
  ranges: readonly string[] | null,
): Promise<boolean> {
  const allowFrom = ranges === null ? null : allowList(ranges)
  const updated = await db
    .updateTable('api_keys')
    .set({ allow_from: allowFrom === null ? null : allowFrom.join(',') })
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

export async function listKeys(db: Kysely<Database>, organizationId?: string): Promise<KeySummary[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select([
      'id',
      'name',
      'organization_id',
      'workspace_id',
      'scopes',
      'rate_limit',
      'created_at',
      'expires_at',
      'revoked_at',
      'last_used_at',
      'allow_from',
      'not_before',
      'rotated_to',
      'privacy',
      'min_group_size',
    ])
    .$if(organizationId !== undefined, (q) => q.where('organization_id', '=', organizationId as string))
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    ...row,
    scopes: row.scopes.split(',') as Scope[],
    allow_from: row.allow_from === null ? null : row.allow_from.split(','),
  }))
}

/** A rotation: the successor, printed once, and when the key it replaces stops working. */
export interface Rotation {
  successor: CreatedKey
  replaced: { id: string; expires_at: string }
}

/**
 * Replaces a key by a new one with its name, organization, workspace, scopes, rate limit,
 * allow-list and lifetime (a key that expired a year after its creation gives one that expires a
 * year from now), privacy and minimum group size, and makes the old one expire when `overlapSeconds` have passed (sooner if it
 * expired sooner anyway): both work meanwhile, so that a connector can switch without a gap.
 */
export async function rotateKey(
  db: Kysely<Database>,
  id: string,
  overlapSeconds: number,
  now = new Date(),
): Promise<Rotation> {
  return writeTransaction(db, async (trx) => {
    const old = await trx.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst()
    if (old === undefined) throw new KeyAdminError(`no key with the id ${id}`)
    if (old.rotated_to !== null) throw new KeyAdminError(`key ${id} was already rotated to ${old.rotated_to}`)
    const state = keyState(old, now)
    if (state === 'revoked' || state === 'expired')
      throw new KeyAdminError(`key ${id} is ${state}: create a new one`)
    const lifetime =
      old.expires_at === null
        ? undefined
        : Math.round((Date.parse(old.expires_at) - Date.parse(old.created_at)) / 1000)
    const successor = await createKey(
      trx,
      {
        organizationId: old.organization_id,
        workspaceId: old.workspace_id ?? undefined,
        scopes: old.scopes.split(',') as Scope[],
        name: old.name,
        expiresInSeconds: lifetime,
        rateLimit: old.rate_limit ?? undefined,
        allowFrom: old.allow_from === null ? undefined : old.allow_from.split(','),
        // A key not valid yet gives a successor that is not valid before the same time.
        notBefore: state === 'not yet valid' ? (old.not_before ?? undefined) : undefined,
        privacy: old.privacy,
        minGroupSize: old.min_group_size ?? undefined,
      },
      now,
    )
    const overlapEnd = isoNow(new Date(now.getTime() + overlapSeconds * 1000))
    const expiresAt = old.expires_at !== null && old.expires_at < overlapEnd ? old.expires_at : overlapEnd
    await trx
      .updateTable('api_keys')
      .set({ rotated_to: successor.id, expires_at: expiresAt })
      .where('id', '=', id)
      .execute()
    return { successor, replaced: { id, expires_at: expiresAt } }
  })
}

/** Revokes a key; returns false when no such key exists. Revoking twice keeps the first time. */
export async function revokeKey(db: Kysely<Database>, id: string, now = new Date()): Promise<boolean> {
  const existing = await db
    .selectFrom('api_keys')
    .select('revoked_at')
    .where('id', '=', id)
    .executeTakeFirst()
  if (!existing) return false
  if (existing.revoked_at === null) {
    await db
      .updateTable('api_keys')
      .set({ revoked_at: isoNow(now) })
      .where('id', '=', id)
      .execute()
  }
  return true
}

/**
 * The key with this id, or the one key with this name: among several keys of one name (a rotated
 * key keeps its name through the overlap), the one still in use. Fails when there is no such key,
 * or when the name leaves a choice (then only an id says which).
 */
export async function findKey(
  db: Kysely<Database>,
  idOrName: string,
  now = new Date(),
): Promise<{ id: string; name: string }> {
  const columns = ['id', 'name', 'revoked_at', 'expires_at', 'not_before', 'rotated_to'] as const
  const byId = UUID.test(idOrName)
    ? await db.selectFrom('api_keys').select(columns).where('id', '=', idOrName.toLowerCase()).execute()
    : []
  const named =
    byId.length > 0
      ? byId
      : await db.selectFrom('api_keys').select(columns).where('name', '=', idOrName).execute()
  const inUse = new Set(['active', 'not yet valid'])
  const current = named.filter((k) => k.rotated_to === null && inUse.has(keyState(k, now)))
  const matches = named.length > 1 && current.length > 0 ? current : named
  const [only] = matches
  if (only === undefined) throw new KeyAdminError(`no key with the id or name ${idOrName}`)
  if (matches.length > 1)
    throw new KeyAdminError(
      `${matches.length} keys are named ${idOrName}; give one by its id (see awareness keys list)`,
    )
  return { id: only.id, name: only.name }
}

/** Revokes the key with this id, or the one key with this name (`findKey`); says which. */
export async function revokeKeyByIdOrName(
  db: Kysely<Database>,
  idOrName: string,
  now = new Date(),
): Promise<{ id: string; name: string }> {
  const key = await findKey(db, idOrName, now)
  await revokeKey(db, key.id, now)
  return key
}

/** Whether a stored key is usable at `now`: revoked, expired and not yet valid keys are not. */
export function keyState(
  key: { revoked_at: string | null; expires_at: string | null; not_before: string | null },
  now = new Date(),
): 'active' | 'revoked' | 'expired' | 'not yet valid' {
  const at = isoNow(now)
  if (key.revoked_at !== null && key.revoked_at <= at) return 'revoked'
  if (key.expires_at !== null && key.expires_at <= at) return 'expired'
  if (key.not_before !== null && key.not_before > at) return 'not yet valid'
  return 'active'
}

/**
 * Verifies a presented key: well-formed, known, not revoked, not expired. Returns null otherwise,
 * with no hint of which test failed. Malformed keys never reach the database.
 */
export async function verifyKey(
  db: Kysely<Database>,
  presented: string,
  now = new Date(),
): Promise<KeyIdentity | null> {
  if (!isWellFormedKey(presented)) return null
  const hash = hashKey(presented)
  const row = await db
    .selectFrom('api_keys as k')
    .selectAll('k')
    .select((q) =>
      q
        .selectFrom('pseudonym_secrets as s')
        .select('s.created_at')
        .whereRef('s.organization_id', '=', 'k.organization_id')
        .as('pseudonyms_since'),
    )
    .where('k.key_hash', '=', hash)
    .executeTakeFirst()
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return null
  if (keyState(row, now) !== 'active') return null
  const identity: Omit<KeyIdentity, typeof verified> = {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    workspaceId: row.workspace_id,
    privacy: row.privacy,
    minGroupSize: row.min_group_size,
    pseudonymsSince: row.pseudonyms_since ?? null,
    scopes: new Set(row.scopes.split(',') as Scope[]),
    rateLimit: row.rate_limit === null ? null : parseRateLimit(row.rate_limit),
    expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    allowedFrom: row.allow_from === null ? null : addressCheck(row.allow_from.split(',')),
  }
  return identity as KeyIdentity
}
