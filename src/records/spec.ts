// What a resource declares about each of its import record types, for the import engine
// (src/importer) to stage, check, compare and merge them: the record's schema, its conversion to a
// named staging row, and how that row is stored.

import type { RawBuilder, SqlBool } from 'kysely'
import type { Static, TSchema } from 'typebox'
import type { Value } from '../db/bulk-rows.js'
import type { Database } from '../db/tables.js'
import type { WriteSession } from '../db/write-session.js'
import type { Interval } from '../domain/time.js'
import type { Counts } from '../schemas/disclosure.js'

/** A record type's staging row, keyed by column. */
export type StagingRow<C extends string> = { readonly [K in C]: Value }

export interface RecordDefinition<T extends string, S extends TSchema, C extends string> {
  /** The record's `type` field. */
  type: T
  schema: S
  /** Columns of the staging row, in the order they are loaded. */
  columns: readonly C[]
  /**
   * The staging row of a record that passed `schema`. Rules a schema cannot express (real dates,
   * time-zone names, …) are checked here and reported in `errors`; the row is then ignored.
   */
  toRow(record: Static<S>, errors: string[]): StagingRow<C>
  /** Table the records are merged into. */
  target: keyof Database
  /** Columns that identify a record within the file (duplicates, --replace). */
  key: readonly C[]
  /**
   * The target's primary key, when it leads with the workspace the record's key does not carry
   * (`workspace_id`, resolved from `workspaceOf`): the merge's upsert key and how stored rows are
   * found. Default: `key`.
   */
  storedKey?: readonly (C | 'workspace_id')[]
  /** Column naming the record's workspace; null when the record does not carry it. */
  workspaceColumn: C | null
  /**
   * A record that does not carry its workspace: SQL giving it from the staged row `s` (say, its
   * employee's), resolved once every record is read, into a `workspace_id` column.
   */
  workspaceOf?: (row: string) => RawBuilder<string | null>
  /** Target columns cleared when a record changes, so that they are rendered again. */
  rendered?: readonly string[]
  /**
   * The order rows are written in: the order the API lists them, so that the rows of one page sit
   * together on disk.
   */
  writeOrder?: string
  /** Target columns computed while merging: column → SQL over the staging table (and mergeJoins). */
  computed?: Record<string, string>
  /**
   * Left joins to the staging table while merging, for the computed columns to read (aliased
   * tables; each joins at most one row per staged record).
   */
  mergeJoins?: string
  /** Columns only staging holds: used to compute others while merging, not stored. */
  stagingOnly?: readonly C[]
  /**
   * What else must hold for a stored row `t` to equal its staged record, when the record is stored
   * in a form that plain column equality cannot compare (SQL over `t` and the staging table).
   */
  sameStored?: string
  /** Columns staged as integers (the others are text). */
  integers?: readonly C[]
  /** More indexes on the staging table, besides the key's (column lists). */
  stagingIndexes?: readonly (readonly C[])[]
  /**
   * Columns the key's staging index carries after the key: a look-up by key that reads only these
   * (and the line) is answered by the index, never by the staged rows, which are wide.
   */
  keyIndexIncludes?: readonly C[]
  /**
   * --replace: SQL over the target selecting its rows in the replaced workspaces, given them as the
   * right-hand side of an `in` (write-session.ts `workspaceList`); default `workspace_id in …`.
   * Null: never deleted.
   */
  replaced?: ((workspaces: string) => string) | null
}

/** A record type as the engine sees it: staging rows as value lists in `columns` order. */
export interface RecordSpec<T extends string = string> {
  readonly type: T
  readonly schema: TSchema
  /** Temporary table holding this type's records. */
  readonly staging: string
  readonly columns: readonly string[]
  /** The staging row of a valid record, in `columns` order; null when `errors` got entries. */
  toRow(record: unknown, errors: string[]): Value[] | null
  readonly target: keyof Database
  readonly key: readonly string[]
  readonly storedKey: readonly string[]
  readonly workspaceColumn: string | null
  /** How the workspace of a record without one is found (RecordDefinition.workspaceOf). */
  readonly workspaceOf: ((row: string) => RawBuilder<string | null>) | undefined
  readonly rendered: readonly string[]
  readonly writeOrder: string | undefined
  readonly computed: Readonly<Record<string, string>>
  readonly mergeJoins: string | undefined
  readonly stagingOnly: readonly string[]
  readonly sameStored: string | undefined
  readonly integers: readonly string[]
  readonly stagingIndexes: readonly (readonly string[])[]
  readonly keyIndexIncludes: readonly string[]
  readonly replaced: ((workspaces: string) => string) | null
}

/** A record type's spec, its row conversion type-checked against its schema and columns. */
export function defineRecord<T extends string, S extends TSchema, const C extends string>(
  definition: RecordDefinition<T, S, C>,
): RecordSpec<T> {
  const { columns } = definition
  return {
    type: definition.type,
    schema: definition.schema,
    staging: `stg_${definition.type}`,
    columns,
    toRow(record, errors) {
      const row = definition.toRow(record as Static<S>, errors)
      if (errors.length > 0) return null
      const values: Value[] = new Array(columns.length)
      for (let i = 0; i < columns.length; i++) values[i] = row[columns[i] as C]
      return values
    },
    target: definition.target,
    key: definition.key,
    storedKey: definition.storedKey ?? definition.key,
    workspaceColumn: definition.workspaceColumn,
    workspaceOf: definition.workspaceOf,
    rendered: definition.rendered ?? [],
    writeOrder: definition.writeOrder,
    computed: definition.computed ?? {},
    mergeJoins: definition.mergeJoins,
    stagingOnly: definition.stagingOnly ?? [],
    sameStored: definition.sameStored,
    integers: definition.integers ?? [],
    stagingIndexes: definition.stagingIndexes ?? [],
    keyIndexIncludes: definition.keyIndexIncludes ?? [],
    replaced:
      definition.replaced === undefined
        ? (workspaces: string) => `workspace_id in ${workspaces}`
        : definition.replaced,
  }
}

/**
 * Which staged records of each type differ from what is stored: all of them (the table was empty),
 * none, or some (their lines are listed in the type's changed table).
 */
export type ChangeState = 'all' | 'none' | 'some'

export interface ChangedRecords {
  state(type: string): ChangeState
  /** SQL over the type's staging table: true for the records that differ from what is stored. */
  where(type: string): string
  /**
   * As `where`, less the records of workspaces the import creates: stored rows the file does not
   * hold can embed only the others (a new workspace's rows are all written by this import).
   */
  whereStored(type: string): string
  /**
   * Whether every staged record of a workspace is of a workspace the import creates (a new
   * organization's file): no stored row can embed them, and every row of those workspaces is new.
   */
  onlyNewWorkspaces(): boolean
}

/** A check that needs the whole file and the database: the offending lines, one query. */
export interface Check {
  query: RawBuilder<{ line: number; value: string | null; other: string | null }>
  message: (value: string | null, other: string | null) => string
}

/**
 * The moment an import records in the history (CONTRACT 17): its `as_of`, the workspaces it holds
 * records of (`stg_snapshot`, as the right-hand side of `workspace_id in …`), and which record
 * types it deleted rows of (their history goes with them).
 */
export interface HistoryMoment {
  asOf: string
  workspaces: string
  /** The same workspaces' ids. */
  ids: readonly string[]
  deleted(type: string): boolean
}

/** A window statistic's answers over periods (ImportSteps.periods), each as its endpoint renders it. */
export interface PeriodAnswers {
  /** Over each period that holds data: [workspace_id, unit, start, answer]. */
  periods: readonly (readonly [string, Interval, string, string])[]
  /** Over a period of the workspace that holds none. */
  empty(workspaceId: string): string
}

/**
 * A state statistic an import keeps (CONTRACT 17): its operation's id, and each workspace's answer
 * at the moment, as its endpoint renders it.
 */
export interface KeptStatisticStep {
  statistic: string
  render(session: WriteSession, moment: HistoryMoment): Promise<Map<string, KeptAnswer>>
}

/** A state statistic's answer as rendered, and the employees its figures describe that it does not publish. */
export interface KeptAnswer {
  json: string
  counts: Counts
}

/** A resource's own history: its tables, pruned with the rest, and what writes their rows. */
export interface ResourceHistory {
  /** Each table, with the column of what its rows follow within a workspace (`employee_id`). */
  tables: readonly { table: string; follows: string }[]
  /** Writes the moment's rows where something changed. */
  record(session: WriteSession, moment: HistoryMoment): Promise<void>
}

/**
 * The resource whose records are the people an erasure erases (CONTRACT 20), as the erasure engine
 * (src/importer/erase.ts) and later imports need it. Every other row naming a person is found by
 * its `employee_id` column.
 */
export interface Persons {
  /** The import record type whose records are people, by their `id`. */
  recordType: string
  /** The people's table: their `id` and `workspace_id`. */
  table: string
  /** The tables keyed by a person's workspace and id: their rows and renderings. */
  tables: readonly string[]
  /** SQL selecting `id`: the people staged records name other than by `employee_id` (a manager). */
  stagedReferences: readonly string[]
  /** The event type an erasure records for each person. */
  erasedEvent: string
  /** How the command line calls one person and several. */
  noun: readonly [one: string, several: string]
}

/** What a resource adds to an import, step by step (src/importer/import.ts runs them in order). */
export interface ImportSteps {
  /**
   * Temporary tables the steps fill, created with staging and dropped with it: name → columns,
   * the key first.
   */
  helpers?: Readonly<Record<string, readonly string[]>>
  /** References and moves to refuse, after every record is staged. */
  checks?: readonly Check[]
  /** Before the merge, while changed records can still be told apart from the stored ones. */
  beforeMerge?(session: WriteSession, changed: ChangedRecords): Promise<void>
  /** After the merge of every record type. */
  afterMerge?(session: WriteSession, changed: ChangedRecords): Promise<void>
  /** --replace, before any row of the replaced workspaces is deleted. */
  beforeReplace?(session: WriteSession): Promise<void>
  /**
   * An erasure (CONTRACT 20), once every row naming the employees of `stg_erased` (id,
   * workspace_id) is deleted: the rows that named them and stay (an employee they managed) changed
   * so that none does, without an event. Returns what it changed, by what a summary calls it.
   */
  erase?(session: WriteSession): Promise<Record<string, number>>
  /**
   * An import, once its records are read: what the staged records of other employees say of the
   * erased employees of `stg_erased` forgotten (a manager), as an erasure left the stored ones.
   */
  skipErased?(session: WriteSession): Promise<void>
  /** Derived values of the touched workspaces (`stg_touched`), and what renders them. */
  derive?(session: WriteSession): Promise<void>
  /**
   * Items stored whole that embed rows of several tables, rendered after everything else; `phase`
   * names its time in an import's phases (`--timings`, traces).
   */
  renderItems?: {
    phase: string
    render(session: WriteSession, changed: ChangedRecords): Promise<void>
  }
  /** State statistics kept per import and workspace (history/kept-statistics.ts keptStatistic). */
  keptStatistics?: readonly KeptStatisticStep[]
  /**
   * A window statistic kept per period (CONTRACT 17's window twins, history/kept-periods.ts): the
   * statistics operation's id, and for the touched workspaces its answers over each period holding
   * data, and over a period holding none, as its endpoint renders them.
   */
  periods?: {
    statistic: string
    derive(session: WriteSession): Promise<PeriodAnswers>
  }
  /**
   * SQL over workspaces \`w\`: true when \`w\` lacks what \`derive\` keeps (a release added it, and the
   * workspace was not imported since). Deriving again at start brings it (importer deriveMissing).
   */
  missing?: RawBuilder<SqlBool>
  /** What else the moment keeps: rows of the resource's own history, where they changed. */
  history?: ResourceHistory
  /**
   * Tables the steps fill besides the records' own, analysed on PostgreSQL after an import that
   * changed anything (the records' own tables are analysed when they change).
   */
  analyze?: readonly string[]
}
