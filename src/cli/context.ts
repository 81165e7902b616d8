import { type Config, ConfigError, loadConfig } from '../config/config.js'
import { type DatabaseHandle, openDatabase } from '../db/connection.js'
import { migrateToLatest } from '../db/migrate.js'
import { deriveMissing } from '../importer/import.js'
import { CliError } from './output.js'

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
 * Brings the schema up to date, then keeps what a new release keeps that the data held lacks (the
 * periods of workspaces not imported since an upgrade added a kept statistic): how many workspaces
 * that took.
 */
export async function bringUpToDate(handle: DatabaseHandle): Promise<{ derived: number }> {
  await migrateToLatest(handle)
  return { derived: await deriveMissing(handle) }
}

/** Opens the primary database, brings it up to date, runs `work` on it, and closes it. */
export async function withDatabase<T>(
  config: Config,
  work: (handle: DatabaseHandle, upgrade: { derived: number }) => Promise<T>,
): Promise<T> {
  const handle = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize })
  try {
    return await work(handle, await bringUpToDate(handle))
  } finally {
    await handle.close()
  }
}
