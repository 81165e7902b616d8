import { type Command, InvalidArgumentError, Option } from 'commander'
import { organizationProblem } from '../../db/organizations.js'
import {
  disclosuresOfPerson,
  disclosuresOfRecipient,
  isRecipient,
  type PersonDisclosure,
  type RecipientDisclosure,
} from '../../disclosures/read.js'
import { configFrom, withSchema } from '../context.js'
import { DATABASE_FLAG, uuid } from '../options.js'
import { CliError, shortTime } from '../output.js'
import { type Columns, type Format, formatOption, write } from '../rows.js'

interface ReadOptions {
  format: Format
  since?: string
  database?: string
}

/** A commander parser for `--since`: a date (or a UTC time, whose day counts). */
function day(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z)?$/.exec(value)
  if (match === null || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`)))
    throw new InvalidArgumentError('must be a date such as 2026-11-01')
  return match[1] as string
}

const readOptions = (command: Command): Command =>
  command
    .addOption(formatOption())
    .addOption(
      new Option('--since <date>', 'only the days from this one (UTC), such as 2026-11-01').argParser(day),
    )
    .option(...DATABASE_FLAG)

const PERSON: Columns<PersonDisclosure> = [
  ['recipient_kind', 'RECIPIENT', (r) => r.recipient_kind],
  ['recipient_id', 'ID', (r) => r.recipient_id],
  ['recipient_name', 'NAME', (r) => r.recipient_name],
  ['privacy', 'PRIVACY', (r) => r.privacy],
  ['operation', 'OPERATION', (r) => r.operation],
  ['first_at', 'FIRST', (r) => shortTime(r.first_at)],
  ['last_at', 'LAST', (r) => shortTime(r.last_at)],
  ['days', 'DAYS', (r) => String(r.days)],
  ['answers', 'ANSWERS', (r) => String(r.answers)],
]

const RECIPIENT: Columns<RecipientDisclosure> = [
  ['day', 'DAY', (r) => r.day],
  ['operation', 'OPERATION', (r) => r.operation],
  ['persons', 'PERSONS', (r) => String(r.persons)],
  ['answers', 'ANSWERS', (r) => String(r.answers)],
  ['parameters', 'PARAMETERS', (r) => (r.parameters === null ? '-' : JSON.stringify(r.parameters))],
]

export function registerDisclosures(program: Command): void {
  const disclosures = program
    .command('disclosures')
    .description(
      'the disclosure record (CONTRACT 20): which keys and webhook endpoints received a person, and what ' +
        'one of them received (written by each server at least once a second; kept DISCLOSURE_RETENTION_DAYS)',
    )
  readOptions(
    disclosures
      .command('person')
      .description(
        'who received an employee (GDPR Art. 15(1)(c)): one row per recipient and operation, with its first ' +
          'and last time, days and answers; JSON [{"recipient_kind","recipient_id","recipient_name","privacy",' +
          '"operation","first_at","last_at","days","answers"}]. A person nobody received: no rows, exit 0',
      )
      .requiredOption('--organization <id>', 'the organization the employee belongs to', uuid)
      .argument(
        '<employee-id>',
        "the employee's id (the real one, also for what pseudonymous keys received)",
        uuid,
      ),
  ).action(async (employeeId: string, options: ReadOptions & { organization: string }) => {
    const rows = await withSchema(configFrom(options), async (handle) => {
      const problem = await organizationProblem(handle.db, options.organization)
      if (problem !== null) throw new CliError(problem)
      return disclosuresOfPerson(handle.db, options.organization, employeeId, options.since)
    })
    write(rows, options.format, PERSON)
  })
  readOptions(
    disclosures
      .command('key')
      .description(
        'what one API key or webhook endpoint received: one row per day and operation (an aggregate key: per ' +
          'question, with its parameters), newest day first; JSON [{"day","operation","persons","answers",' +
          '"parameters"}]',
      )
      .argument('<id>', 'the key id (from keys list) or the webhook endpoint id (from webhooks list)', uuid),
  ).action(async (id: string, options: ReadOptions) => {
    const rows = await withSchema(configFrom(options), async (handle) => {
      if (!(await isRecipient(handle.db, id)))
        throw new CliError(`no key or webhook endpoint with the id ${id}`)
      return disclosuresOfRecipient(handle.db, id, options.since)
    })
    write(rows, options.format, RECIPIENT)
  })
}
