// What the routes share, set up once at start (routing/context.ts): the read database, key
// verification, cursors, rate limits (in Redis when configured), data generations and metrics.

import { Socket } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config/config.js'
import type { DatabaseHandle } from '../../db/connection.js'
import { generationSource } from '../../db/generation.js'
import { cursorSecret } from '../../db/state.js'
import { DisclosureRecorder } from '../../disclosures/record.js'
import { UsageRecorder } from '../../keys/usage.js'
import { KeyVerifier } from '../../keys/verifier.js'
import { MemoryCounters, RedisCounters, type WindowCounters } from '../../limits/counters.js'
import { RateLimits } from '../../limits/rate-limits.js'
import { Metrics } from '../../observability/metrics.js'
import { CursorCodec } from '../../paging/paging.js'
import { employeesOfPseudonyms, organizationPseudonyms } from '../../resources/employees/pseudonyms.js'
import { EMPLOYEE_SQL } from '../../resources/employees/sql.js'
import '../../routing/context.js'
import { setReads } from '../../routing/reads.js'
import { oldestPendingSeconds } from '../../webhooks/worker.js'
import { clientAddress, clientProtocol, proxyTrust, validHost } from '../client-address.js'
import { StalledAnswers } from '../stalled-answers.js'

export interface ApiContextOptions {
  config: Config
  /** The primary database (key bookkeeping, the cursor secret). */
  database: DatabaseHandle
  /** Where API reads go. */
  reads: DatabaseHandle
  /** Shared rate-limit counters; by default Redis when REDIS_URL is set, else process memory. */
  counters?: WindowCounters | undefined
}

const REDIS_WARNING_INTERVAL_MS = 10_000
/** An answer whose socket takes no bytes for REQUEST_TIMEOUT times this is abandoned. */
const STALLED_ANSWER_FACTOR = 6

export const apiContext = fp(
  async (app: FastifyInstance, { config, database, reads, counters: given }: ApiContextOptions) => {
    const generation = generationSource(reads)
    const metrics = new Metrics({
      generation: () => generation.current(),
      pool: reads.poolStats,
      oldestPendingDelivery: () => oldestPendingSeconds(database.db),
    })
    let lastRedisWarning = 0
    const counters =
      given ??
      (config.redisUrl
        ? new RedisCounters(config.redisUrl, {
            onError(error) {
              metrics.redisErrors.inc()
              if (Date.now() - lastRedisWarning > REDIS_WARNING_INTERVAL_MS) {
                lastRedisWarning = Date.now()
                app.log.warn(
                  { err: { message: (error as Error).message } },
                  'redis unavailable: counting in this process',
                )
              }
            },
          })
        : new MemoryCounters())
    app.addHook('onClose', async () => counters.close())
    // Written at most once a minute, and what is left when the app closes (a shutdown).
    const usage = new UsageRecorder(database.db, { retentionMs: config.keyUsageRetentionMs })
    usage.start()
    app.addHook('onClose', async () => usage.stop().catch(() => {}))
    // Written at least once a second, and what is left when the app closes (CONTRACT 20).
    const disclosures = new DisclosureRecorder(database.db, {
      retentionDays: config.disclosureRetentionDays,
      resolve: (organizationId, pseudonyms) => employeesOfPseudonyms(reads.db, organizationId, pseudonyms),
      onError(error) {
        app.log.warn(
          { err: { message: (error as Error).message } },
          'disclosure record: written at the next try',
        )
      },
    })
    disclosures.start()
    app.addHook('onClose', async () =>
      disclosures.stop().catch((error) => {
        app.log.error({ err: { message: (error as Error).message } }, 'disclosure record: not written')
      }),
    )
    app.decorate('api', {
      keys: new KeyVerifier(reads.db, database.db, config.keyCacheSeconds * 1000),
      cursors: new CursorCodec(await cursorSecret(database.db, config.cursorSecret)),
      limits: new RateLimits(counters, { perKey: config.rateLimit, authFailures: config.authFailureLimit }),
      generation,
      metrics,
      eventsRetentionMs: config.eventsRetentionMs,
      usage,
      disclosures,
      pseudonyms: {
        of: EMPLOYEE_SQL.pseudonyms,
        idOf: EMPLOYEE_SQL.idOfPseudonym,
        ofOrganization: (organizationId, ids) => organizationPseudonyms(reads.db, organizationId, ids),
      },
    })
    setReads(app.api, reads.db)
    const trust = proxyTrust(config.trustProxy)
    // Worked out once per request, when first asked for (authentication, the log line).
    const CLIENT = Symbol('client address')
    type Remembered = { [CLIENT]?: string | undefined }
    app.decorateRequest('client', {
      getter(this: FastifyRequest) {
        const raw = this.raw as typeof this.raw & Remembered
        if (!(CLIENT in raw))
          raw[CLIENT] = clientAddress(raw.socket?.remoteAddress, raw.headers['x-forwarded-for'], trust)
        return raw[CLIENT]
      },
    })
    app.decorate('origin', (request: FastifyRequest): string => {
      if (config.publicUrl !== undefined) return config.publicUrl
      const host = request.headers.host
      if (!validHost(host)) return ''
      const raw = request.raw
      const encrypted = (raw.socket as { encrypted?: boolean } | undefined)?.encrypted === true
      const protocol = clientProtocol(
        raw.socket?.remoteAddress,
        raw.headers['x-forwarded-proto'],
        encrypted,
        trust,
      )
      return `${protocol}://${host}`
    })
    app.decorate('shuttingDown', false)
    app.decorate('draining', false)
    // A client that stops reading holds its answer's bytes in this process: once its socket has
    // taken none of them for REQUEST_TIMEOUT x 6, the answer is abandoned (CONTRACT 10); and all
    // such answers together hold at most SLOW_READERS_MAX_BYTES.
    const stalled = new StalledAnswers(
      config.requestTimeoutMs * STALLED_ANSWER_FACTOR,
      config.slowReadersMaxBytes,
      () => metrics.slowReadersClosed.inc(),
    )
    app.decorate('stalledAnswers', stalled)
    metrics.answersHeld = () => stalled.heldBytes
    app.addHook('onClose', async () => stalled.close())
    app.addHook('onSend', (request, reply, payload, done) => {
      // During a shutdown's drain every answer closes its connection (drain.ts).
      if (app.draining) reply.header('connection', 'close')
      const socket = request.raw.socket
      // (An injected request's socket writes nothing.)
      if (socket instanceof Socket) {
        // A body in memory is held whole until its last byte is written (a page written into a larger
        // buffer holds all of it); a streamed one (compressed as it goes) by what waits in the socket.
        const body =
          typeof payload === 'string'
            ? Buffer.byteLength(payload)
            : Buffer.isBuffer(payload)
              ? payload.buffer.byteLength
              : 0
        stalled.watch(socket, body)
        reply.raw.once('close', () => stalled.done(socket, body))
      }
      done(null, payload)
    })
  },
  { name: 'api-context' },
)
