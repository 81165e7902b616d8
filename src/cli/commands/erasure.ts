// `awareness employees erase` and `awareness erasures list|lift` (CONTRACT 20): a person erased
// everywhere at once, the recipients to tell printed (GDPR Art. 17 and 19); what is kept of it.

import type { Command } from 'commander'
import { organizationProblem } from '../../db/organizations.js'
import type { ErasureSummary } from '../../importer/erase.js'
import type { ErasureRow } from '../../importer/erased.js'
import { EMPLOYEE_PERSONS as PERSONS, PERSONS_COMMAND } from '../../resources/employees/persons.js'
import { configFrom, withDatabase, withSchema } from '../context.js'
import { DATABASE_FLAG, uuid } from '../options.js'
import { CliError, counted, formatCount, shortTime } from '../output.js'
import { type Columns, type Format, formatOption, write } from '../rows.js'

/** The summary as `--json` prints it. */
export function erasureJson(summary: ErasureSummary) {
  return {
    dry_run: summary.dryRun,
    organization_id: summary.organizationId,
    erased_at: summary.erasedAt,
    persons: summary.persons,
    deleted: summary.deleted,
    changed: summary.changed,
    events_deleted: summary.eventsDeleted,
    deliveries_deleted: summary.deliveriesDeleted,
    events_recorded: summary.eventsRecorded,
    deliveries_queued: summary.deliveriesQueued,
    seconds: Math.round(summary.seconds * 1000) / 1000,
    phases: Object.fromEntries(summary.phases.map((p) => [p.phase, Math.round(p.seconds * 1000) / 1000])),
  }
}

/** What an erasure did (or would do), and per person whom to tell. */
export function describeErasure(summary: ErasureSummary): string {
  const persons = counted(summary.persons.length, ...PERSONS.noun)
  const rows = Object.entries(summary.deleted)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([table, n]) => `${table} ${formatCount(n)}`)
    .join(', ')
  const changed = Object.entries(summary.changed).map(([what, n]) => `${what}: ${formatCount(n)}`)
  const lines = [
    summary.dryRun
      ? `dry run: would erase ${persons} of organization ${summary.organizationId}; nothing was changed`
      : `erased ${persons} of organization ${summary.organizationId} in ${summary.seconds.toFixed(2)} s`,
    `  rows deleted: ${rows || 'none'}`,
    ...changed.map((line) => `  ${line}`),
    `  past events naming them deleted from the feed: ${formatCount(summary.eventsDeleted)} (webhook deliveries: ${formatCount(summary.deliveriesDeleted)})`,
    `  ${PERSONS.erasedEvent} events: ${formatCount(summary.eventsRecorded)} (webhook deliveries queued: ${formatCount(summary.deliveriesQueued)})`,
    'recipients to tell (GDPR Art. 19), from the disclosure record:',
    ...summary.persons.map((p) => {
      const to = p.recipients.map((r) => `${r.recipient_kind} ${r.recipient_name} (${r.recipient_id})`)
      return `  ${p.id}: ${to.length === 0 ? 'none recorded' : to.join(', ')}`
    }),
  ]
  return `${lines.join('\n')}\n`
}

const ERASURES: Columns<ErasureRow> = [
  ['organization_id', 'ORGANIZATION', (r) => r.organization_id],
  ['id_hash', 'ID HASH', (r) => `${r.id_hash.slice(0, 16)}…`],
  ['erased_at', 'ERASED', (r) => shortTime(r.erased_at)],
  ['reason', 'REASON', (r) => r.reason ?? '-'],
  [
    'recipients',
    'RECIPIENTS',
    (r) =>
      r.recipients.length === 0
        ? 'none'
        : r.recipients.map((x) => `${x.recipient_kind} ${x.recipient_name}`).join(', '),
  ],
  ['lifted_at', 'LIFTED', (r) => (r.lifted_at === null ? '-' : shortTime(r.lifted_at))],
]

function registerPersons(program: Command): void {
  const [one, several] = PERSONS.noun
  const people = program.command(PERSONS_COMMAND).description(`erase ${several} everywhere (CONTRACT 20)`)
  people
    .command('erase')
    .description(
      `delete ${several} with every record naming them, in one transaction: their progress, feedback, attacks, ` +
        `reports, alerts, memberships, compromised records, history, pseudonyms and disclosure rows; the ${several} ` +
        'they managed lose their manager; statistics and reports are derived again; past events naming them leave ' +
        `the feed and pending webhook deliveries; one ${PERSONS.erasedEvent} event each tells every integration. Keeps a ` +
        'keyed hash of each id (later imports skip them until `erasures lift`) and prints the recipients to tell. ' +
        `An id that is no ${one} of the organization: exit 1, nothing changed`,
    )
    .requiredOption('--organization <id>', `the organization the ${several} belong to`, uuid)
    .argument(
      `<${one}-id...>`,
      `the ${several} to erase (real ids)`,
      (value: string, previous?: string[]) => [...(previous ?? []), uuid(value)],
    )
    .option('--reason <text>', 'why (kept with the erasure, shown by erasures list)')
    .option('--dry-run', 'do all of it, print the same counts and recipients, and change nothing')
    .option('--json', 'print the summary as JSON')
    .option(...DATABASE_FLAG)
    .action(
      async (
        ids: string[],
        options: {
          organization: string
          reason?: string
          dryRun?: boolean
          json?: boolean
          database?: string
        },
      ) => {
        const summary = await withDatabase(configFrom(options), async (handle) => {
          const problem = await organizationProblem(handle.db, options.organization)
          if (problem !== null) throw new CliError(problem)
          const { eraseEmployees, ErasureRefused } = await import('../../importer/erase.js')
          try {
            return await eraseEmployees(handle, options.organization, ids, {
              ...(options.reason === undefined ? {} : { reason: options.reason }),
              dryRun: options.dryRun === true,
            })
          } catch (error) {
            if (error instanceof ErasureRefused) throw new CliError(error.message)
            throw error
          }
        })
        process.stdout.write(
          options.json ? `${JSON.stringify(erasureJson(summary))}\n` : describeErasure(summary),
        )
      },
    )
}

/** `employees erase` and `erasures list|lift`. */
export function registerErasure(program: Command): void {
  registerPersons(program)
  registerErasures(program)
}

function registerErasures(program: Command): void {
  const erasures = program
    .command('erasures')
    .description('the erasures kept (a keyed hash of each id, never the id) and lifting one')
  erasures
    .command('list')
    .description(
      'every erasure, newest first: JSON [{"organization_id","id_hash","erased_at","reason","recipients","lifted_at"}]',
    )
    .option('--organization <id>', 'only this organization', uuid)
    .addOption(formatOption())
    .option(...DATABASE_FLAG)
    .action(async (options: { organization?: string; format: Format; database?: string }) => {
      const rows = await withSchema(configFrom(options), async (handle) => {
        if (options.organization !== undefined) {
          const problem = await organizationProblem(handle.db, options.organization)
          if (problem !== null) throw new CliError(problem)
        }
        const { listErasures } = await import('../../importer/erased.js')
        return listErasures(handle.db, options.organization)
      })
      write(rows, options.format, ERASURES, 'no erasure')
    })
  erasures
    .command('lift')
    .description(
      "allow an erased employee's id again (a person who returns): later imports bring their records; the " +
        'erasure stays listed, with the time it was lifted',
    )
    .requiredOption('--organization <id>', 'the organization', uuid)
    .argument(`<${PERSONS.noun[0]}-id>`, 'the erased id', uuid)
    .option(...DATABASE_FLAG)
    .action(async (id: string, options: { organization: string; database?: string }) => {
      await withSchema(configFrom(options), async (handle) => {
        const problem = await organizationProblem(handle.db, options.organization)
        if (problem !== null) throw new CliError(problem)
        const { liftErasure } = await import('../../importer/erased.js')
        if (!(await liftErasure(handle.db, options.organization, id)))
          throw new CliError(`no standing erasure of ${id} in organization ${options.organization}`)
      })
      process.stdout.write(`lifted the erasure of ${id}: later imports bring their records again\n`)
    })
}
