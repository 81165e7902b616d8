// `awareness organizations list`: what a key can be made for (CONTRACT 13); `rotate-pseudonyms`:
// every pseudonym of an organization replaced (CONTRACT 19).

import type { Command } from 'commander'
import { listOrganizations, organizationProblem } from '../../db/organizations.js'
import { withWriteSession } from '../../db/write-session.js'
import { configFrom, withSchema } from '../context.js'
import { DATABASE_FLAG, uuid } from '../options.js'
import { CliError, counted, shortTime, table } from '../output.js'

export function registerOrganizations(program: Command): void {
  const organizations = program
    .command('organizations')
    .description(
      'list the organizations and their workspaces (to create keys for them), and rotate their pseudonyms',
    )
  organizations
    .command('list')
    .description('list every organization with its workspaces, oldest first')
    .option('--json', 'print [{"id","created_at","updated_at","workspaces":[{"id","name"}]}]')
    .option(...DATABASE_FLAG)
    .action(async (options: { json?: boolean; database?: string }) => {
      const rows = await withSchema(configFrom(options), (handle) => listOrganizations(handle.db))
      if (options.json) {
        process.stdout.write(`${JSON.stringify(rows)}\n`)
        return
      }
      if (rows.length === 0) {
        process.stderr.write('no organization yet: import data first (awareness import FILE, or demo-data)\n')
        return
      }
      process.stdout.write(
        table(
          ['ORGANIZATION', 'CREATED', 'WORKSPACES'],
          rows.map((o) => [
            o.id,
            shortTime(o.created_at),
            o.workspaces.length === 0
              ? 'none'
              : `${counted(o.workspaces.length, 'workspace')}: ${o.workspaces.map((w) => `${w.name} (${w.id})`).join(', ')}`,
          ]),
        ),
      )
      process.stderr.write(`a key for one of them: awareness keys create --organization <ORGANIZATION>\n`)
    })
  organizations
    .command('rotate-pseudonyms')
    .description(
      "replace the organization's pseudonym secret: every employee's pseudonym changes for its pseudonymous " +
        'and aggregate keys and endpoints, and their cursors issued before are refused (invalid_cursor)',
    )
    .argument('<organization>', 'the organization id (from organizations list)', uuid)
    .option(...DATABASE_FLAG)
    .action(async (organization: string, options: { database?: string }) => {
      const renamed = await withSchema(configFrom(options), async (handle) => {
        const problem = await organizationProblem(handle.db, organization)
        if (problem !== null) throw new CliError(problem)
        // Loaded here: the employees' records and schemas are the rotation's alone.
        const { rotatePseudonyms } = await import('../../resources/employees/pseudonyms.js')
        return withWriteSession(handle, (session) => rotatePseudonyms(session, organization))
      })
      process.stdout.write(
        `rotated the pseudonyms of ${counted(renamed, 'employee')} of organization ${organization}\n`,
      )
    })
}
