// The `awareness` command line.

import { Command, CommanderError } from 'commander'
import { ENVIRONMENT } from '../config/config.js'
import { registerDemoData } from './commands/demo-data.js'
import { registerExport } from './commands/export.js'
import { registerImport } from './commands/import.js'
import { registerKeys } from './commands/keys.js'
import { registerServe } from './commands/serve.js'
import { configFrom, withDatabase } from './context.js'
import { CliError } from './output.js'

export function buildProgram(): Command {
  const program = new Command('awareness')
    .description('Security-awareness data API: serve it, load data into it, and manage its keys.')
    .addHelpText(
      'after',
      `\nEnvironment:\n${Object.entries(ENVIRONMENT)
        .map(([name, text]) => `  ${name.padEnd(20)} ${text}`)
        .join('\n')}`,
    )
    .showHelpAfterError()
    .exitOverride()
  registerServe(program)
  program
    .command('migrate')
    .description('create or upgrade the database schema (safe to run from several processes at once)')
    .option('--database <url>', 'database URL or SQLite path (overrides DATABASE_URL)')
    .action(async (options: { database?: string }) => {
      await withDatabase(configFrom(options), async () => {})
      process.stdout.write('schema is up to date\n')
    })
  registerImport(program)
  registerDemoData(program)
  registerKeys(program)
  registerExport(program)
  for (const command of program.commands) command.exitOverride()
  return program
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const program = buildProgram()
  try {
    await program.parseAsync(argv as string[])
    return 0
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode
    const message =
      error instanceof CliError ? error.message : `unexpected failure: ${(error as Error).message}`
    process.stderr.write(`awareness: ${message}\n`)
    return 1
  }
}
