import { type Config, ConfigError, loadConfig } from '../config/config.js'
import type { DatabaseHandle, OpenOptions } from '../db/connection.js'
import { CliError, formatBytes } from './output.js'

export interface DatabaseOption {
  database?: string
}

/** The validated configuration, with the command's --database flag taking precedence. */
export function configFrom(options: DatabaseOption, extra: Record<string, string | undefined> = {}): Config {
  try {
    return loadConfig({ DATABASE_URL: options.database, ...extra })
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`configuration: ${error.message}`)
    throw error
  }
}

/**
 * What a command that opens the database runs, loaded on its first use: the version, a usage error
 * and the commands that open nothing start without them.
 */
const databaseModules = (() => {
  let loading: Promise<typeof import('../db/connection.js') & typeof import('../db/migrate.js')> | undefined
  return () => {
    loading ??= Promise.all([import('../db/connection.js'), import('../db/migrate.js')]).then(
      ([connection, migrate]) => ({ ...connection, ...migrate }),
    )
    return loading
  }
})()

/**
 * Brings the schema up to date, then keeps what a new release keeps that the data held lacks (the
 * periods of workspaces not imported since an upgrade added a kept statistic): how many workspaces
 * that took.
 */
export async function bringUpToDate(handle: DatabaseHandle): Promise<{ derived: number }> {
  await (await databaseModules()).migrateToLatest(handle)
  return keepWhatThisReleaseKeeps(handle)
}

/** What a release keeps of the data that the data held lacks: how many workspaces that took. */
async function keepWhatThisReleaseKeeps(handle: DatabaseHandle): Promise<{ derived: number }> {
  // The importer (every resource) is loaded only by the commands that keep the data's figures.
  const { deriveMissing } = await import('../importer/import.js')
  return { derived: await deriveMissing(handle) }
}

/**
 * Opens the database for a command. A write-ahead log that a killed process left large (SQLite
 * merges it only at a checkpoint) is merged and truncated before the command works, in one line on
 * stderr.
 */
export async function openForCommand(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const { openDatabase } = await databaseModules()
  const handle = openDatabase(url, options)
  const truncated = handle.trimWal?.() ?? 0
  if (truncated > 0)
    process.stderr.write(
      `awareness: merged and truncated a leftover write-ahead log of ${formatBytes(truncated)} (a process was stopped before it could)\n`,
    )
  return handle
}

/**
 * Opens the primary database, brings its schema up to date, runs `work` on it, and closes it: what
 * the administrative commands (keys, webhooks, organizations) do. What a release keeps of the data
 * is kept by the commands that serve and load it (`withDatabase`).
 */
export async function withSchema<T>(
  config: Config,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openForCommand(config.databaseUrl, { poolSize: config.databasePoolSize })
  try {
    await (await databaseModules()).migrateToLatest(handle)
    return await work(handle)
  } finally {
    await handle.close()
  }
}

/** Opens the primary database, brings it up to date, runs `work` on it, and closes it. */
export function withDatabase<T>(
  config: Config,
  work: (handle: DatabaseHandle, upgrade: { derived: number }) => Promise<T>,
): Promise<T> {
  return withSchema(config, async (handle) => work(handle, await keepWhatThisReleaseKeeps(handle)))
}
