// Keyset paging (CONTRACT 4, 15): the page size from x-item-limit or `limit`, and signed cursors
// (x-next-cursor or `cursor`) that carry the position after the last item sent, bound to everything
// that defines the list.

import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import Type from 'typebox'
import { CANONICAL_TIMESTAMP } from '../domain/time.js'
import { UUID_PATTERN } from '../domain/uuid.js'
import { apiError, type ErrorDetail, type ErrorSource } from '../errors.js'

export interface Limits {
  default: number
  max: number
}

export const LIST_LIMITS: Limits = { default: 50, max: 100 }
export const EVENT_LIMITS: Limits = { default: 100, max: 1000 }

/** A position in a list ordered by (timestamp desc, id desc): the last item's sort key. */
export type Position = readonly [timestamp: string, id: string]

/**
 * What a list's positions look like, checked when a cursor comes back: newest-first lists sort by
 * a timestamp and an id (the default). `at` is always 27 characters wide, as a canonical timestamp
 * is (SQLite's joined page splits a sort key there); `id` may vary.
 */
export interface PositionShape {
  at: RegExp
  id: RegExp
  /** The longest cursor accepted. */
  maxCursorLength: number
}

export const TIME_AND_ID: PositionShape = {
  at: CANONICAL_TIMESTAMP,
  id: new RegExp(UUID_PATTERN),
  maxCursorLength: 512,
}

export function limitHeaderSchema(limits: Limits) {
  return Type.Integer({
    minimum: 1,
    maximum: limits.max,
    default: limits.default,
    description: `Items per page, ${1} to ${limits.max} (default ${limits.default}). Anything else is a 422.`,
  })
}

/** Where a paging value came from: its header or its query parameter (CONTRACT 15). */
export type PagingSource = { header: string } | { parameter: string }

export const sourceName = (source: PagingSource): string =>
  'header' in source ? source.header : source.parameter

/** Reads the page size; a bad value is a problem, never clamped. */
export function readLimit(
  raw: string | undefined,
  limits: Limits,
  problems: ErrorDetail[],
  source: PagingSource = { header: 'x-item-limit' },
): number {
  if (raw === undefined) return limits.default
  // Digits only, and no more of them than the maximum has: no float, sign or 1e3, no huge number.
  if (
    /^\d+$/.test(raw) &&
    raw.length <= String(limits.max).length &&
    Number(raw) >= 1 &&
    Number(raw) <= limits.max
  )
    return Number(raw)
  problems.push({
    detail: `${sourceName(source)} must be an integer from 1 to ${limits.max}`,
    source: source as ErrorSource,
  })
  return limits.default
}

const invalidCursorOf = (source: PagingSource) =>
  apiError(
    'invalid_cursor',
    `${sourceName(source)} must be passed back unchanged from the previous page of this same request`,
    source as ErrorSource,
  )

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Signs and checks cursors: `c1.<position>.<mac>`, the position base64url-encoded JSON and the mac
 * an HMAC-SHA256 over the binding (endpoint, organization, workspace, path id, filters) and the
 * position. A cursor replayed elsewhere, altered, or signed by another secret does not verify.
 * A sealed cursor (`c2.<sealed>`, for keys that must never be handed a real id: CONTRACT 19) holds
 * its position encrypted with AES-256-GCM, the binding as its additional data: as bound, and unreadable.
 */
export class CursorCodec {
  private readonly sealKey: Buffer

  constructor(private readonly secret: string) {
    this.sealKey = Buffer.from(hkdfSync('sha256', secret, '', 'awareness-api sealed cursors', 32))
  }

  private mac(binding: string, payload: string): string {
    return createHmac('sha256', this.secret).update(binding).update('\n').update(payload).digest('base64url')
  }

  encode(binding: string, position: Position, sealed = false): string {
    const json = JSON.stringify(position)
    if (sealed) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv).setAAD(Buffer.from(binding))
      const body = Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return `c2.${body.toString('base64url')}`
    }
    const payload = Buffer.from(json).toString('base64url')
    return `c1.${payload}.${this.mac(binding, payload)}`
  }

  /** A sealed cursor's position JSON; throws when it was not sealed for this binding. */
  private unseal(binding: string, sealed: string): string {
    const body = Buffer.from(sealed, 'base64url')
    if (body.length <= IV_BYTES + TAG_BYTES) throw new Error('too short')
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, body.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(binding))
      .setAuthTag(body.subarray(body.length - TAG_BYTES))
    return Buffer.concat([
      decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
  }

  /** The position a request's cursor names, or null without one; throws 422 invalid_cursor. */
  decode(
    binding: string,
    raw: string | undefined,
    source: PagingSource = { header: 'x-next-cursor' },
    shape: PositionShape = TIME_AND_ID,
    sealed = false,
  ): Position | null {
    if (raw === undefined) return null
    const invalidCursor = () => invalidCursorOf(source)
    if (raw.length === 0 || raw.length > shape.maxCursorLength) throw invalidCursor()
    const parts = raw.split('.')
    let json: string
    if (sealed) {
      if (parts.length !== 2 || parts[0] !== 'c2') throw invalidCursor()
      try {
        json = this.unseal(binding, parts[1] as string)
      } catch {
        throw invalidCursor()
      }
    } else {
      if (parts.length !== 3 || parts[0] !== 'c1') throw invalidCursor()
      const [, payload, mac] = parts as [string, string, string]
      const expected = Buffer.from(this.mac(binding, payload))
      const given = Buffer.from(mac)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor()
      json = Buffer.from(payload, 'base64url').toString('utf8')
    }
    let position: unknown
    try {
      position = JSON.parse(json)
    } catch {
      throw invalidCursor()
    }
    if (
      !Array.isArray(position) ||
      position.length !== 2 ||
      typeof position[0] !== 'string' ||
      typeof position[1] !== 'string' ||
      !shape.at.test(position[0]) ||
      !shape.id.test(position[1])
    ) {
      throw invalidCursor()
    }
    return [position[0], position[1]]
  }
}

/** What a list query returns: the response document `{"data":[…]}`, and the position after the last item if more follow. */
export interface Page {
  document: Uint8Array | string
  next: Position | null
  /** Whether the page holds no item. */
  empty: boolean
  /**
   * Hands the document's buffer on to a later page: call it once the document is sent, and never
   * touch the document again. Absent when the document is no buffer of the pool.
   */
  release?: () => void
  /**
   * The organization's data generation, read with the page (for its ETag). Absent when the page's
   * statement could not carry it (an empty PostgreSQL page).
   */
  generation?: string
  /**
   * The real ids of the people its items carry, comma-separated (CONTRACT 20), read with the page
   * by a list that selects them (ListStatement.carries); absent otherwise.
   */
  people?: string
}
