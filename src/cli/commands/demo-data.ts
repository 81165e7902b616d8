import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { type Command, InvalidArgumentError } from 'commander'
import type { DemoOptions } from '../../demo/generate.js'
import { configFrom, withDatabase } from '../context.js'
import { DATABASE_FLAG, positiveInteger } from '../options.js'
import { counted, formatCount, progressLine } from '../output.js'
import { describeSummary, runImport } from './import.js'

/** A commander parser for the dataset's "today", a date such as 2026-01-31. */
function day(value: string): Date {
  const date = new Date(`${value}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()))
    throw new InvalidArgumentError('must be a date such as 2026-01-31')
  return date
}

export function registerDemoData(program: Command): void {
  program
    .command('demo-data')
    .description(
      'generate a realistic, deterministic dataset in the import format and import it, ' +
        'or write it to a file with --out (gzip-compressed when the name ends in .gz)',
    )
    .option('--employees <n>', 'number of employees', positiveInteger(10_000_000), 2000)
    .option('--seed <s>', 'seed: the same seed gives the same dataset', positiveInteger(2 ** 31), 1)
    .option('--workspaces <k>', 'number of workspaces', positiveInteger(100), 3)
    .option('--anchor <date>', 'the dataset\'s "today" (YYYY-MM-DD); default: today, UTC', day)
    .option('--out <file>', 'write the NDJSON to this file (- for standard output) instead of importing it')
    .option(...DATABASE_FLAG)
    .action(
      async (options: {
        employees: number
        seed: number
        workspaces: number
        anchor?: Date
        out?: string
        database?: string
      }) => {
        // Loaded on use: the vocabulary (faker) is large, and other commands never need it.
        const { demoNdjson } = await import('../../demo/generate.js')
        const demo: DemoOptions = {
          employees: options.employees,
          seed: options.seed,
          workspaces: options.workspaces,
        }
        if (options.anchor !== undefined) demo.anchor = options.anchor
        if (options.out !== undefined) {
          const progress = progressLine()
          const started = Date.now()
          const source = Readable.from(
            demoNdjson(demo, (employees) =>
              progress.update(
                `generating: ${Math.floor((100 * employees) / options.employees)} % (${formatCount(employees)} of ${counted(options.employees, 'employee')})`,
              ),
            ),
          )
          if (options.out === '-') await pipeline(source, process.stdout)
          else if (options.out.endsWith('.gz'))
            await pipeline(source, createGzip({ level: 6 }), createWriteStream(options.out))
          else await pipeline(source, createWriteStream(options.out))
          progress.done()
          if (options.out !== '-') {
            const seconds = ((Date.now() - started) / 1000).toFixed(1)
            process.stderr.write(
              `wrote the demo data of ${counted(options.employees, 'employee')} to ${options.out} in ${seconds} s\n`,
            )
          }
          return
        }
        const config = configFrom(options)
        const summary = await withDatabase(config, (handle) =>
          runImport(handle, [{ name: 'demo-data', read: () => demoNdjson(demo) }], {}),
        )
        process.stdout.write(`${describeSummary(summary)}\n`)
      },
    )
}
