import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Command } from 'commander'
import type { DatabaseHandle } from '../../db/connection.js'
import {
  ImportRejected,
  type ImportSource,
  type ImportSummary,
  importSources,
  PHASES,
} from '../../importer/import.js'
import { configFrom, withDatabase } from '../context.js'
import { CliError, formatCount, progressLine } from '../output.js'

export function fileSource(path: string): ImportSource {
  if (path === '-') return { name: '-', read: () => process.stdin }
  return { name: path, read: () => createReadStream(path, { highWaterMark: 256 * 1024 }) }
}

/** Runs an import with a progress display, and turns a refusal into printed errors plus one line. */
export async function runImport(
  handle: DatabaseHandle,
  sources: ImportSource[],
  replace: boolean,
): Promise<ImportSummary> {
  const progress = progressLine()
  const started = Date.now()
  try {
    return await importSources(handle, sources, {
      replace,
      onProgress: (p) => {
        const rate = Math.round((p.lines * 1000) / Math.max(1, Date.now() - started))
        progress.update(
          p.phase === 'reading'
            ? `reading ${p.source}: ${formatCount(p.lines)} lines (${formatCount(rate)} lines/s)`
            : `${p.phase}…`,
        )
      },
    })
  } catch (error) {
    progress.done()
    if (error instanceof ImportRejected) {
      for (const e of error.errors) process.stderr.write(`${e.source}:${e.line}: ${e.message}\n`)
      throw new CliError(
        `import refused: ${error.errors.length}${error.truncated ? ' (first)' : ''} error(s) found; nothing was written`,
      )
    }
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
  return `imported ${formatCount(total)} records (${read || 'none'}) in ${summary.seconds.toFixed(2)} s: ${formatCount(
    written,
  )} written, ${formatCount(deleted)} deleted${summary.changed ? '' : ' (no change)'}`
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      'import NDJSON files (optionally gzip-compressed) in one transaction: all records or none.\n' +
        'Records are upserted by key, so importing a file twice changes nothing.',
    )
    .argument('<files...>', 'NDJSON files, .gz read transparently; - for standard input')
    .option(
      '--replace',
      'make the files the whole truth for every workspace they name (a workspace record, or a workspace_id / workspace.id field): what those workspaces hold and the files do not is deleted',
    )
    .option('--database <url>', 'database URL or SQLite path (overrides DATABASE_URL)')
    .option('--timings', `also print the seconds each phase took (${PHASES.join(', ')})`)
    .action(async (files: string[], options: { replace?: boolean; database?: string; timings?: boolean }) => {
      for (const file of files) {
        if (file === '-') continue
        const info = await stat(file).catch(() => null)
        if (!info?.isFile()) throw new CliError(`cannot read ${file}: no such file`)
      }
      if (files.filter((f) => f === '-').length > 1)
        throw new CliError('standard input (-) can be read only once')
      const config = configFrom(options)
      const summary = await withDatabase(config, (handle) =>
        runImport(handle, files.map(fileSource), options.replace ?? false),
      )
      process.stdout.write(`${describeSummary(summary)}\n`)
      if (options.timings) process.stdout.write(`phases: ${describePhases(summary)}\n`)
    })
}
