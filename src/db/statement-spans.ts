// A span per database statement, when tracing is on (src/tracing): the statement's text (its values
// travel apart as parameters and are never recorded), what it does, and how long it ran.

import type { LogEvent } from 'kysely'
import { epochMs, tracing } from '../tracing/tracing.js'
import type { DialectName } from './dialect.js'
import type { StatementStore } from './sqlite-statements.js'

/** OpenTelemetry's names of the databases (db.system.name). */
const SYSTEM: Record<DialectName, string> = { sqlite: 'sqlite', postgres: 'postgresql' }

/** A statement's text as a span keeps it: long imports' statements are cut. */
const MAX_TEXT = 2048

function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL'
}

/** Records a finished statement as a span: the Kysely `log` of a traced process. */
export function statementSpan(dialect: DialectName, text: string, durationMs: number, error?: unknown): void {
  const end = epochMs()
  const operation = operationOf(text)
  tracing().record(
    operation,
    end - durationMs,
    end,
    {
      'db.system.name': SYSTEM[dialect],
      'db.operation.name': operation,
      'db.query.text': text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
    },
    // The background rounds (deliveries due, pruning) run every second: only statements of a
    // request, an import or a delivery make spans.
    { error, childOnly: true },
  )
}

/** Kysely's `log` option: a span per statement when tracing is on, nothing (no option) when off. */
export function statementLog(dialect: DialectName): { log?: (event: LogEvent) => void } {
  if (!tracing().enabled) return {}
  return {
    log: (event) =>
      statementSpan(
        dialect,
        event.query.sql,
        event.queryDurationMillis,
        event.level === 'error' ? event.error : undefined,
      ),
  }
}

/** Runs a SQLite statement outside Kysely: a span as Kysely's log would record, when tracing is on. */
function traced<T>(text: string, run: () => T): T {
  if (!tracing().enabled) return run()
  const started = performance.now()
  let failure: unknown
  try {
    return run()
  } catch (error) {
    failure = error
    throw error
  } finally {
    statementSpan('sqlite', text, performance.now() - started, failure)
  }
}

/** A SQLite statement's rows as arrays (the statement's text is its caller's alone: the mode stays with it). */
export const tracedAll = (
  statements: StatementStore,
  text: string,
  parameters: readonly unknown[],
): unknown[] => traced(text, () => statements.prepare(text).raw(true).all(parameters))

/** A SQLite statement's one row, as an object. */
export const tracedGet = (
  statements: StatementStore,
  text: string,
  parameters: readonly unknown[],
): unknown => traced(text, () => statements.prepare(text).get(parameters))
