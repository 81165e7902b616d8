// An import of one small organization into a database that holds a large one reads only what its own
// file reaches: no statement scans a table of tenant data whole. Pinned without timing, from the
// plans: on SQLite every statement's EXPLAIN QUERY PLAN, taken as it runs; on PostgreSQL the
// statistics collector's count of sequential scans and of index entries read, with sequential scans
// priced out (at test scale the planner may rightly prefer them; at scale a scan is what must not be
// left as the only way). Three imports, as an operator runs them daily: the first, the same file
// again, and a changed file with --replace.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import pg from 'pg'
import type { DatabaseHandle } from '../../src/db/connection.js'
import { openDatabase } from '../../src/db/connection.js'
import { demoRecords } from '../../src/demo/generate.js'
import { type ImportSource, importSources } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase } from '../helpers/databases.js'

type Row = Record<string, unknown>

const source = (records: readonly Row[]): ImportSource => ({
  name: 'tenant.ndjson',
  async *read() {
    yield Buffer.from(records.map((r) => JSON.stringify(r)).join('\n'))
  },
})

const LARGE = [...demoRecords({ employees: 1500, workspaces: 2, seed: 41 })] as Row[]
const SMALL = [...demoRecords({ employees: 12, workspaces: 1, seed: 42 })] as Row[]

/** The small organization's file changed: a few employees (and what is theirs) gone, others renamed. */
function changedSmall(): Row[] {
  const gone = new Set(
    SMALL.filter((r) => r.type === 'employee' && r.manager !== null)
      .slice(-2)
      .map((r) => r.id),
  )
  return SMALL.filter((r) => !gone.has(r.type === 'employee' ? r.id : r.employee_id)).map((r, i) =>
    r.type === 'employee' && i % 3 === 0 ? { ...r, name: `${r.name} (renamed)` } : r,
  )
}

const RUNS: { name: string; records: Row[]; replace: boolean }[] = [
  { name: 'first import', records: SMALL, replace: false },
  { name: 'the same file again', records: SMALL, replace: false },
  { name: 'a changed file with --replace', records: changedSmall(), replace: true },
]

const organizationOf = (records: readonly Row[]) =>
  records.find((r) => r.type === 'organization')?.id as string

/** An endpoint per organization, so that imports queue deliveries too. */
async function addEndpoint(handle: DatabaseHandle, organizationId: string): Promise<void> {
  await handle.db
    .insertInto('webhook_endpoints')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      workspace_id: null,
      url: 'https://hooks.example/awareness',
      events: null,
      secret: 'whsec_test',
      created_at: '2026-11-01T00:00:00.000000Z',
      format: 'json',
    })
    .execute()
}

/** Table names and aliases a statement names (`from employees e`, `join attacks t`), alias → table. */
function aliases(statement: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>()
  const add = (alias: string, table: string) => names.set(alias, (names.get(alias) ?? new Set()).add(table))
  for (const m of statement.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?(\w+))?/gi)) {
    const table = m[1] as string
    add(table, table)
    if (m[2]) add(m[2], table)
  }
  return names
}

/**
 * Aliases of the selects in `statement` whose where clause is the constant false: SQLite tests a
 * constant before its loop, so those read nothing, whatever their plan says.
 */
function readNothing(statement: string): Set<string> {
  const exempt = new Set<string>()
  for (const m of statement.matchAll(/\bwhere false\b/gi)) {
    // Back to the select this where belongs to, over any parenthesised part in between.
    let depth = 0
    let start = 0
    for (let i = m.index - 1; i >= 0; i--) {
      const c = statement[i]
      if (c === ')') depth++
      else if (c === '(') {
        if (depth === 0) {
          start = i + 1
          break
        }
        depth--
      } else if (
        depth === 0 &&
        /^select\b/i.test(statement.slice(i, i + 7)) &&
        /\W/.test(statement[i - 1] ?? ' ')
      ) {
        start = i
        break
      }
    }
    for (const alias of aliases(statement.slice(start, m.index)).keys()) exempt.add(alias)
  }
  return exempt
}

/** Tables a workspace has one row of, or an organization a few: a loop over them is short. */
const FEW_PER_WORKSPACE = new Set(['organizations', 'workspaces'])

/**
 * The loops of a plan that read a workspace's rows of a tenant table (the index's workspace alone
 * bounds them) once per row of another tenant table's loop around them: within one workspace, rows
 * times rows. SQLite, without statistics, picks such a plan when a new index makes the outer table
 * look cheap to walk; the file's own size would not show it, the workspace's does.
 */
function quadraticLoops(
  plan: readonly { id: number; parent: number; detail: string }[],
  names: Map<string, Set<string>>,
  tenant: Set<string>,
): string[] {
  const tenantTables = (alias: string) =>
    [...(names.get(alias) ?? [])].filter((t) => tenant.has(t) && !FEW_PER_WORKSPACE.has(t))
  const found: string[] = []
  const loops = plan.filter((r) => /^(SCAN|SEARCH) /.test(r.detail))
  for (const [i, loop] of loops.entries()) {
    const inner = /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \(workspace_id=\?\)$/.exec(loop.detail)
    if (inner === null || tenantTables(inner[1] as string).length === 0) continue
    const outer = loops
      .slice(0, i)
      .filter((o) => o.parent === loop.parent)
      .find((o) => tenantTables(/^(?:SCAN|SEARCH) (\w+)/.exec(o.detail)?.[1] as string).length > 0)
    if (outer !== undefined) found.push(`${loop.detail} for each row of ${outer.detail}`)
  }
  return found
}

/** A look at whether a table holds any row: it reads one at most. */
const ONE_ROW = /^select 1 as one from \w+ limit 1$/

describe('an import reads only what its own organization reaches (sqlite)', () => {
  test('no statement of a small organization’s imports scans a table of tenant data, nor walks a workspace’s rows per row of another table', async () => {
    const database = await freshDatabase('sqlite')
    try {
      const raw = database.handle.sqlite
      assert.ok(raw)
      await importSources(database.handle, [source(LARGE)])
      await addEndpoint(database.handle, organizationOf(LARGE))
      await addEndpoint(database.handle, organizationOf(SMALL))
      // Tables of tenant data: those keyed to a workspace or an organization.
      const tables = raw
        .prepare(`select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'`)
        .all() as { name: string }[]
      const tenant = new Set(
        tables
          .map((t) => t.name)
          .filter((name) =>
            (raw.prepare('select name from pragma_table_info(?)').all(name) as { name: string }[]).some(
              (c) => c.name === 'workspace_id' || c.name === 'organization_id' || name === 'organizations',
            ),
          ),
      )
      assert.ok(tenant.has('employees') && tenant.has('attacks') && tenant.has('events'))
      const scans: string[] = []
      const quadratic: string[] = []
      let explained = 0
      const handle: DatabaseHandle = {
        ...database.handle,
        trace(statement, parameters) {
          // Bulk inserts of rows carry no parameters here: they read nothing.
          if (
            parameters === undefined ||
            !/^\s*(select|insert|update|delete|with|create temporary table \w+ as)/i.test(statement)
          )
            return
          const plan = raw.prepare(`explain query plan ${statement}`).all(...parameters) as {
            id: number
            parent: number
            detail: string
          }[]
          explained++
          if (ONE_ROW.test(statement.trim())) return
          const names = aliases(statement)
          const exempt = readNothing(statement)
          for (const loop of quadraticLoops(plan, names, tenant))
            quadratic.push(`${loop} in:\n${statement.replace(/\s+/g, ' ').trim()}`)
          for (const { detail } of plan) {
            // An automatic index is built by reading its table whole.
            const scanned = /^(?:SCAN (\w+)|SEARCH (\w+) USING AUTOMATIC)/
              .exec(detail)
              ?.slice(1)
              .find((n) => n)
            if (scanned === undefined || exempt.has(scanned)) continue
            const scannedTables = [...(names.get(scanned) ?? [])].filter((t) => tenant.has(t))
            if (scannedTables.length > 0)
              scans.push(
                `${detail} (${scannedTables.join(', ')}) in:\n${statement.replace(/\s+/g, ' ').trim()}`,
              )
          }
        },
      }
      for (const run of RUNS) {
        const summary = await importSources(handle, [source(run.records)], { replace: run.replace })
        assert.ok(summary.records.employee > 0, run.name)
      }
      assert.ok(explained > 50, `${explained} statements explained`)
      assert.deepEqual([...new Set(scans)], [], [...new Set(scans)].join('\n\n'))
      assert.deepEqual([...new Set(quadratic)], [], [...new Set(quadratic)].join('\n\n'))
    } finally {
      await database.drop()
    }
  })
})

const postgres = DIALECTS.find((d) => d.dialect === 'postgres')

describe('an import reads only what its own organization reaches (postgres)', {
  skip: postgres?.skip,
}, () => {
  test('a small organization’s imports read index entries in proportion to its file, and scan no table of tenant data', async () => {
    const database = await freshDatabase('postgres')
    // A database of its own: its tables are in its public schema, and its statistics its own.
    const schema = 'public'
    const url = new URL(database.url)
    url.searchParams.set('options', '-c enable_seqscan=off')
    const importing = openDatabase(url.toString(), { poolSize: 2 })
    const stats = new pg.Client({ connectionString: database.url })
    await stats.connect()
    try {
      await importSources(database.handle, [source(LARGE)])
      await addEndpoint(database.handle, organizationOf(LARGE))
      await addEndpoint(database.handle, organizationOf(SMALL))
      const { rows: tenantRows } = await stats.query<{ table_name: string }>(
        `select distinct table_name from information_schema.columns
          where table_schema = $1 and (column_name in ('workspace_id', 'organization_id') or table_name = 'organizations')`,
        [schema],
      )
      const tenant = tenantRows.map((r) => r.table_name)
      assert.ok(tenant.includes('employees') && tenant.includes('attacks') && tenant.includes('events'))
      type Counters = Map<string, { scans: number; entries: number }>
      const read = async (): Promise<Counters> => {
        await stats.query('select pg_stat_clear_snapshot()')
        const { rows } = await stats.query<{ table: string; scans: string; entries: string }>(
          `select t.relname as table, coalesce(t.seq_scan, 0) as scans,
              coalesce((select sum(i.idx_tup_read) from pg_stat_user_indexes i where i.relid = t.relid), 0) as entries
            from pg_stat_user_tables t where t.schemaname = $1 and t.relname = any($2)`,
          [schema, tenant],
        )
        return new Map(rows.map((r) => [r.table, { scans: Number(r.scans), entries: Number(r.entries) }]))
      }
      // A backend reports its counters when it ends or goes idle, not at once.
      const settled = async (): Promise<Counters> => {
        let last = await read()
        for (let i = 0; i < 50; i++) {
          await new Promise((r) => setTimeout(r, 200))
          const now = await read()
          if (JSON.stringify([...now]) === JSON.stringify([...last]) && i >= 3) return now
          last = now
        }
        return last
      }
      const largeRows = LARGE.length
      for (const run of RUNS) {
        const before = await settled()
        await importSources(importing, [source(run.records)], { replace: run.replace })
        const after = await settled()
        const scanned: string[] = []
        const perTable: string[] = []
        let entries = 0
        for (const [table, counters] of after) {
          const was = before.get(table) ?? { scans: 0, entries: 0 }
          if (counters.scans > was.scans) scanned.push(`${table} (${counters.scans - was.scans})`)
          entries += counters.entries - was.entries
          if (counters.entries > was.entries) perTable.push(`${table} ${counters.entries - was.entries}`)
        }
        assert.deepEqual(scanned, [], `${run.name}: sequential scans of tenant tables`)
        // The large organization holds over a hundred times the small one's records: reading any of
        // its tables whole would show here.
        assert.ok(
          entries <= 20 * run.records.length,
          `${run.name}: ${entries} index entries read for ${run.records.length} records (the large organization has ${largeRows}): ${perTable.join(', ')}`,
        )
      }
    } finally {
      await stats.end()
      await importing.close()
      await database.drop()
    }
  })
})
