import type { FastifyRequest } from 'fastify'
import type { GenerationSource } from '../db/generation.js'
import type { DisclosureRecorder } from '../disclosures/record.js'
import type { KeyIdentity } from '../keys/keys.js'
import type { UsageRecorder } from '../keys/usage.js'
import type { KeyVerifier } from '../keys/verifier.js'
import type { Charge, RateLimits } from '../limits/rate-limits.js'
import type { Metrics } from '../observability/metrics.js'
import type { CursorCodec } from '../paging/paging.js'
import type { Carried } from '../privacy/carried.js'
import type { Pseudonyms } from '../privacy/people.js'

/** Whether a handler's late result has no one to go to: its deadline passed, or its client left. */
export function unheard(request: FastifyRequest): boolean {
  return request.deadlinePassed || request.raw.socket?.destroyed === true
}

/** What the routes share: set up once at start. */
export interface ApiContext {
  keys: KeyVerifier
  cursors: CursorCodec
  limits: RateLimits
  generation: GenerationSource
  metrics: Metrics
  /** How long events are kept (EVENTS_RETENTION). */
  eventsRetentionMs: number
  /** The keys' usage record, counted here and written in batches. */
  usage: UsageRecorder
  /** The employees' pseudonyms, as imports keep them (CONTRACT 19). */
  pseudonyms: Pseudonyms
  /** The disclosure record (CONTRACT 20), counted here and written in batches. */
  disclosures: DisclosureRecorder
}

declare module 'fastify' {
  interface FastifyInstance {
    api: ApiContext
    /** Set when a shutdown starts: readiness fails. */
    shuttingDown: boolean
    /** Set once the shutdown stops listening: every answer closes its connection. */
    draining: boolean
    /** The URL of every GET route, as registered (`/v1/employees/:employee_id`): the paths that exist. */
    paths: readonly string[]
    /**
     * What the absolute URLs written for a request start with: PUBLIC_URL, else the protocol and a
     * valid Host; '' when neither (the URL is then relative).
     */
    origin(request: FastifyRequest): string
  }
  interface FastifyRequest {
    /**
     * The client's address in canonical form: the socket's, or what trusted proxies say
     * (TRUST_PROXY); undefined when the socket has none (closed).
     */
    readonly client: string | undefined
    /** Set once the request's deadline passed (plugins/deadline.ts): its handler's result is dropped. */
    deadlinePassed: boolean
    /** The verified key of an authenticated request. */
    key: KeyIdentity
    /** The RateLimit fields of an authenticated request, added to whatever it is answered. */
    rateLimitHeaders: Record<string, string>
    /** What this request cost its key's budget, until refunded (a 304 costs nothing). */
    rateCharge: Charge | null
    /**
     * Of an 'body' ETag route: what its body is a function of, hashed for the ETag in place of the
     * body (smaller than it); null: the body itself.
     */
    bodyIdentity: string | null
    /**
     * Whom the answer carries (CONTRACT 20), set by the route as it answers (privacy/carried.ts):
     * recorded once the answer is sent. A route whose people are 'walked' must set it.
     */
    carried: Carried | null
  }
  interface FastifyContextConfig {
    /** The scope an operation needs; routes without one need no key. */
    scope?: import('../domain/scopes.js').Scope
    /**
     * 'body': the ETag is a hash of the body, or of what it is a function of (`bodyIdentity`), for
     * answers that depend on the time. Otherwise the route
     * calls notModified (routing/conditional.ts) once its checks have passed.
     */
    etag?: 'body'
    /** The answer is a series (history/twins.ts): compressed at the fastest levels. */
    series?: true
    /** An aggregate-only key may read it (CONTRACT 19); every other operation is 403 to such a key. */
    aggregate?: boolean
    /**
     * What a pseudonymous key (CONTRACT 19) sees of a person in the answer: 'walked', through the
     * presenter (privacy/present.ts); 'none', the answer names no person. A route with a
     * scope must say which (the app refuses to start otherwise).
     */
    people?: 'walked' | 'none'
  }
}
