import { type Config, ConfigError, loadConfig } from '../config/config.js'
import { type DatabaseHandle, openDatabase } from '../db/connection.js'
import { migrateToLatest } from '../db/migrate.js'
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

/** Opens the primary database, brings its schema up to date, runs `work`, and closes it. */
export async function withDatabase<T>(
  config: Config,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize })
  try {
    await migrateToLatest(handle)
    return await work(handle)
  } finally {
    await handle.close()
  }
}
