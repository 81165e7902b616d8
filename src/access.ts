// What a key may reach, and where a request's statements begin. A grant can only be obtained from
// grantWorkspace, which checks the workspace against the key's organization (and its workspace, for
// a workspace-scoped key); a statement over a workspace's rows begins from the grant
// (`workspaceRows`), one over the key's reach from the key (`keyRows`). A resource's statements take
// one of these, never the database: an unscoped statement does not compile
// (test/architecture/tenancy.types.ts).

import type { AliasedSelectQueryBuilder, Compilable, CompiledQuery, Kysely, SelectQueryBuilder } from 'kysely'
import { type DialectName, dialectOf } from './db/dialect.js'
import { isWorkspaceOf } from './db/organizations.js'
import { allRows } from './db/prepared.js'
import type { Database } from './db/tables.js'
import { apiError, WORKSPACE_NOT_FOUND } from './errors.js'
import type { VerifiedKey } from './keys/keys.js'

/** What a verified key reaches (keys/keys.ts makes it). */
export type KeyScope = VerifiedKey

/**
 * The keys of an organization and of its workspace that no database holds, for the SQL snapshots'
 * sample calls (resources/sql.ts): the only key scopes not made by verifyKey.
 */
export const SAMPLE_SCOPES = {
  organization: { organizationId: '00000000-0000-4000-8000-00000000000a', workspaceId: null } as KeyScope,
  workspace: {
    organizationId: '00000000-0000-4000-8000-00000000000a',
    workspaceId: '00000000-0000-4000-8000-00000000000b',
  } as KeyScope,
}

declare const granted: unique symbol

/** A workspace the key may read. Only grantWorkspace makes one. */
export interface WorkspaceGrant {
  readonly organizationId: string
  readonly workspaceId: string
  readonly [granted]: true
}

/**
 * Checks that a workspace belongs to the key's organization: unknown and foreign workspaces are the
 * same 404 (existence is never leaked); a workspace of the organization outside a workspace-scoped
 * key is 403 (CONTRACT 5).
 */
export async function grantWorkspace(
  db: Kysely<Database>,
  scope: KeyScope,
  workspaceId: string,
): Promise<WorkspaceGrant> {
  if (!(await belongsTo(db, workspaceId, scope.organizationId))) throw WORKSPACE_NOT_FOUND()
  if (scope.workspaceId !== null && scope.workspaceId !== workspaceId) {
    throw apiError('forbidden', 'This key is limited to another workspace of the organization.', {
      parameter: 'workspace_id',
    })
  }
  return { organizationId: scope.organizationId, workspaceId } as WorkspaceGrant
}

// Workspaces seen to belong to an organization, per database. That fact never changes: an import
// refuses to move a workspace to another organization, and nothing deletes workspaces (--replace
// empties them). Only the answer "yes" is kept: a workspace unknown now may be imported later.
// Bounded: past KNOWN_MEMBERSHIPS entries the set starts again. Saves a statement per request
// (docs/design.md).
const KNOWN_MEMBERSHIPS = 10_000
const memberships = new WeakMap<Kysely<Database>, Set<string>>()

async function belongsTo(
  db: Kysely<Database>,
  workspaceId: string,
  organizationId: string,
): Promise<boolean> {
  let known = memberships.get(db)
  if (!known) {
    known = new Set()
    memberships.set(db, known)
  }
  const membership = `${organizationId} ${workspaceId}`
  if (known.has(membership)) return true
  if (!(await isWorkspaceOf(db, workspaceId, organizationId))) return false
  if (known.size >= KNOWN_MEMBERSHIPS) known.clear()
  known.add(membership)
  return true
}

/** The tables whose rows each belong to one workspace. */
export type WorkspaceTable = {
  [T in keyof Database]: Database[T] extends { workspace_id: string } ? T : never
}[keyof Database]
/** A workspace table, aliased or not (`'employees as e'`). */
export type WorkspaceTableAs = WorkspaceTable | `${WorkspaceTable} as ${string}`

// Only its type is read: what Kysely's selectFrom answers for a table expression.
declare const database: Kysely<Database>
type Selecting<TE extends WorkspaceTableAs> = ReturnType<typeof database.selectFrom<TE>>
type SelectingDerived<O, A extends string> = ReturnType<
  typeof database.selectFrom<AliasedSelectQueryBuilder<O, A>>
>

declare const begunFrom: unique symbol

/**
 * Where every statement of a request over a workspace's rows begins: each table it names is read
 * in the granted workspace. Only `workspaceRows` makes one, from a grant.
 */
export interface WorkspaceRows {
  readonly [begunFrom]: 'grant'
  /** The rows of `table` in the granted workspace (the scope is the statement's first condition). */
  selectFrom<TE extends WorkspaceTableAs>(table: TE): Selecting<TE>
  /** A statement over a derived table, itself begun here. */
  selectFrom<O, A extends string>(derived: AliasedSelectQueryBuilder<O, A>): SelectingDerived<O, A>
  /** The granted workspace, for a condition of a joined table that the scope cannot name. */
  readonly workspaceId: string
  /** The one value a `workspaceValue` statement reads in the granted workspace (null: no row). */
  value(statement: WorkspaceValue): Promise<unknown>
  /**
   * The rows a `workspaceStatement` reads in the granted workspace with these arguments, each as
   * its columns' values in the order selected (PostgreSQL's as text).
   */
  rows<A extends string[]>(statement: WorkspaceStatement<A>, ...args: A): Promise<unknown[][]>
}

declare const learnt: unique symbol

/** A statement of one shape over the granted workspace and `A`: see `workspaceStatement`. */
export interface WorkspaceStatement<A extends string[]> {
  readonly [learnt]: A
}

/** A statement of one shape over the granted workspace alone, answering one value. */
export type WorkspaceValue = WorkspaceStatement<[]>

interface Learnt {
  build(from: WorkspaceRows, ...args: string[]): Compilable<unknown>
  arity: number
  compiled: Partial<Record<DialectName, CompiledQuery>>
}

/**
 * Stands for the granted workspace while a statement's shape is compiled: no workspace has it, so
 * a shape run as compiled reads nothing.
 */
export const GRANTED = '\u0000granted workspace'
/** Stands for argument `i` (`ARGUMENT` and i). */
const ARGUMENT = '\u0000argument '
const argument = (i: number): string => `${ARGUMENT}${i}`

/**
 * A statement with no value but the workspace, asked on every request of a route (an aggregate
 * key's population): a `workspaceStatement` without arguments, read by `WorkspaceRows.value`.
 */
export const workspaceValue = (build: (from: WorkspaceRows) => Compilable<unknown>): WorkspaceValue =>
  workspaceStatement<[]>(0, build)

/**
 * A statement of one shape whose values are the workspace and `arity` strings, asked on every
 * request of a route: Kysely builds and compiles it once per kind of database, with a marker where
 * the granted workspace goes and one for each argument (which `build` may only compare or select,
 * never branch on), and each call runs the compiled text prepared (db/prepared.ts).
 */
export function workspaceStatement<A extends string[]>(
  arity: A['length'],
  build: (from: WorkspaceRows, ...args: A) => Compilable<unknown>,
): WorkspaceStatement<A> {
  return { build, arity, compiled: {} } as unknown as WorkspaceStatement<A>
}

function compiledFor(db: Kysely<Database>, statement: Learnt): CompiledQuery {
  const dialect = dialectOf(db)
  let compiled = statement.compiled[dialect]
  if (compiled === undefined) {
    const markers = Array.from({ length: statement.arity }, (_, i) => argument(i))
    compiled = statement.build(scopedTo(db, GRANTED), ...markers).compile()
    const { parameters } = compiled
    if (!parameters.includes(GRANTED) || compiled.sql.includes('\u0000'))
      throw new Error('a workspace statement is not read in the granted workspace')
    if (!markers.every((m) => parameters.includes(m)))
      throw new Error('a workspace statement leaves out one of its arguments')
    statement.compiled[dialect] = compiled
  }
  return compiled
}

/** The compiled statement's values: the workspace and the arguments where their markers stand. */
function bound(compiled: CompiledQuery, workspaceId: string, args: readonly string[]): unknown[] {
  return compiled.parameters.map((p) => {
    if (p === GRANTED) return workspaceId
    if (typeof p === 'string' && p.startsWith(ARGUMENT)) return args[Number(p.slice(ARGUMENT.length))]
    return p
  })
}

/** The statements of a request over the granted workspace. */
export function workspaceRows(db: Kysely<Database>, grant: WorkspaceGrant): WorkspaceRows {
  return scopedTo(db, grant.workspaceId)
}

/**
 * A statement's shape, built over the rows of `GRANTED` in place of a workspace (paging/keyset.ts
 * learns where each value goes, and binds the grant's workspace where `GRANTED` stands).
 */
export function workspaceShape<T>(db: Kysely<Database>, build: (from: WorkspaceRows) => T): T {
  return build(scopedTo(db, GRANTED))
}

/** The alias of `'employees as e'`; undefined for a table named without one. */
const aliasOf = (table: string): string | undefined => / as (\w+)$/.exec(table)?.[1]

function scopedTo(db: Kysely<Database>, workspaceId: string): WorkspaceRows {
  // Kysely's overloads cannot be spelt as one implementation; the interface types each call.
  const from = db as unknown as Kysely<Record<string, { workspace_id: string }>>
  const selectFrom = (table: string | AliasedSelectQueryBuilder<unknown, string>) => {
    if (typeof table !== 'string') return db.selectFrom(table)
    const alias = aliasOf(table)
    return from.selectFrom(table).where(alias ? `${alias}.workspace_id` : 'workspace_id', '=', workspaceId)
  }
  const rows = async (statement: WorkspaceStatement<string[]>, ...args: string[]) => {
    const compiled = compiledFor(db, statement as unknown as Learnt)
    return allRows(db, compiled.sql, bound(compiled, workspaceId, args))
  }
  const value = async (statement: WorkspaceValue) => (await rows(statement))[0]?.[0] ?? null
  return { selectFrom, workspaceId, value, rows } as unknown as WorkspaceRows
}

/**
 * Where every statement of a request over the key's whole reach begins: the organization, its
 * workspaces, a row by id in any of them.
 */
export interface KeyRows {
  readonly [begunFrom]: 'key'
  /** The key's organization. */
  organization(): SelectQueryBuilder<Database, 'organizations', Record<never, never>>
  /** The workspaces the key reaches: its organization's, or its one workspace. */
  workspaces(): SelectQueryBuilder<Database, 'workspaces', Record<never, never>>
  /**
   * The row `id` of `table` if the key reaches its workspace, joined to that workspace as `w`; or
   * the rows whose `column` holds `id`, when another column names them.
   */
  byId<T extends WorkspaceTable, A extends string>(
    table: `${T} as ${A}`,
    id: string,
    column?: keyof Database[T] & string,
  ): SelectQueryBuilder<
    Database & { [K in A]: Database[T] } & { w: Database['workspaces'] },
    A | 'w',
    Record<never, never>
  >
}

/** The statements of a request over the key's reach. */
export function keyRows(db: Kysely<Database>, scope: KeyScope): KeyRows {
  const rows = {
    organization: () => db.selectFrom('organizations').where('id', '=', scope.organizationId),
    workspaces: () =>
      db
        .selectFrom('workspaces')
        .where('organization_id', '=', scope.organizationId)
        .$if(scope.workspaceId !== null, (q) => q.where('id', '=', scope.workspaceId as string)),
    byId: (table: string, id: string, column = 'id') => {
      const alias = aliasOf(table) as string
      const from = db as unknown as Kysely<Record<string, Record<string, string>>>
      return from
        .selectFrom(table)
        .innerJoin('workspaces as w', 'w.id', `${alias}.workspace_id`)
        .where(`${alias}.${column}`, '=', id)
        .where('w.organization_id', '=', scope.organizationId)
        .$if(scope.workspaceId !== null, (q) =>
          q.where(`${alias}.workspace_id`, '=', scope.workspaceId as string),
        )
    },
  }
  return rows as unknown as KeyRows
}
