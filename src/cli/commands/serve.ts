import type { Command } from 'commander'
import type { Config } from '../../config/config.js'
import { type DatabaseHandle, openDatabase } from '../../db/connection.js'
import { migrateToLatest } from '../../db/migrate.js'
import { buildApp } from '../../http/app.js'
import { drainAndClose } from '../../http/drain.js'
import { startMetricsServer } from '../../http/metrics-server.js'
import { createKey } from '../../keys/keys.js'
import { configFrom } from '../context.js'
import { describeSummary, runImport } from './import.js'

const SHUTDOWN_GRACE_MS = 10_000

/** `npm start` on an empty database: a demo dataset and a key to try it with. */
async function seedDemo(handle: DatabaseHandle, config: Config): Promise<void> {
  const existing = await handle.db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()
  if (existing) {
    process.stdout.write(
      'database has data; create a key with: npx awareness keys create --organization <id>\n',
    )
    return
  }
  process.stdout.write('empty database: loading a demo dataset (2,000 employees)…\n')
  // Loaded only here: the generator's vocabulary (faker) costs a server ~35 MB it never needs.
  const { demoNdjson } = await import('../../demo/generate.js')
  const summary = await runImport(
    handle,
    [{ name: 'demo-data', read: () => demoNdjson({ employees: 2000, seed: 1 }) }],
    false,
  )
  process.stdout.write(`${describeSummary(summary)}\n`)
  const organization = await handle.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()
  const workspace = await handle.db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organization.id)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const { key } = await createKey(handle.db, { organizationId: organization.id, name: 'demo key' })
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  process.stdout.write(
    `\nAPI key (shown once): ${key}\n` +
      `Try it:\n  curl -s -H 'x-api-key: ${key}' '${base}/v1/employees?workspace_id=${workspace.id}'\n\n`,
  )
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the API server (brings the schema up to date first)')
    .option('--host <host>', 'address to listen on (overrides HOST)')
    .option('--port <port>', 'port to listen on (overrides PORT)')
    .option('--database <url>', 'database URL or SQLite path (overrides DATABASE_URL)')
    .option(
      '--demo-when-empty',
      'load a demo dataset and print a new key when the database is empty (npm start)',
    )
    .action(async (options: { host?: string; port?: string; database?: string; demoWhenEmpty?: boolean }) => {
      const config = configFrom(options, { HOST: options.host, PORT: options.port })
      const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize })
      await migrateToLatest(database)
      // API reads go to the replica when one is configured; migrations, imports, the cursor secret
      // and key bookkeeping stay on the primary.
      const readDatabase = config.databaseReadUrl
        ? openDatabase(config.databaseReadUrl, { poolSize: config.databasePoolSize })
        : undefined
      if (options.demoWhenEmpty) await seedDemo(database, config)
      const app = await buildApp({
        config,
        database,
        readDatabase,
        logger: { pretty: process.stdout.isTTY === true },
      })
      const metricsServer =
        typeof config.metrics === 'number'
          ? await startMetricsServer(app.api.metrics, config.host, config.metrics)
          : null
      let closing = false
      // Graceful shutdown: stop accepting, let in-flight requests finish (bounded), close the
      // database, exit 0.
      const shutdown = async (signal: string) => {
        if (closing) return
        closing = true
        app.log.info({ signal }, 'shutting down')
        const force = setTimeout(() => {
          app.log.warn('in-flight requests did not finish in time; exiting')
          process.exit(0)
        }, SHUTDOWN_GRACE_MS)
        force.unref()
        metricsServer?.close()
        await drainAndClose(app, SHUTDOWN_GRACE_MS - 1000)
        await database.close()
        await readDatabase?.close()
        clearTimeout(force)
      }
      process.once('SIGTERM', () => void shutdown('SIGTERM'))
      process.once('SIGINT', () => void shutdown('SIGINT'))
      await app.listen({ host: config.host, port: config.port })
    })
}
