import type { Command } from 'commander'
import { parseDuration } from '../../config/config.js'
import { SCOPES, type Scope } from '../../domain/values.js'
import { createKey, KeyAdminError, keyState, listKeys, revokeKey } from '../../keys/keys.js'
import { configFrom, withDatabase } from '../context.js'
import { DATABASE_FLAG, uuid } from '../options.js'
import { CliError, shortTime, table } from '../output.js'

interface CreateOptions {
  organization: string
  workspace?: string
  scopes?: string
  name?: string
  expiresIn?: string
  rateLimit?: string
  json?: boolean
  database?: string
}

export function registerKeys(program: Command): void {
  const keys = program
    .command('keys')
    .description('create, list and revoke API keys (only a hash of each key is stored)')

  keys
    .command('create')
    .description('create a key and print it once (alone on stdout, or as JSON with --json)')
    .requiredOption('--organization <id>', 'organization the key reads', uuid('--organization'))
    .option('--workspace <id>', 'limit the key to one workspace of the organization', uuid('--workspace'))
    .option('--scopes <list>', `comma-separated scopes (default all: ${SCOPES.join(',')})`)
    .option('--name <name>', 'a name to recognise the key by')
    .option('--expires-in <duration>', 'lifetime such as 90d, 12h, 30m or 45s (default: no expiry)')
    .option(
      '--rate-limit <budget>',
      'requests per window for this key, such as 1200/60s (default: RATE_LIMIT)',
    )
    .option('--json', 'print {"id","key","organization_id","workspace_id","scopes","expires_at"}')
    .option(...DATABASE_FLAG)
    .action(async (options: CreateOptions) => {
      let scopes: Scope[] | undefined
      if (options.scopes !== undefined) {
        scopes = options.scopes.split(',').map((s) => s.trim()) as Scope[]
        const unknown = scopes.filter((s) => !SCOPES.includes(s))
        if (unknown.length > 0 || scopes.length === 0) {
          throw new CliError(
            `--scopes: unknown scope ${unknown.join(', ') || '(empty)'}; allowed: ${SCOPES.join(', ')}`,
          )
        }
      }
      let expiresInSeconds: number | undefined
      if (options.expiresIn !== undefined) {
        const seconds = parseDuration(options.expiresIn)
        if (seconds === null) throw new CliError('--expires-in must look like 90d, 12h, 30m or 45s')
        expiresInSeconds = seconds
      }
      const created = await withDatabase(configFrom(options), (handle) =>
        createKey(handle.db, {
          organizationId: options.organization,
          workspaceId: options.workspace,
          scopes,
          name: options.name,
          expiresInSeconds,
          rateLimit: options.rateLimit,
        }).catch((error) => {
          throw error instanceof KeyAdminError ? new CliError(error.message) : error
        }),
      )
      process.stdout.write(options.json ? `${JSON.stringify(created)}\n` : `${created.key}\n`)
    })

  keys
    .command('list')
    .description('list keys (never the keys themselves)')
    .option('--organization <id>', "only this organization's keys", uuid('--organization'))
    .option('--json', 'print a JSON array')
    .option(...DATABASE_FLAG)
    .action(async (options: { organization?: string; json?: boolean; database?: string }) => {
      const rows = await withDatabase(configFrom(options), (handle) =>
        listKeys(handle.db, options.organization),
      )
      if (options.json) {
        process.stdout.write(`${JSON.stringify(rows)}\n`)
        return
      }
      if (rows.length === 0) {
        process.stderr.write(
          'no key yet: awareness keys create --organization ID (see awareness organizations list)\n',
        )
        return
      }
      process.stdout.write(
        table(
          ['ID', 'NAME', 'ORGANIZATION', 'WORKSPACE', 'SCOPES', 'STATE', 'EXPIRES', 'LAST USED'],
          rows.map((k) => [
            k.id,
            k.name,
            k.organization_id,
            k.workspace_id ?? 'all',
            k.scopes.join(','),
            keyState(k),
            k.expires_at === null ? 'never' : shortTime(k.expires_at),
            k.last_used_at === null ? 'never' : shortTime(k.last_used_at),
          ]),
        ),
      )
    })

  keys
    .command('revoke')
    .description('revoke a key by its id; every server process refuses it within 30 seconds')
    .argument('<id>', 'the key id (from keys list)', uuid('id'))
    .option(...DATABASE_FLAG)
    .action(async (id: string, options: { database?: string }) => {
      const found = await withDatabase(configFrom(options), (handle) => revokeKey(handle.db, id))
      if (!found) throw new CliError(`no key with id ${id}`)
      process.stdout.write(`revoked ${id}\n`)
    })
}
