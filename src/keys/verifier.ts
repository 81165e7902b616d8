// Verifies presented keys for the server, with a small cache: a polling integration presents the
// same key thousands of times an hour. An entry lives at most the configured time (KEY_CACHE_SECONDS,
// at most 30), which bounds how long a revoked key keeps working on a process (the contract allows
// 30 s). An expired key is refused at its expiry. Unknown keys are not cached: a new key works at once.

import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import { hashKey, isWellFormedKey, KEY_LENGTH } from './format.js'
import { type KeyIdentity, verifyKey } from './keys.js'

const MAX_ENTRIES = 10_000
const LAST_USED_EVERY_MS = 60_000

export class KeyVerifier {
  private readonly cache = new Map<string, { identity: KeyIdentity; expiresAt: number; validUntil: number }>()
  private readonly lastUsedWrites = new Map<string, number>()

  constructor(
    private readonly db: Kysely<Database>,
    /** Where last_used_at is written (the primary, when reads go to a replica). */
    private readonly writer: Kysely<Database> = db,
    private readonly cacheMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(presented: string | undefined): Promise<KeyIdentity | null> {
    if (presented === undefined || presented.length !== KEY_LENGTH) return null
    // A cached key was well formed when it was verified: its checksum is checked only on a miss.
    const hash = hashKey(presented)
    const now = this.now()
    const cached = this.cache.get(hash)
    if (cached && cached.expiresAt > now && cached.validUntil > now) return cached.identity
    this.cache.delete(hash)
    if (!isWellFormedKey(presented)) return null
    const identity = await verifyKey(this.db, presented, new Date(now))
    if (identity && this.cacheMs > 0) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string)
      this.cache.set(hash, {
        identity,
        expiresAt: now + this.cacheMs,
        validUntil: identity.expiresAtMs ?? Infinity,
      })
    }
    return identity
  }

  /**
   * Records that a key was used, at most once a minute per key and process (CONTRACT 5): once the
   * request it came with passed its allow-list, so that a key only ever refused is never used.
   */
  touch(id: string, now: number = this.now()): void {
    const last = this.lastUsedWrites.get(id) ?? 0
    if (now - last < LAST_USED_EVERY_MS) return
    this.lastUsedWrites.set(id, now)
    if (this.lastUsedWrites.size > MAX_ENTRIES) this.lastUsedWrites.clear()
    const at = `${new Date(now).toISOString().slice(0, 23)}000Z`
    this.writer
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .execute()
      .catch(() => {
        // Bookkeeping only: a failed write must not fail the request.
      })
  }
}
