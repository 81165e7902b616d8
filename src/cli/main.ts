// The `awareness` command line.

import { Command, CommanderError } from 'commander'
import { ENVIRONMENT } from '../config/config.js'
import { PACKAGE_VERSION } from '../config/version.js'
import { configFrom, withDatabase } from './context.js'
import { DATABASE_FLAG, UsageError } from './options.js'
import { CliError } from './output.js'

/** Where a program built by buildProgram puts the one-line usage error it met, for main() to print. */
export interface UsageErrors {
  last: string | null
  /** The command whose action runs, to name its help in a usage error the action finds. */
  command?: string
}

type Register = (program: Command) => void

function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('create or upgrade the database schema (safe to run from several processes at once)')
    .option(...DATABASE_FLAG)
    .action(async (options: { database?: string }) => {
      const { derived } = await withDatabase(configFrom(options), async (_, upgrade) => upgrade)
      process.stdout.write('schema is up to date\n')
      if (derived > 0) process.stdout.write(`kept what this release keeps of ${derived} workspace(s)\n`)
    })
}

/**
 * The commands in the order `--help` lists them, each with its module loaded on use: a command line
 * that names one loads that one (the server's, the importer's, the client's modules are large).
 */
const COMMANDS: readonly (readonly [name: string, load: () => Promise<Register>])[] = [
  ['serve', async () => (await import('./commands/serve.js')).registerServe],
  ['migrate', async () => registerMigrate],
  ['import', async () => (await import('./commands/import.js')).registerImport],
  ['demo-data', async () => (await import('./commands/demo-data.js')).registerDemoData],
  ['organizations', async () => (await import('./commands/organizations.js')).registerOrganizations],
  ['keys', async () => (await import('./commands/keys.js')).registerKeys],
  ['export', async () => (await import('./commands/export.js')).registerExport],
  ['webhooks', async () => (await import('./commands/webhooks.js')).registerWebhooks],
  ['disclosures', async () => (await import('./commands/disclosures.js')).registerDisclosures],
  // Also `employees erase` (the people's command, named by their resource): a line that names it
  // loads every command, as an unknown word does.
  ['erasures', async () => (await import('./commands/erasure.js')).registerErasure],
]

/**
 * The program, with every command, or only those named in `only` (the command a command line names:
 * its usage errors and help are the same either way).
 */
export async function buildProgram(
  usage: UsageErrors = { last: null },
  only?: readonly string[],
): Promise<Command> {
  const program = new Command('awareness')
    .description('Security-awareness data API: serve it, load data into it, and manage its keys.')
    .addHelpText(
      'after',
      `\nEnvironment:\n${Object.entries(ENVIRONMENT)
        .map(([name, text]) => `  ${name.padEnd(20)} ${text}`)
        .join('\n')}`,
    )
    .version(PACKAGE_VERSION, '-V, --version', 'print the version')
    .exitOverride()
  const named = COMMANDS.filter(([name]) => only === undefined || only.includes(name))
  for (const register of await Promise.all(named.map(([, load]) => load()))) register(program)
  for (const command of allCommands(program)) {
    command.exitOverride()
    // A usage error is one line naming the problem and where the help is (main() writes it).
    command.configureOutput({
      outputError: (text) => {
        const problem = text
          .trim()
          .replace(/^error: /, '')
          .replace(/\s*\(Did you mean (.+)\?\)$/, '; did you mean $1?')
          // A value a parser refused: `--organization 'nope': not a UUID`.
          .replace(/^option '(\S+)[^']*' argument '(.*)' is invalid\. /s, "$1 '$2': ")
          .replace(/^command-argument value '(.*)' is invalid for argument '(.+?)'\. /s, "$2 '$1': ")
          .replace(/: Allowed choices are (.+)\.$/s, ': not one of $1')
          .replace(/\s*\n\s*/g, ' ')
        usage.last = `${problem} (see ${commandPath(command)} --help)`
      },
    })
  }
  program.hook('preAction', (_program, action) => {
    usage.command = commandPath(action)
  })
  return program
}

export function allCommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(allCommands)]
}

function commandPath(command: Command): string {
  const names: string[] = []
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name())
  return names.join(' ')
}

/** Exit code of a usage error (unknown command or flag, missing argument). */
export const USAGE_ERROR = 2

/** Runs the CLI; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const usage: UsageErrors = { last: null }
  // The command the line names, alone; none for the version; all for help or an unknown word.
  const first = argv[2] ?? ''
  const only = ['-V', '--version'].includes(first)
    ? []
    : COMMANDS.some(([name]) => name === first)
      ? [first]
      : undefined
  const program = await buildProgram(usage, only)
  try {
    await program.parseAsync(argv as string[])
    return 0
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version were asked for, and printed.
      if (usage.last === null) return error.exitCode === 1 ? USAGE_ERROR : error.exitCode
      process.stderr.write(`awareness: ${usage.last}\n`)
      return USAGE_ERROR
    }
    if (error instanceof UsageError) {
      process.stderr.write(`awareness: ${error.message} (see ${usage.command ?? 'awareness'} --help)\n`)
      return USAGE_ERROR
    }
    const message =
      error instanceof CliError ? error.message : `unexpected failure: ${(error as Error).message}`
    process.stderr.write(`awareness: ${message}\n`)
    return 1
  }
}
