import type { Kysely } from 'kysely'
import type { GenerationSource } from '../db/generation.js'
import type { Database } from '../db/tables.js'
import type { KeyIdentity } from '../keys/keys.js'
import type { KeyVerifier } from '../keys/verifier.js'
import type { RateLimits } from '../limits/rate-limits.js'
import type { Metrics } from './metrics.js'
import type { CursorCodec } from './paging.js'

/** What the routes share: set up once at start. */
export interface ApiContext {
  /** Where API reads go (a replica when one is configured). */
  db: Kysely<Database>
  keys: KeyVerifier
  cursors: CursorCodec
  limits: RateLimits
  generation: GenerationSource
  metrics: Metrics
}

declare module 'fastify' {
  interface FastifyInstance {
    api: ApiContext
    /** Requests received and not yet answered. */
    inFlight: number
    /** Set when a shutdown starts: readiness fails and connections are not kept alive. */
    shuttingDown: boolean
  }
  interface FastifyRequest {
    /** The verified key of an authenticated request. */
    key: KeyIdentity
  }
  interface FastifyContextConfig {
    /** The scope an operation needs; routes without one need no key. */
    scope?: import('../domain/values.js').Scope
    /**
     * How the ETag is made: 'request' from the data generation and what identifies the request
     * (checked before any work is done), 'body' from the body (answers that depend on the time).
     */
    etag?: 'request' | 'body'
  }
}
