import { type Command, Option } from 'commander'
import { MIN_GROUP_SIZE, PRIVACIES, type Privacy } from '../../domain/privacy.js'
import { AGGREGATE_SCOPES, SCOPES, type Scope } from '../../domain/scopes.js'
import {
  createKey,
  findKey,
  KeyAdminError,
  keyState,
  listKeys,
  revokeKeyByIdOrName,
  rotateKey,
  setAllowList,
  unusableScopes,
} from '../../keys/keys.js'
import { keyUsage } from '../../keys/usage.js'
import { configFrom, withSchema } from '../context.js'
import {
  addressRanges,
  budget,
  DATABASE_FLAG,
  duration,
  durationOrNow,
  instant,
  integerBetween,
  listOf,
  UsageError,
  uuid,
} from '../options.js'
import { CliError, shortTime, table } from '../output.js'

interface CreateOptions {
  organization: string
  workspace?: string
  scopes?: Scope[]
  name?: string
  expiresIn?: number
  notBefore?: string
  allowFrom?: string[]
  rateLimit?: string
  privacy?: Privacy
  minGroupSize?: number
  json?: boolean
  database?: string
}

/** A key's privacy as shown: an aggregate key's with its minimum group size. */
const privacyOf = (k: { privacy: Privacy; min_group_size: number | null }): string =>
  k.min_group_size === null ? k.privacy : `${k.privacy} (groups of ${k.min_group_size}+)`

/** How every key command names its key. */
const ID_OR_NAME = 'the key id, or its name when it names one key in use (from keys list)'

/** A refusal of the data (an unknown organization, an ambiguous name) is one line, exit 1. */
const adminError = (error: unknown): never => {
  throw error instanceof KeyAdminError ? new CliError(error.message) : error
}

export function registerKeys(program: Command): void {
  const keys = program
    .command('keys')
    .description(
      'create, list, restrict, rotate and revoke API keys, and read their usage (only a hash of each key is stored)',
    )
  keysCreate(keys)
  keysList(keys)
  keysRotate(keys)
  keysUpdate(keys)
  keysUsage(keys)
  keysRevoke(keys)
}

function keysCreate(keys: Command): void {
  keys
    .command('create')
    .description(
      'create a key and print it once: its id, name, scopes and expiry, then the key alone on the ' +
        'last line (so `| tail -1` takes it), or all of it as JSON with --json',
    )
    .requiredOption('--organization <id>', 'organization the key reads', uuid)
    .option('--workspace <id>', 'limit the key to one workspace of the organization', uuid)
    .option(
      '--scopes <list>',
      `comma-separated scopes (default: every scope the key's privacy can use; all are ${SCOPES.join(',')}, ` +
        `an aggregate key's ${AGGREGATE_SCOPES.join(',')})`,
      listOf(SCOPES, 'scope'),
    )
    .option('--name <name>', 'a name to recognise the key by (keys revoke takes it too)')
    .option('--expires-in <duration>', 'lifetime such as 90d, 12h, 30m or 45s (default: no expiry)', duration)
    .option(
      '--not-before <time>',
      'the key works from this UTC time, such as 2026-12-01T09:00:00Z or 2026-12-01 (default: at once)',
      instant,
    )
    .option(
      '--allow-from <ranges>',
      'comma-separated IPv4/IPv6 addresses or CIDR ranges the key may be used from (default: any); ' +
        "the client address is the socket's, or what a proxy named by TRUST_PROXY says",
      addressRanges,
    )
    .option(
      '--rate-limit <budget>',
      'requests per window for this key, such as 1200/60s (default: RATE_LIMIT)',
      budget,
    )
    .addOption(
      new Option(
        '--privacy <privacy>',
        'what the key sees of a person: identified (everything), pseudonymous (each employee by a pseudonym, ' +
          'without names or addresses) or aggregate (the organization, statistics and breakdowns of groups large ' +
          'enough, nothing of one person); kept through rotation (docs/privacy.md)',
      )
        .choices(PRIVACIES)
        .default('identified'),
    )
    .option(
      '--min-group-size <n>',
      `for an aggregate key, the smallest population it is shown (${MIN_GROUP_SIZE.min}–${MIN_GROUP_SIZE.max}, default ${MIN_GROUP_SIZE.default})`,
      integerBetween(MIN_GROUP_SIZE.min, MIN_GROUP_SIZE.max),
    )
    .option(
      '--json',
      'print {"id","key","organization_id","workspace_id","scopes","expires_at","allow_from","not_before","privacy","min_group_size"}',
    )
    .option(...DATABASE_FLAG)
    .action(async (options: CreateOptions) => {
      if (options.minGroupSize !== undefined && options.privacy !== 'aggregate')
        throw new UsageError('--min-group-size needs --privacy aggregate')
      const unusable = unusableScopes(options.privacy ?? 'identified', options.scopes ?? [])
      if (unusable !== null) throw new UsageError(`--scopes: ${unusable}`)
      const created = await withSchema(configFrom(options), (handle) =>
        createKey(handle.db, {
          organizationId: options.organization,
          workspaceId: options.workspace,
          scopes: options.scopes,
          name: options.name,
          expiresInSeconds: options.expiresIn,
          rateLimit: options.rateLimit,
          allowFrom: options.allowFrom,
          notBefore: options.notBefore,
          privacy: options.privacy,
          minGroupSize: options.minGroupSize,
        }).catch(adminError),
      )
      if (options.json) {
        const { name: _name, ...documented } = created
        process.stdout.write(`${JSON.stringify(documented)}\n`)
        return
      }
      process.stdout.write(
        `id       ${created.id}\n` +
          `name     ${created.name}\n` +
          `scopes   ${created.scopes.join(',')}\n` +
          `expires  ${created.expires_at ?? 'never'}\n` +
          `privacy  ${privacyOf(created)}\n` +
          (created.not_before === null ? '' : `from     ${created.not_before}\n`) +
          (created.allow_from === null ? '' : `allowed  ${created.allow_from.join(',')}\n`) +
          '(the key is shown this once; only its hash is stored)\n' +
          `${created.key}\n`,
      )
    })
}

function keysList(keys: Command): void {
  keys
    .command('list')
    .description('list keys (never the keys themselves)')
    .option('--organization <id>', "only this organization's keys", uuid)
    .option('--json', 'print a JSON array')
    .option(...DATABASE_FLAG)
    .action(async (options: { organization?: string; json?: boolean; database?: string }) => {
      const rows = await withSchema(configFrom(options), (handle) =>
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
          [
            'ID',
            'NAME',
            'ORGANIZATION',
            'WORKSPACE',
            'SCOPES',
            'PRIVACY',
            'STATE',
            'NOT BEFORE',
            'EXPIRES',
            'ALLOWED FROM',
            'LAST USED',
          ],
          rows.map((k) => [
            k.id,
            k.name,
            k.organization_id,
            k.workspace_id ?? 'all',
            k.scopes.join(','),
            privacyOf(k),
            k.rotated_to !== null && keyState(k) === 'active' ? `rotated → ${k.rotated_to}` : keyState(k),
            k.not_before === null ? '-' : shortTime(k.not_before),
            k.expires_at === null ? 'never' : shortTime(k.expires_at),
            k.allow_from?.join(',') ?? 'any',
            k.last_used_at === null ? 'never' : shortTime(k.last_used_at),
          ]),
        ),
      )
    })
}

function keysRotate(keys: Command): void {
  keys
    .command('rotate')
    .description(
      'replace a key by a new one (same name, organization, workspace, scopes, privacy, rate limit, allow-list ' +
        'and lifetime), printed once like keys create; the old key keeps working for the overlap, then expires',
    )
    .argument('<id-or-name>', ID_OR_NAME)
    .addOption(
      new Option(
        '--overlap <duration>',
        'how long the old key keeps working, such as 24h, 30m or 0s (it stops now)',
      )
        .argParser(durationOrNow)
        .default(86_400, '24h'),
    )
    .option(
      '--json',
      'print {"id","key","organization_id","workspace_id","scopes","expires_at","allow_from","not_before","privacy","min_group_size","replaced":{"id","expires_at"}}',
    )
    .option(...DATABASE_FLAG)
    .action(async (idOrName: string, options: { overlap: number; json?: boolean; database?: string }) => {
      const { successor, replaced } = await withSchema(configFrom(options), async (handle) => {
        const { id } = await findKey(handle.db, idOrName).catch(adminError)
        return rotateKey(handle.db, id, options.overlap).catch(adminError)
      })
      if (options.json) {
        const { name: _name, ...documented } = successor
        process.stdout.write(`${JSON.stringify({ ...documented, replaced })}\n`)
        return
      }
      process.stdout.write(
        `id       ${successor.id}\n` +
          `name     ${successor.name}\n` +
          `scopes   ${successor.scopes.join(',')}\n` +
          `expires  ${successor.expires_at ?? 'never'}\n` +
          `privacy  ${privacyOf(successor)}\n` +
          (successor.allow_from === null ? '' : `allowed  ${successor.allow_from.join(',')}\n`) +
          `replaces ${replaced.id}, which works until ${replaced.expires_at}\n` +
          '(the key is shown this once; only its hash is stored)\n' +
          `${successor.key}\n`,
      )
    })
}

function keysUpdate(keys: Command): void {
  keys
    .command('update')
    .description(
      "change a key's address allow-list; every server process applies it within KEY_CACHE_SECONDS (default 10 s)",
    )
    .argument('<id-or-name>', ID_OR_NAME)
    .option(
      '--allow-from <ranges>',
      'comma-separated addresses or CIDR ranges: the new allow-list',
      addressRanges,
    )
    .option('--allow-from-any', 'remove the allow-list: any address may use the key')
    .option(...DATABASE_FLAG)
    .action(
      async (
        idOrName: string,
        options: { allowFrom?: string[]; allowFromAny?: boolean; database?: string },
      ) => {
        if ((options.allowFrom === undefined) === (options.allowFromAny !== true))
          throw new UsageError('give --allow-from or --allow-from-any')
        const ranges = options.allowFromAny ? null : (options.allowFrom as string[])
        const id = await withSchema(configFrom(options), async (handle) => {
          const { id } = await findKey(handle.db, idOrName).catch(adminError)
          await setAllowList(handle.db, id, ranges).catch(adminError)
          return id
        })
        process.stdout.write(
          `updated ${id}: allowed from ${ranges === null ? 'any address' : ranges.join(',')}\n`,
        )
      },
    )
}

function keysUsage(keys: Command): void {
  keys
    .command('usage')
    .description(
      "a key's usage record: per hour, route and status class, the requests, bytes sent, first and last " +
        'seen, and the client addresses of each hour (written by each server at most once a minute)',
    )
    .argument('<id-or-name>', ID_OR_NAME)
    .addOption(
      new Option('--since <duration>', 'how far back, such as 7d or 12h')
        .argParser(duration)
        .default(7 * 86_400, '7d'),
    )
    .option(
      '--json',
      'print {"usage":[{"hour","route","status_class","requests","bytes","first_seen","last_seen"}],"addresses":[{"hour","addresses"}]}',
    )
    .option(...DATABASE_FLAG)
    .action(async (idOrName: string, options: { since: number; json?: boolean; database?: string }) => {
      const record = await withSchema(configFrom(options), async (handle) => {
        const { id } = await findKey(handle.db, idOrName).catch(adminError)
        return keyUsage(handle.db, id, Date.now() - options.since * 1000)
      })
      if (options.json) {
        process.stdout.write(`${JSON.stringify(record)}\n`)
        return
      }
      if (record.usage.length === 0) {
        process.stderr.write('no request recorded in that time\n')
        return
      }
      const addresses = new Map(record.addresses.map((a) => [a.hour, a.addresses.length]))
      process.stdout.write(
        table(
          ['HOUR', 'ROUTE', 'STATUS', 'REQUESTS', 'BYTES', 'FIRST SEEN', 'LAST SEEN', 'ADDRESSES'],
          record.usage.map((u) => [
            shortTime(u.hour),
            u.route,
            u.status_class,
            String(u.requests),
            String(u.bytes),
            u.first_seen.slice(11, 19),
            u.last_seen.slice(11, 19),
            String(addresses.get(u.hour) ?? 0),
          ]),
        ),
      )
    })
}

function keysRevoke(keys: Command): void {
  keys
    .command('revoke')
    .description(
      'revoke a key by its id, or by its name when no other key has it; every server process ' +
        'refuses it within KEY_CACHE_SECONDS (default 10 s)',
    )
    .argument('<id-or-name>', ID_OR_NAME)
    .option(...DATABASE_FLAG)
    .action(async (idOrName: string, options: { database?: string }) => {
      const revoked = await withSchema(configFrom(options), (handle) =>
        revokeKeyByIdOrName(handle.db, idOrName).catch(adminError),
      )
      process.stdout.write(`revoked ${revoked.id} (${revoked.name})\n`)
    })
}
