import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import type { Writable } from 'node:stream'
import type { Command } from 'commander'
import { stringify } from 'csv-stringify'
import { AwarenessApiError, AwarenessClient, AwarenessNetworkError, type List } from '../../client/index.js'
import { clientEnvironment } from '../../config/config.js'
import { CSV_COLUMNS, type Resource, toRows } from '../export-rows.js'
import { CliError, formatCount, progressLine } from '../output.js'

const RESOURCES = Object.keys(CSV_COLUMNS) as Resource[]

interface ExportOptions {
  url: string
  workspace?: string
  breach?: string
  format: 'ndjson' | 'csv'
  out?: string
}

/** The items of a resource: a list to page through, or one object. */
function source(
  client: AwarenessClient,
  resource: Resource,
  o: ExportOptions,
): List<unknown> | Promise<unknown> {
  const workspaceId = o.workspace as string
  switch (resource) {
    case 'employees':
      return client.employees.list({ workspaceId }, { limit: 100 })
    case 'courses':
      return client.courses.list({ workspaceId }, { limit: 100 })
    case 'progress':
      return client.courses.progress({ workspaceId }, { limit: 500 })
    case 'statistics':
      return client.courses.statistics({ workspaceId })
    case 'breaches':
      return client.breaches.list({ workspaceId }, { limit: 100 })
    case 'compromised':
      return client.breaches.compromisedEmployees(
        { breachId: o.breach as string, workspaceId },
        { limit: 100 },
      )
    case 'organization':
      return client.organization.get()
  }
}

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain')
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'page through a running server and write a resource as NDJSON or CSV (key from AWARENESS_API_KEY);\n' +
        'retries 429/503 after their Retry-After. CSV columns are listed in the README.',
    )
    .argument('<resource>', RESOURCES.join(', '))
    .requiredOption('--url <url>', 'the API base URL, e.g. http://127.0.0.1:3000')
    .option('--workspace <id>', 'workspace (all resources but organization)')
    .option('--breach <id>', 'breach (compromised)')
    .option('--format <format>', 'ndjson or csv', 'ndjson')
    .option('--out <file>', 'write to this file instead of standard output')
    .action(async (resource: string, options: ExportOptions) => {
      if (!RESOURCES.includes(resource as Resource))
        throw new CliError(`unknown resource ${resource}; one of ${RESOURCES.join(', ')}`)
      if (options.format !== 'ndjson' && options.format !== 'csv')
        throw new CliError('--format must be ndjson or csv')
      if (resource !== 'organization' && !options.workspace)
        throw new CliError(`${resource} needs --workspace`)
      if (resource === 'compromised' && !options.breach) throw new CliError('compromised needs --breach')
      const { apiKey } = clientEnvironment()
      if (!apiKey) throw new CliError('set AWARENESS_API_KEY to the API key to export with')
      if (!/^https?:\/\//.test(options.url)) throw new CliError('--url must be an http:// or https:// URL')
      const progress = progressLine()
      const client = new AwarenessClient({
        baseUrl: options.url,
        apiKey,
        onRetry: ({ delayMs, reason }) =>
          progress.update(`waiting ${Math.ceil(delayMs / 1000)} s (${reason})…`),
      })
      const output: Writable = options.out ? createWriteStream(options.out) : process.stdout
      const csv =
        options.format === 'csv'
          ? stringify({
              header: true,
              columns: [...CSV_COLUMNS[resource as Resource]],
              cast: { boolean: String },
            })
          : null
      let finished: Promise<unknown> = Promise.resolve()
      if (csv) {
        csv.pipe(output, { end: Boolean(options.out) })
        finished = once(csv, 'end')
      }
      const emit = async (item: unknown) => {
        if (csv) {
          for (const row of toRows[resource as Resource](item as never)) await write(csv, row as never)
        } else {
          await write(output, `${JSON.stringify(item)}\n`)
        }
      }
      const started = Date.now()
      let items = 0
      let pages = 0
      try {
        const items$ = source(client, resource as Resource, options)
        if (items$ instanceof Promise) {
          await emit(await items$)
          items = 1
        } else {
          for await (const page of items$.pages()) {
            pages++
            for (const item of page.data) await emit(item)
            items += page.data.length
            const rate = Math.round((items * 1000) / Math.max(1, Date.now() - started))
            progress.update(
              `${resource}: ${formatCount(items)} items, ${pages} pages (${formatCount(rate)}/s)`,
            )
          }
        }
      } catch (error) {
        progress.done()
        if (error instanceof AwarenessApiError || error instanceof AwarenessNetworkError)
          throw new CliError(error.message)
        throw error
      }
      progress.done()
      if (csv) {
        csv.end()
        await finished
      }
      if (options.out) {
        output.end()
        await once(output, 'close')
        process.stderr.write(`exported ${formatCount(items)} ${resource} to ${options.out}\n`)
      }
    })
}
