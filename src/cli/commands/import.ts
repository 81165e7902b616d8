import { createReadStream, statSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Command } from 'commander'
import { PACKAGE_VERSION } from '../../config/version.js'
import type { DatabaseHandle } from '../../db/connection.js'
import { instantOf } from '../../domain/time.js'
import { AsOfRefused } from '../../history/record.js'
import {
  ImportInterrupted,
  type ImportOptions,
  ImportRejected,
  type ImportSource,
  type ImportSummary,
  importSources,
  PHASES,
} from '../../importer/import.js'
import { MAX_BLANK_LINES } from '../../importer/lines.js'
import type { RecordType } from '../../importer/staging.js'
import { startTracing, stopTracing } from '../../tracing/tracing.js'
import { configFrom, withDatabase } from '../context.js'
import { DATABASE_FLAG, UsageError } from '../options.js'
import { CliError, counted, formatBytes, formatCount, progressLine } from '../output.js'

export function fileSource(path: string): ImportSource {
  if (path === '-') return { name: '-', read: () => process.stdin }
  // A missing file is reported when it is read, with the reading's other failures.
  const size = statSync(path, { throwIfNoEntry: false })?.size
  return { name: path, size, read: () => createReadStream(path, { highWaterMark: 256 * 1024 }) }
}

/** Runs an import with a progress display, and turns a refusal into printed errors plus one line. */
export async function runImport(
  handle: DatabaseHandle,
  sources: ImportSource[],
  options: Pick<ImportOptions, 'replace' | 'dryRun' | 'maxBytes' | 'signal' | 'asOf' | 'historyRetentionMs'>,
): Promise<ImportSummary> {
  const progress = progressLine()
  const started = Date.now()
  try {
    return await importSources(handle, sources, {
      ...options,
      onProgress: (p) => {
        if (p.phase === 'reading') {
          const rate = Math.round((p.lines * 1000) / Math.max(1, Date.now() - started))
          const share =
            p.size !== null && p.size > 0
              ? `${Math.min(100, Math.floor((100 * p.bytes) / p.size))} % of ${formatBytes(p.size)}, `
              : ''
          progress.update(
            `reading ${p.source}: ${share}${counted(p.lines, 'line')} (${formatCount(rate)} lines/s)`,
          )
        } else if (p.phase === 'checking') {
          progress.update(`checking ${counted(p.lines, 'line')}…`, true)
        } else {
          progress.update(`writing: ${p.step}…`, true)
        }
      },
    })
  } catch (error) {
    progress.done()
    if (error instanceof ImportRejected) {
      for (const e of error.errors) process.stderr.write(`${e.source}:${e.line}: ${e.message}\n`)
      throw new CliError(
        `import refused: ${error.truncated ? 'the first ' : ''}${counted(error.errors.length, 'error')} found; nothing was written`,
      )
    }
    if (error instanceof ImportInterrupted) throw new CliError(error.message)
    if (error instanceof AsOfRefused)
      throw new CliError(`import refused: ${error.message}; nothing was written`)
    throw error
  } finally {
    progress.done()
  }
}

/** The phases of an import with their seconds, on one line: `read 5.31 s, check 4.02 s, …`. */
function describePhases(summary: ImportSummary): string {
  return summary.phases.map((p) => `${p.phase} ${p.seconds.toFixed(2)} s`).join(', ')
}

export function describeSummary(summary: ImportSummary): string {
  const read = Object.entries(summary.records)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${type} ${formatCount(n)}`)
    .join(', ')
  const total = Object.values(summary.records).reduce((a, b) => a + b, 0)
  const written = Object.values(summary.written).reduce((a, b) => a + b, 0)
  const deleted = Object.values(summary.deleted).reduce((a, b) => a + b, 0)
  const records = `${formatCount(total)} ${total === 1 ? 'record' : 'records'} (${read || 'none'})`
  const skipped = summary.skipped > 0 ? `; erased, skipped: ${formatCount(summary.skipped)}` : ''
  if (summary.dryRun) {
    return `dry run: ${records} checked in ${summary.seconds.toFixed(2)} s; ${formatCount(written)} would be written, ${formatCount(
      deleted,
    )} deleted${skipped}; nothing was written`
  }
  const events = Object.values(summary.events.counts).reduce((a, b) => a + b, 0)
  const recorded =
    events === 0 ? '' : `; ${formatCount(events)} ${events === 1 ? 'event' : 'events'} recorded`
  return `imported ${records} in ${summary.seconds.toFixed(2)} s: ${formatCount(
    written,
  )} written, ${formatCount(deleted)} deleted${summary.changed ? '' : ' (no change)'}${skipped}${recorded}`
}

/**
 * The summary as `import --json` prints it: per type, the records read and what was created,
 * changed and deleted (or would be, on a dry run); events recorded; seconds per phase.
 */
export function summaryJson(summary: ImportSummary) {
  const types = Object.fromEntries(
    (Object.keys(summary.records) as RecordType[]).map((type) => [
      type,
      {
        read: summary.records[type],
        created: summary.created[type],
        changed: summary.written[type] - summary.created[type],
        deleted: summary.deleted[type],
      },
    ]),
  )
  return {
    dry_run: summary.dryRun,
    changed: summary.changed,
    as_of: summary.asOf,
    erased_skipped: summary.skipped,
    seconds: Math.round(summary.seconds * 1000) / 1000,
    types,
    events: summary.events.counts,
    phases: Object.fromEntries(summary.phases.map((p) => [p.phase, Math.round(p.seconds * 1000) / 1000])),
  }
}

/**
 * What an import created, changed and deleted, one line per type that moved:
 * `  employee: 3 created, 10 changed, 750 deleted`.
 */
export function describeChanges(summary: ImportSummary): string {
  const lines = (Object.keys(summary.records) as RecordType[]).flatMap((type) => {
    const created = summary.created[type]
    const changed = summary.written[type] - created
    const deleted = summary.deleted[type]
    if (created + changed + deleted === 0) return []
    return [
      `  ${type}: ${formatCount(created)} created, ${formatCount(changed)} changed, ${formatCount(deleted)} deleted`,
    ]
  })
  return lines.length > 0 ? lines.join('\n') : '  nothing changes'
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      'import NDJSON files (optionally gzip-compressed) in one transaction: all records or none. ' +
        'Records are upserted by key, so importing a file twice changes nothing.',
    )
    .argument('<files...>', 'NDJSON files, .gz read transparently; - for standard input')
    .option(
      '--replace',
      'make the files the whole truth for every workspace they name (a workspace record, or a workspace_id / workspace.id field): what those workspaces hold and the files do not is deleted',
    )
    .option(
      '--dry-run',
      'check every record and print what would be created, changed and deleted per type; write nothing',
    )
    .option(
      '--as-of <time>',
      'the moment the data describes, kept in the history: an RFC 3339 timestamp with Z or an offset and up to 6 fractional digits (2024-01-13T10:00:00Z, 2024-01-13T11:00:00+01:00) or a date (midnight UTC); default now. Forward only per workspace (load older exports oldest first); more than 5 minutes ahead is refused',
    )
    .option(...DATABASE_FLAG)
    .option('--timings', `also print the seconds each phase took (${PHASES.join(', ')})`)
    .option(
      '--json',
      'print the summary as one JSON object: {"dry_run","changed","as_of","seconds","types":{TYPE:{"read","created","changed","deleted"}},"events":{EVENT_TYPE:count},"phases":{PHASE:seconds}}',
    )
    .addHelpText(
      'after',
      `\nBounds: a line over 1 MiB, more than ${MAX_BLANK_LINES.toLocaleString('en-US')} blank lines, input over IMPORT_MAX_BYTES\n` +
        '(default 20GiB, decompressed), or text holding NUL or an unpaired surrogate is refused; reading\n' +
        'stops at the 100th error. A refused, failed or interrupted (Ctrl-C) import writes nothing.',
    )
    .action(async (files: string[], options: ImportCommandOptions) => {
      for (const file of files) {
        if (file === '-') continue
        const info = await stat(file).catch(() => null)
        if (!info?.isFile()) throw new CliError(`cannot read ${file}: no such file`)
      }
      if (files.filter((f) => f === '-').length > 1)
        throw new UsageError('standard input (-) can be read only once')
      const asOf = options.asOf === undefined ? undefined : instantOf(options.asOf)
      if (asOf === null)
        throw new UsageError(
          `--as-of: ${JSON.stringify(options.asOf)} must be an RFC 3339 timestamp with Z or an offset and up to 6 fractional digits, such as 2024-01-13T10:00:00Z or 2024-01-13T11:00:00+01:00, or a date such as 2024-01-13`,
        )
      const config = configFrom(options)
      await startTracing(config.traces, 'awareness-api', PACKAGE_VERSION)
      // Ctrl-C or SIGTERM stop the import cleanly: rolled back, nothing written. A second one exits.
      const interrupt = new AbortController()
      const onSignal = () => {
        if (interrupt.signal.aborted) process.exit(130)
        interrupt.abort()
      }
      process.on('SIGINT', onSignal)
      process.on('SIGTERM', onSignal)
      try {
        const summary = await withDatabase(config, (handle) =>
          runImport(handle, files.map(fileSource), {
            replace: options.replace ?? false,
            dryRun: options.dryRun ?? false,
            maxBytes: config.importMaxBytes,
            historyRetentionMs: config.historyRetentionMs,
            signal: interrupt.signal,
            ...(asOf === undefined ? {} : { asOf }),
          }),
        )
        if (options.json) {
          process.stdout.write(`${JSON.stringify(summaryJson(summary))}\n`)
          return
        }
        process.stdout.write(`${describeSummary(summary)}\n`)
        if (summary.dryRun || options.replace) process.stdout.write(`${describeChanges(summary)}\n`)
        if (options.timings) process.stdout.write(`phases: ${describePhases(summary)}\n`)
      } finally {
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
        // An interrupted read of standard input would keep the process waiting for more.
        if (files.includes('-')) process.stdin.destroy()
        await stopTracing()
      }
    })
}

interface ImportCommandOptions {
  replace?: boolean
  asOf?: string
  dryRun?: boolean
  database?: string
  timings?: boolean
  json?: boolean
}
