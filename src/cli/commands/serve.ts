import type { Command } from 'commander'
import type { Config } from '../../config/config.js'
import { PACKAGE_VERSION } from '../../config/version.js'
import { type DatabaseHandle, openDatabase } from '../../db/connection.js'
import { timestampFromMillis } from '../../domain/time.js'
import { buildApp } from '../../http/app.js'
import { ConnectionTracker, drainAndClose } from '../../http/drain.js'
import { startMetricsServer } from '../../http/metrics-server.js'
import { loggablePath } from '../../http/plugins/observability.js'
import type { ImportSummary } from '../../importer/import.js'
import { createKey } from '../../keys/keys.js'
import { probeRedis } from '../../limits/redis-probe.js'
import { EVENT_PEOPLE, EXPORTS, OCSF_RENDERER, presentEvents } from '../../resources/index.js'
import { startTracing, stopTracing } from '../../tracing/tracing.js'
import { DeliveryWorker } from '../../webhooks/worker.js'
import { bringUpToDate, configFrom, openForCommand } from '../context.js'
import { DATABASE_FLAG } from '../options.js'
import { CliError } from '../output.js'
import { describeSummary, runImport } from './import.js'

// Time kept after the drain to close the databases before SHUTDOWN_TIMEOUT.
const CLOSING_MARGIN_MS = 1000
const WAL_CHECK_MS = 60_000

const DEMO_KEY_NAME = 'demo key'
/** How many monthly imports the demo's history holds, the last one now. */
const DEMO_MONTHS = 12
const DAY_MS = 86_400_000
/** The first list of a workspace that the resources declare: what the demo's start suggests trying. */
const FIRST_LIST = EXPORTS.find(
  (e) => e.pageSize !== undefined && e.workspace !== false && !e.path.includes('{'),
)?.path

/** `npm start` on an empty database: a demo dataset and a key to try it with; true when loaded. */
async function seedDemo(handle: DatabaseHandle, config: Config): Promise<boolean> {
  const existing = await handle.db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()
  if (existing) return false
  process.stdout.write(
    `empty database: loading a demo dataset (2,000 employees) as it stood each month of the last year (${DEMO_MONTHS} imports)…\n`,
  )
  // Loaded only here: the generator's vocabulary (faker) is memory a server never needs.
  const { demoNdjson, monthsBackAsOf } = await import('../../demo/generate.js')
  const anchor = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS)
  let summary: ImportSummary | undefined
  // Oldest first, each with its as_of, so that every history series draws a line (CONTRACT 17).
  for (let monthsBack = DEMO_MONTHS - 1; monthsBack >= 0; monthsBack--) {
    // The months before the present hold what their statistics and karma read; the present, everything.
    const demo = { employees: 2000, seed: 1, anchor, monthsBack, monthlyOnly: monthsBack > 0 }
    summary = await runImport(handle, [{ name: 'demo-data', read: () => demoNdjson(demo) }], {
      historyRetentionMs: config.historyRetentionMs,
      ...(monthsBack === 0 ? {} : { asOf: monthsBackAsOf(anchor, monthsBack) }),
    })
  }
  if (summary) process.stdout.write(`${describeSummary(summary)}\n`)
  const organization = await handle.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()
  const workspace = await handle.db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organization.id)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const { key } = await createKey(handle.db, { organizationId: organization.id, name: DEMO_KEY_NAME })
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  process.stdout.write(
    `\nAPI key (shown once): ${key}\n` +
      `Try it:\n  curl -s -H 'x-api-key: ${key}' '${base}${FIRST_LIST}?workspace_id=${workspace.id}'\n\n`,
  )
  return true
}

/**
 * How to get a key, for the start line of a server whose database holds data but no key anyone has:
 * none usable at all, or only the demo key, which was shown once at the first start.
 */
async function keyHint(handle: DatabaseHandle): Promise<string | null> {
  const organizations = await handle.db
    .selectFrom('organizations')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .limit(2)
    .execute()
  const [first] = organizations
  if (first === undefined) return null
  const now = timestampFromMillis(Date.now())
  const usable = await handle.db
    .selectFrom('api_keys')
    .select('name')
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute()
  if (usable.some((k) => k.name !== DEMO_KEY_NAME)) return null
  const id = organizations.length === 1 ? first.id : 'ID (see awareness organizations list)'
  const command = `npx awareness keys create --organization ${id}`
  return usable.length === 0
    ? `no API key yet: ${command}`
    : `the demo key was shown once, at the first start; a new key: ${command}`
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the API server (brings the schema up to date first)')
    .option('--host <host>', 'address to listen on (overrides HOST)')
    .option('--port <port>', 'port to listen on (overrides PORT)')
    .option(...DATABASE_FLAG)
    .option(
      '--demo-when-empty',
      'load a demo dataset and print a new key when the database is empty (npm start)',
    )
    .action(async (options: { host?: string; port?: string; database?: string; demoWhenEmpty?: boolean }) => {
      const config = configFrom(options, { HOST: options.host, PORT: options.port })
      // Before anything that makes spans is built (the database's statements, the app's requests).
      await startTracing(config.traces, 'awareness-api', PACKAGE_VERSION, { requestPath: loggablePath })
      // Migrations and the demo import may run long: they get a handle without the request deadline.
      const admin = await openForCommand(config.databaseUrl, { poolSize: 2 })
      let hint: string | null
      try {
        await bringUpToDate(admin)
        const demoLoaded = options.demoWhenEmpty ? await seedDemo(admin, config) : false
        hint = demoLoaded ? null : await keyHint(admin)
      } finally {
        await admin.close()
      }
      // What serves requests waits for nothing past the request deadline. API reads go to the
      // replica when one is configured; the cursor secret and key bookkeeping stay on the primary.
      const serving = { poolSize: config.databasePoolSize, requestTimeoutMs: config.requestTimeoutMs }
      const database = openDatabase(config.databaseUrl, serving)
      const readDatabase = config.databaseReadUrl ? openDatabase(config.databaseReadUrl, serving) : undefined
      const app = await buildApp({
        config,
        database,
        readDatabase,
        logger: { pretty: process.stdout.isTTY === true },
      })
      const connections = new ConnectionTracker(app.server)
      // An import killed mid-way leaves SQLite's write-ahead log large until someone truncates it.
      const walTrimmer = database.trimWal ? setInterval(() => database.trimWal?.(), WAL_CHECK_MS) : undefined
      walTrimmer?.unref()
      database.trimWal?.()
      const metricsServer =
        typeof config.metrics === 'number'
          ? await startMetricsServer(app.api.metrics, config.host, config.metrics)
          : null
      // Webhook deliveries and the pruning of expired events (webhooks/worker.ts).
      const worker = new DeliveryWorker({
        db: database.db,
        dialect: database.dialect,
        metrics: app.api.metrics,
        log: app.log,
        deliver: config.webhooks,
        allowPrivate: config.webhookAllowPrivateNetworks,
        secretsKey: config.secretsKey,
        retentionMs: config.eventsRetentionMs,
        ocsf: OCSF_RENDERER,
        present: presentEvents(EVENT_PEOPLE, app.api.pseudonyms),
        disclosures: {
          record: app.api.disclosures,
          carried(event) {
            const ids = new Set<string>()
            EVENT_PEOPLE.ids(event, ids)
            return ids
          },
        },
        onError(error, context) {
          // An import holding SQLite's write lock: the next round tries again.
          if (context === 'webhook delivery' && (error as { code?: string }).code === 'SQLITE_BUSY') return
          app.log.warn(
            { err: { message: (error as Error).message }, context },
            'webhook worker: the database refused',
          )
        },
      })
      let closing = false
      // Graceful shutdown (drain.ts): readiness fails at once, connections are still accepted for
      // SHUTDOWN_DELAY, every request read is answered, and the process exits 0 within
      // SHUTDOWN_TIMEOUT whatever happens.
      const shutdown = async (signal: string) => {
        if (closing) return
        closing = true
        app.log.info({ signal }, 'shutting down')
        const force = setTimeout(() => {
          app.log.warn('the shutdown did not finish in time; exiting')
          process.exit(0)
        }, config.shutdownTimeoutMs)
        force.unref()
        metricsServer?.close()
        clearInterval(walTrimmer)
        const workerStopped = worker.stop()
        await drainAndClose(app, connections, {
          delayMs: config.shutdownDelayMs,
          timeoutMs: Math.max(0, config.shutdownTimeoutMs - CLOSING_MARGIN_MS),
        })
        await workerStopped
        // The deliveries that ended while the app closed are recorded too (CONTRACT 20).
        await app.api.disclosures.flush(true).catch((error) => {
          app.log.error({ err: { message: (error as Error).message } }, 'disclosure record: not written')
        })
        await database.close()
        await readDatabase?.close()
        await stopTracing()
        clearTimeout(force)
      }
      process.once('SIGTERM', () => void shutdown('SIGTERM'))
      process.once('SIGINT', () => void shutdown('SIGINT'))
      try {
        await app.listen({ host: config.host, port: config.port })
      } catch (error) {
        await app.close()
        await database.close()
        await readDatabase?.close()
        const code = (error as { code?: string }).code
        const where = `${config.host}:${config.port}`
        if (code === 'EADDRINUSE') throw new CliError(`cannot listen on ${where}: the port is in use`)
        if (code === 'EADDRNOTAVAIL') throw new CliError(`cannot listen on ${where}: no such local address`)
        if (code === 'EACCES') throw new CliError(`cannot listen on ${where}: permission denied`)
        throw error
      }
      worker.start()
      const redisProblem = config.redisUrl ? await probeRedis(config.redisUrl) : null
      if (redisProblem)
        app.log.warn({ cause: redisProblem }, 'redis is not answering; limits are counted per process')
      process.stderr.write(`${startBanner(config, redisProblem, hint)}\n`)
    })
}

/**
 * The one plain line `serve` prints on start: where it listens, its database and its Redis (with
 * why it does not answer, when it does not), and how to get a key when nobody has one.
 */
export function startBanner(
  config: Config,
  redisProblem: string | null = null,
  keyHint: string | null = null,
): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const redis = config.redisUrl
    ? `${hidePassword(config.redisUrl)}${redisProblem ? ` (not answering: ${redisProblem}; limits per process until it does)` : ''}`
    : 'none: limits per process'
  const hint = keyHint ? `; ${keyHint}` : ''
  return `awareness-api listening on http://${host}:${config.port} (reference: http://${host}:${config.port}/docs); database ${hidePassword(config.databaseUrl)}; redis ${redis}${hint}`
}

/** A URL with its password replaced by `***`. */
export function hidePassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*:)[^@/?#]*@/i, '$1***@')
}
