import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import type { KeyIdentity } from '../keys/keys.js'
import type { KeyVerifier } from '../keys/verifier.js'
import type { CursorCodec } from './paging.js'

/** What the routes share: set up once at start. */
export interface ApiContext {
  /** Where API reads go (a replica when one is configured). */
  db: Kysely<Database>
  keys: KeyVerifier
  cursors: CursorCodec
}

declare module 'fastify' {
  interface FastifyInstance {
    api: ApiContext
  }
  interface FastifyRequest {
    /** The verified key of an authenticated request. */
    key: KeyIdentity
  }
  interface FastifyContextConfig {
    /** The scope an operation needs; routes without one need no key. */
    scope?: import('../domain/values.js').Scope
  }
}
