// Checks that need the whole file and the database: duplicate keys (here, for every record type),
// and what each resource declares (references that must resolve, in the file or in the database;
// records that would move between workspaces). Each check is one set-based query returning the
// offending lines.

import { sql } from 'kysely'
import { analyzeTemporary, type WriteSession } from '../db/write-session.js'
import type { Check } from '../records/spec.js'
import { IMPORT_STEPS } from '../resources/index.js'
import {
  duplicateMessage,
  keysEqual,
  type RecordType,
  SPECS,
  stagingKeyIndex,
  stagingTableColumns,
  TYPES,
} from './staging.js'

export interface Finding {
  line: number
  message: string
}

function duplicateCheck(type: RecordType): Check {
  const spec = SPECS[type]
  const keys = spec.key.join(', ')
  const same = keysEqual(spec, 's', 'd')
  const keyText = spec.key.map((k) => `s.${k}`).join(` || ' ' || `)
  // Grouping walks the key index once; only duplicated keys are looked up again.
  return {
    query: sql.raw(`select s.line as line, ${keyText} as value, cast(d.first_line as text) as other
      from (select ${keys}, min(line) as first_line from ${spec.staging} group by ${keys} having count(*) > 1) d
      join ${spec.staging} s on ${same} and s.line > d.first_line`),
    message: (key, first) => duplicateMessage(type, key ?? '', first ?? ''),
  }
}

const CHECKS: readonly Check[] = [
  ...TYPES.map(duplicateCheck),
  ...IMPORT_STEPS.flatMap((steps) => steps.checks ?? []),
]

/**
 * Gives records that do not carry their workspace (a resource's `workspaceOf`: progress and
 * feedback take their employee's) that workspace. The staging table is rebuilt into a new one: one
 * bulk write, where an UPDATE would rewrite every row (on PostgreSQL, a new version of each).
 * SQLite's is declared first, to keep the line as the row's id; PostgreSQL's is created from the
 * select, its fastest bulk write.
 */
export async function resolveWorkspaces(session: WriteSession): Promise<void> {
  for (const spec of TYPES.map((type) => SPECS[type])) {
    if (spec.workspaceOf === undefined) continue
    const table = spec.staging
    const columns = ['line', ...spec.columns]
    const select = sql`select ${sql.raw(columns.map((c) => `s.${c}`).join(', '))},
        ${spec.workspaceOf('s')} as workspace_id from ${sql.raw(table)} s`
    if (session.dialect === 'sqlite') {
      await session.exec(
        sql.raw(`create temporary table ${table}_resolved (${stagingTableColumns(spec, session.dialect)})`),
      )
      await session.exec(
        sql`insert into ${sql.raw(`${table}_resolved`)} (${sql.raw([...columns, 'workspace_id'].join(', '))}) ${select}`,
      )
    } else {
      await session.exec(sql`create temporary table ${sql.raw(`${table}_resolved`)} as ${select}`)
    }
    await session.exec(sql.raw(`drop table ${table}`))
    await session.exec(sql.raw(`alter table ${table}_resolved rename to ${table}`))
    await session.exec(sql.raw(stagingKeyIndex(spec)))
    await analyzeTemporary(session, table)
  }
}

/** Runs every check; returns at most `limit` findings in line order. */
export async function findProblems(session: WriteSession, limit: number): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const check of CHECKS) {
    const rows = await session.rows<{ line: number; value: string | null; other: string | null }>(
      sql`${check.query} order by line limit ${sql.lit(limit)}`,
    )
    for (const row of rows)
      findings.push({ line: Number(row.line), message: check.message(row.value, row.other) })
  }
  findings.sort((a, b) => a.line - b.line)
  return findings.slice(0, limit)
}
