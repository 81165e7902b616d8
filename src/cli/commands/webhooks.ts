import { type Command, Option } from 'commander'
import { WEBHOOK_FORMATS, type WebhookFormat } from '../../db/tables.js'
import { newEventId } from '../../domain/event-ids.js'
import { EVENT_TYPES } from '../../domain/event-types.js'
import { ENDPOINT_PRIVACIES, type EndpointPrivacy } from '../../domain/privacy.js'
import { timestampFromMillis } from '../../domain/time.js'
import { deliver } from '../../webhooks/deliver.js'
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listAttempts,
  listEndpoints,
  type RetryChoice,
  retryDeliveries,
  WebhookAdminError,
} from '../../webhooks/endpoints.js'
import { openSecret, SecretUnavailable } from '../../webhooks/secrets.js'
import { configFrom, withSchema } from '../context.js'
import { DATABASE_FLAG, listOf, positiveInteger, UsageError, uuid } from '../options.js'
import { CliError, counted, table } from '../output.js'

interface CreateOptions {
  organization: string
  workspace?: string
  url: string
  events?: string[]
  format: WebhookFormat
  privacy: EndpointPrivacy
  json?: boolean
  database?: string
}

const adminError = (error: unknown) => {
  throw error instanceof WebhookAdminError ? new CliError(error.message) : error
}

export function registerWebhooks(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .description(
      'configure webhook endpoints: every serve process POSTs each event to them, signed (Standard Webhooks)',
    )
  webhooksCreate(webhooks)
  webhooksList(webhooks)
  webhooksDelete(webhooks)
  webhooksDeliveries(webhooks)
  webhooksRetry(webhooks)
  webhooksPing(webhooks)
}

function webhooksCreate(webhooks: Command): void {
  webhooks
    .command('create')
    .description('add an endpoint and print its id and signing secret once')
    .requiredOption('--organization <id>', 'the organization whose events it receives', uuid)
    .option('--workspace <id>', 'only the events of this workspace', uuid)
    .requiredOption(
      '--url <url>',
      'https:// URL on a public address (http:// and private addresses need WEBHOOK_ALLOW_PRIVATE_NETWORKS=1)',
    )
    .option(
      '--events <list>',
      `comma-separated event types (default all: ${EVENT_TYPES.join(',')})`,
      listOf(EVENT_TYPES, 'event type'),
    )
    .addOption(
      new Option(
        '--format <format>',
        'json: each event as the events feed renders it; ocsf: as an OCSF event (docs/ocsf.md)',
      )
        .choices(WEBHOOK_FORMATS)
        .default('json'),
    )
    .addOption(
      new Option(
        '--privacy <privacy>',
        'identified: each person as the feed shows them; pseudonymous: each employee by their pseudonym, without ' +
          'names or addresses (CONTRACT 19, docs/privacy.md)',
      )
        .choices(ENDPOINT_PRIVACIES)
        .default('identified'),
    )
    .option(
      '--json',
      'print {"id","url","secret","organization_id","workspace_id","events","format","privacy","created_at"}',
    )
    .option(...DATABASE_FLAG)
    .action(async (options: CreateOptions) => {
      const config = configFrom(options)
      const created = await withSchema(config, (handle) =>
        createEndpoint(
          handle.db,
          {
            organizationId: options.organization,
            workspaceId: options.workspace,
            url: options.url,
            events: options.events,
            format: options.format,
            privacy: options.privacy,
          },
          {
            eventTypes: EVENT_TYPES,
            allowPrivate: config.webhookAllowPrivateNetworks,
            secretsKey: config.secretsKey,
          },
        ).catch(adminError),
      )
      if (options.json) {
        process.stdout.write(`${JSON.stringify(created)}\n`)
        return
      }
      process.stdout.write(
        `endpoint ${created.id}\nsecret ${created.secret}\n(the secret is shown this once: verify deliveries with it)\n`,
      )
    })
}

function webhooksList(webhooks: Command): void {
  webhooks
    .command('list')
    .description('list endpoints (never their secrets)')
    .option('--json', 'print a JSON array')
    .option(...DATABASE_FLAG)
    .action(async (options: { json?: boolean; database?: string }) => {
      const rows = await withSchema(configFrom(options), (handle) => listEndpoints(handle.db))
      if (options.json) {
        process.stdout.write(`${JSON.stringify(rows)}\n`)
        return
      }
      for (const e of rows) {
        process.stdout.write(
          `${e.id}  ${e.url}  organization ${e.organization_id}${e.workspace_id ? ` workspace ${e.workspace_id}` : ''}  ${e.events?.join(',') ?? 'all events'}  ${e.format}  ${e.privacy}\n`,
        )
      }
    })
}

function webhooksDelete(webhooks: Command): void {
  webhooks
    .command('delete')
    .description('delete an endpoint; its pending deliveries are dropped')
    .argument('<id>', 'the endpoint id (from webhooks list)', uuid)
    .option(...DATABASE_FLAG)
    .action(async (id: string, options: { database?: string }) => {
      const found = await withSchema(configFrom(options), (handle) => deleteEndpoint(handle.db, id))
      if (!found) throw new CliError(`no webhook endpoint with id ${id}`)
      process.stdout.write(`deleted ${id}\n`)
    })
}

function webhooksDeliveries(webhooks: Command): void {
  webhooks
    .command('deliveries')
    .description("an endpoint's most recent delivery attempts, newest first")
    .argument('<id>', 'the endpoint id (from webhooks list)', uuid)
    .option('--failed', 'only failed attempts of deliveries not delivered (given up, or due again)')
    .option('--event <id>', "only this event's attempts", uuid)
    .addOption(
      new Option('--limit <n>', 'at most this many attempts (1 to 1000)')
        .argParser(positiveInteger(1000))
        .default(50),
    )
    .option('--json', 'print [{"event_id","attempt","status_code","error","attempted_at","next_attempt_at"}]')
    .option(...DATABASE_FLAG)
    .action(
      async (
        id: string,
        options: { json?: boolean; database?: string; failed?: boolean; event?: string; limit: number },
      ) => {
        const filter = { limit: options.limit, failed: options.failed === true, eventId: options.event }
        const rows = await withSchema(configFrom(options), (handle) => listAttempts(handle.db, id, filter))
        if (rows === null) throw new CliError(`no webhook endpoint with id ${id}`)
        if (options.json) {
          process.stdout.write(
            `${JSON.stringify(rows.map(({ event_type: _type, ...attempt }) => attempt))}\n`,
          )
          return
        }
        if (rows.length === 0) {
          const filtered = filter.failed || filter.eventId !== undefined
          process.stderr.write(filtered ? 'no delivery attempt matches\n' : 'no delivery attempt yet\n')
          return
        }
        process.stdout.write(
          table(
            ['ATTEMPTED', 'EVENT', 'TYPE', 'ATTEMPT', 'RESULT', 'NEXT ATTEMPT'],
            rows.map((a) => [
              a.attempted_at,
              a.event_id,
              a.event_type ?? '(past retention)',
              String(a.attempt),
              a.error === null ? `HTTP ${a.status_code}` : a.error,
              a.next_attempt_at ?? '-',
            ]),
          ),
        )
      },
    )
}

function webhooksRetry(webhooks: Command): void {
  webhooks
    .command('retry')
    .description(
      "send an endpoint's pending deliveries now, instead of at their next retry (a serve process " +
        'sends them within a second); with --failed its given-up ones instead, with --event one event',
    )
    .argument('<id>', 'the endpoint id (from webhooks list)', uuid)
    .option('--failed', 'the deliveries given up after the last retry (each gets one more attempt)')
    .option('--event <event-id>', "this event's delivery, whatever became of it", uuid)
    .option(...DATABASE_FLAG)
    .addHelpText(
      'after',
      '\nA retried delivery keeps its webhook-id (the event id), so receivers still deduplicate it.',
    )
    .action(async (id: string, options: { failed?: boolean; event?: string; database?: string }) => {
      if (options.failed && options.event !== undefined) throw new UsageError('--failed and --event go alone')
      const choice: RetryChoice =
        options.event !== undefined
          ? { kind: 'event', eventId: options.event }
          : { kind: options.failed ? 'failed' : 'pending' }
      const count = await withSchema(configFrom(options), (handle) => retryDeliveries(handle.db, id, choice))
      if (count === null) throw new CliError(`no webhook endpoint with id ${id}`)
      if (choice.kind === 'event' && count === 0)
        throw new CliError(`endpoint ${id} has no delivery of event ${choice.eventId}`)
      const which = choice.kind === 'failed' ? 'given-up ' : choice.kind === 'pending' ? 'pending ' : ''
      process.stdout.write(`${counted(count, `${which}delivery`, `${which}deliveries`)} of ${id} due now\n`)
    })
}

function webhooksPing(webhooks: Command): void {
  webhooks
    .command('ping')
    .description(
      "send a signed webhook.ping event to an endpoint now (in the endpoint's format), and print its answer",
    )
    .argument('<id>', 'the endpoint id (from webhooks list)', uuid)
    .option(...DATABASE_FLAG)
    .action(async (id: string, options: { database?: string }) => {
      const config = configFrom(options)
      const endpoint = await withSchema(config, (handle) => findEndpoint(handle.db, id))
      if (endpoint === null) throw new CliError(`no webhook endpoint with id ${id}`)
      let secret: string
      try {
        secret = openSecret(endpoint.secret, config.secretsKey)
      } catch (error) {
        if (error instanceof SecretUnavailable) throw new CliError(`cannot sign: ${error.message}`)
        throw error
      }
      const now = Date.now()
      const event = {
        id: newEventId(now),
        type: 'webhook.ping',
        created_at: timestampFromMillis(now),
        workspace_id: endpoint.workspace_id,
        data: { object: { endpoint_id: endpoint.id } },
      }
      // Loaded here: the OCSF rendering needs every resource's events.
      const { OCSF_RENDERER } = await import('../../resources/index.js')
      const outcome = await deliver({
        url: endpoint.url,
        secret,
        id: event.id,
        body: JSON.stringify(
          endpoint.format === 'ocsf' ? OCSF_RENDERER(event, endpoint.organization_id) : event,
        ),
        allowPrivate: config.webhookAllowPrivateNetworks,
      })
      if (!outcome.ok) throw new CliError(`ping ${event.id} to ${endpoint.url} failed: ${outcome.error}`)
      process.stdout.write(`ping ${event.id} delivered to ${endpoint.url}: HTTP ${outcome.statusCode}\n`)
    })
}
