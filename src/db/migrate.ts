// Brings the schema up to date. Safe when several processes start at once: Kysely's migrator takes
// an advisory lock on PostgreSQL; on SQLite every run of migrations is one `begin immediate`
// transaction, so one process holds the write lock while it migrates and the others wait for it.

import { readdirSync } from 'node:fs'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Dialect,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresDriver,
  PostgresQueryCompiler,
  type SchemaMetadata,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely'
import type pg from 'pg'
import type { DatabaseHandle } from './connection.js'
import type { StatementStore } from './sqlite-statements.js'
import type { Database } from './tables.js'

/** The migrations folder: each module's default export makes its migration for a dialect. */
const MIGRATIONS = new URL('./migrations/', import.meta.url)

/** The migration modules in the folder; each one's name is its file's, without extension. */
const migrationFiles = () => readdirSync(MIGRATIONS).filter((f) => /^\d{4}_\w+\.(js|ts)$/.test(f))
const nameOf = (file: string) => file.replace(/\.(js|ts)$/, '')

type MigrationFor = (dialect: DatabaseHandle['dialect']) => Migration

function provider(handle: DatabaseHandle): MigrationProvider {
  return {
    // Every migration in the folder, by name (its file's, `0007_deliveries_by_endpoint`): adding one
    // is adding its file. Kysely runs them in name order.
    async getMigrations(): Promise<Record<string, Migration>> {
      const migrations = await Promise.all(
        migrationFiles().map(async (file): Promise<[string, Migration]> => {
          const module = (await import(new URL(file, MIGRATIONS).href)) as { default: MigrationFor }
          return [nameOf(file), module.default(handle.dialect)]
        }),
      )
      return Object.fromEntries(migrations)
    },
  }
}

export interface MigrationOutcome {
  applied: string[]
}

/**
 * Whether every migration of the folder is applied, read in one query: a command then starts
 * without loading the migrations and the migrator (most of its start on a schema up to date).
 */
async function upToDate(handle: DatabaseHandle): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db)
    const applied = new Set(rows.map((r) => r.name))
    const names = migrationFiles().map(nameOf)
    // One the folder lacks (a newer build's) is the migrator's to refuse.
    return applied.size === names.length && names.every((name) => applied.has(name))
  } catch {
    // No migration table yet (a new database): the migrator makes it.
    return false
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationOutcome> {
  if (await upToDate(handle)) return { applied: [] }
  // On PostgreSQL the migration tables live in the connection's own schema (search_path), not in
  // whichever schema happens to hold tables of that name.
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined
  const db = handle.sqlite
    ? transactionalSqlite(handle.sqlite)
    : handle.pool && migrationTableSchema !== undefined
      ? ownSchemaPostgres(handle.pool, migrationTableSchema)
      : handle.db
  const migrator = new Migrator({ db, provider: provider(handle), migrationTableSchema })
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest()
    if (!error) {
      return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) }
    }
    if (attempt >= 20 || !isConcurrentChange(error)) throw error
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
  }
}

/**
 * Kysely's SQLite adapter runs migrations outside a transaction and takes no lock. Two processes
 * migrating one new file could then interleave: one failing half way (busy) left tables behind with
 * no record of its migration, and every later start failed on "table already exists".
 * SQLite's DDL is transactional; this Kysely, over the same connection and used only to migrate,
 * runs them in a transaction that takes the write lock when it begins.
 */
function transactionalSqlite(statements: StatementStore): Kysely<Database> {
  // The connection's own statement store (its statements must outlive the migration on Node 24, see
  // sqlite-statements.ts). The connection belongs to the handle: closing it is the handle's business.
  const database = { prepare: statements.prepare, close() {} }
  class ImmediateDriver extends SqliteDriver {
    override async beginTransaction(connection: DatabaseConnection): Promise<void> {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'))
    }
  }
  class TransactionalAdapter extends SqliteAdapter {
    override get supportsTransactionalDdl(): boolean {
      return true
    }
  }
  const dialect: Dialect = {
    createAdapter: () => new TransactionalAdapter(),
    createDriver: () => new ImmediateDriver({ database }),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  }
  return new Kysely<Database>({ dialect })
}

/**
 * Kysely's migrator asks its introspector whether its schema and tables exist, and PostgreSQL's reads
 * every table of the database, looking each one's columns up by name: a schema, table or column that
 * another application (or test) dropped between the catalog read and the lookup failed the migration
 * (3F000, 42P01, 42703, all seen). This Kysely, over the same pool and used only to migrate, answers
 * from the connection's own schema alone, which nobody else changes while we hold the migration lock.
 */
function ownSchemaPostgres(pool: pg.Pool, schema: string): Kysely<Database> {
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    // Never destroyed: the pool belongs to the handle, and destroying the driver would end it.
    createDriver: () => new PostgresDriver({ pool }),
    createIntrospector: (db) => new OwnSchemaIntrospector(db, schema),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
  return new Kysely<Database>({ dialect })
}

/** The schema and its tables, by name: all the migrator asks (it reads no column). */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`
      select nspname as name from pg_namespace where nspname = ${this.schema}`.execute(this.db)
    return rows
  }

  async getTables(): Promise<DatabaseMetadata['tables']> {
    const { rows } = await sql<{ name: string; is_view: boolean }>`
      select c.relname as name, c.relkind = 'v' as is_view
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')`.execute(this.db)
    return rows.map((r) => ({ name: r.name, isView: r.is_view, schema: this.schema, columns: [] }))
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() }
  }
}

/** A failure caused by another process changing the database at the same moment: worth a retry. */
function isConcurrentChange(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string }
  // SQLite: the file stayed locked by another migrating process past the busy timeout, or two
  // processes created the migration tables or inserted the migrator's lock row at the same moment
  // (outside the transaction; a retry sees the other's work).
  // PostgreSQL: two processes created the migration tables at the same moment.
  return (
    // Any SQLITE_BUSY: also _RECOVERY, while another process recovers a new file's WAL.
    code?.startsWith('SQLITE_BUSY') === true ||
    code === 'SQLITE_LOCKED' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (code === 'SQLITE_ERROR' && / already exists$/.test(message ?? '')) ||
    code === '23505' ||
    code === '42P07'
  )
}
