import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Writable } from 'node:stream'
import { AwarenessApiError, AwarenessClient, AwarenessNetworkError } from '@awareness-api/client'
import { Argument, type Command, Option } from 'commander'
import { stringify } from 'csv-stringify'
import { clientEnvironment } from '../../config/config.js'
import type { ExportFilter, ResourceExport } from '../../resources/export.js'
import { EXPORTS } from '../../resources/index.js'
import type { FlatRow } from '../../schemas/flatten.js'
import { UsageError, uuid } from '../options.js'
import { CliError, counted, formatCount, progressLine } from '../output.js'
import { allRecords, type Page, recordPages, withId } from './export-records.js'

/** Every export the resources offer, by name. */
const BY_NAME: ReadonlyMap<string, ResourceExport> = new Map(EXPORTS.map((e) => [e.name, e]))
const NAMES = [...BY_NAME.keys()]
/** What any key reads without a workspace (the key's organization): where a key's privacy is asked. */
const KEY_ROOT = EXPORTS.find((e) => e.workspace === false) as ResourceExport
/** `export all`: every record the API can read back, in one file (CONTRACT 13). */
const ALL = 'all'
const named = (test: (e: ResourceExport) => boolean) => EXPORTS.filter(test).map((e) => e.name)

/** The path ids the exports take, each from its option: `{breach_id}` from `--breach`. */
const PATH_IDS = [
  ...new Set(EXPORTS.flatMap((e) => [...e.path.matchAll(/\{(\w+)_id\}/g)].map((m) => m[1] as string))),
]
const pathIdsOf = (e: ResourceExport) => PATH_IDS.filter((name) => e.path.includes(`{${name}_id}`))

/** The query parameters the exports pass on, each from its option, once. */
const FILTERS = [...new Map(EXPORTS.flatMap((e) => e.filters ?? []).map((f) => [f.parameter, f])).values()]
/** A filter's option (`--created-after`), and its key among commander's options (`createdAfter`). */
const optionOf = (f: ExportFilter) => `--${(f.option ?? f.parameter).replaceAll('_', '-')}`
const keyOf = (f: ExportFilter) =>
  (f.option ?? f.parameter).replace(/_(\w)/g, (_, c: string) => c.toUpperCase())
/** A filter whose option is a path id's (`--group`): registered once, as the path id. */
const sharesPathId = (f: ExportFilter) => f.option !== undefined && PATH_IDS.includes(f.option)
const takes = (e: ResourceExport, parameter: string) =>
  (e.filters ?? []).some((f) => f.parameter === parameter)

/** The path of an export's operation, its ids filled in. */
const pathOf = (e: ResourceExport, ids: Record<string, string | undefined>) =>
  pathIdsOf(e).reduce((p, name) => withId(p, name, ids[name] ?? ''), e.path)

/** The query of an export's operation. */
const queryOf = (e: ResourceExport, o: ExportOptions) => ({
  workspace_id: e.workspace === false ? undefined : o.workspace,
  ...Object.fromEntries((e.filters ?? []).map((f) => [f.parameter, o.filters[f.parameter]])),
  after: e.after ? o.after : undefined,
  format: o.format === 'ocsf' ? 'ocsf' : undefined,
})

/** Every parent of the workspace in turn, and the pages of each one's items, each item with its parent. */
async function* everyParent(
  client: AwarenessClient,
  e: ResourceExport,
  o: ExportOptions,
): AsyncGenerator<Page> {
  const parent = e.everyParent as NonNullable<ResourceExport['everyParent']>
  const parents = client.paginate(parent.list, { workspace_id: o.workspace }, { limit: parent.pageSize })
  for await (const page of parents.pages()) {
    for (const { id } of page.data as { id: string }[]) {
      const items = client.paginate(pathOf(e, { ...o.ids, [parent.id]: id }), queryOf(e, o), {
        limit: e.pageSize,
      })
      for await (const itemPage of items.pages())
        yield { data: itemPage.data.map((item) => ({ ...(item as object), [parent.id]: { id } })) }
    }
  }
}

/** The items of an export: pages to go through, or one object. */
function source(
  client: AwarenessClient,
  e: ResourceExport,
  o: ExportOptions,
): AsyncIterable<Page> | Promise<unknown> {
  if (o.format === 'records') return recordPages(client, e, o.workspace ?? '', queryOf(e, o))
  if (e.everyParent !== undefined && o.ids[e.everyParent.id] === undefined) return everyParent(client, e, o)
  return e.pageSize === undefined
    ? client.request(pathOf(e, o.ids), queryOf(e, o))
    : client.paginate(pathOf(e, o.ids), queryOf(e, o), { limit: e.pageSize }).pages()
}

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain')
}

/** Where an export goes: standard output, or a file that appears only once the export is whole. */
interface Target {
  stream: Writable
  /** The export is whole: the file takes its name (the previous one is replaced at once). */
  commit(): Promise<void>
  /** The export failed: the temporary file goes, the previous file stays as it was. */
  abandon(): Promise<void>
}

const WRITE_FAILURES: Record<string, string> = {
  ENOENT: 'no such directory',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
}

const cannotWrite = (path: string, error: unknown) => {
  const code = (error as { code?: string }).code ?? ''
  return new CliError(`cannot write ${path}: ${WRITE_FAILURES[code] ?? (error as Error).message}`)
}

/** A temporary file beside `path`, renamed to it at the end (CONTRACT 13). */
async function fileTarget(path: string): Promise<Target> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.partial`)
  const stream = createWriteStream(temporary, { flags: 'wx' })
  const failed = new Promise<never>((_, reject) => stream.once('error', (e) => reject(cannotWrite(path, e))))
  failed.catch(() => {})
  await Promise.race([once(stream, 'open'), failed])
  return {
    stream,
    async commit() {
      stream.end()
      await Promise.race([once(stream, 'close'), failed])
      await rename(temporary, path).catch((error: unknown) => {
        throw cannotWrite(path, error)
      })
    },
    async abandon() {
      stream.destroy()
      await rm(temporary, { force: true })
    },
  }
}

function stdoutTarget(): Target {
  // `| head` closes the pipe early: the reader has what it wanted, which is not a failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0)
    throw error
  })
  return { stream: process.stdout, commit: async () => {}, abandon: async () => {} }
}

interface ExportOptions {
  url?: string
  workspace?: string
  /** The path ids given, by option name (`breach`). */
  ids: Record<string, string | undefined>
  /** The filters given, by query parameter (`by`). */
  filters: Record<string, string | undefined>
  after?: string
  format: 'ndjson' | 'csv' | 'ocsf' | 'records'
  out?: string
  bom?: boolean
}

export function registerExport(program: Command): void {
  const command = program
    .command('export')
    .description(
      'page through a running server and write a resource as NDJSON or CSV, events also as OCSF, some as ' +
        'import records (key from AWARENESS_API_KEY); retries 429/503 after their Retry-After. CSV ' +
        'columns and records: docs/export.md.',
    )
    .addArgument(
      new Argument(
        '<resource>',
        `${NAMES.join(', ')}, or ${ALL} (with --format records: every record the API can read back, ` +
          'of the organization or of --workspace, in one file)',
      ).choices([...NAMES, ALL]),
    )
    .option('--url <url>', 'the API base URL, e.g. http://127.0.0.1:3000 (default: AWARENESS_API_URL)')
    .option(
      '--workspace <id>',
      `workspace (all resources but ${named((e) => e.workspace === false).join(', ')}; ${ALL}: only this one)`,
      uuid,
    )
  for (const name of PATH_IDS) {
    const optional = named((e) => e.everyParent?.id === name)
    const filter = FILTERS.find((f) => f.option === name)
    command.option(
      `--${name} <id>`,
      `${name} (${named((e) => pathIdsOf(e).includes(name)).join(', ')})` +
        (optional.length > 0
          ? `; without it, ${optional.join(', ')} of every ${name} of the workspace`
          : '') +
        (filter === undefined
          ? ''
          : `; ${named((e) => takes(e, filter.parameter)).join(', ')}: ${filter.description}`),
      uuid,
    )
  }
  for (const filter of FILTERS.filter((f) => !sharesPathId(f)))
    command.option(
      `${optionOf(filter)} ${filter.value}`,
      `${named((e) => takes(e, filter.parameter)).join(', ')}: ${filter.description}`,
    )
  command
    .option(
      '--after <event-id>',
      `${named((e) => e.after === true).join(', ')}: only those after this one (the last one handled before)`,
      uuid,
    )
    .addOption(
      new Option(
        '--format <format>',
        `ndjson, csv, ocsf (${named((e) => e.ocsf === true).join(', ')}: NDJSON of OCSF events, docs/ocsf.md), ` +
          `or records (${named((e) => e.records !== undefined).join(', ')}: the import records they ` +
          'were made of, for `awareness import` on another instance)',
      )
        .choices(['ndjson', 'csv', 'ocsf', 'records'])
        .default('ndjson'),
    )
    .option(
      '--out <file>',
      'write to this file instead of standard output; it is replaced only once the export is complete',
    )
    .option('--bom', 'start the CSV with a UTF-8 byte order mark (Excel reads its accents right)')
    .addHelpText(
      'after',
      '\nCSV is RFC 4180 (CRLF line ends); a cell starting with =, +, -, @, tab or CR is prefixed with\n' +
        "' so that a spreadsheet shows it as text instead of running it as a formula.",
    )
    .action(
      async (resource: string, given: Omit<ExportOptions, 'ids' | 'filters'> & Record<string, unknown>) => {
        const declared = BY_NAME.get(resource)
        // A shared option is the path id where the export's path has it, else the filter.
        const sharedAsFilter = (f: ExportFilter) =>
          sharesPathId(f) && declared !== undefined && takes(declared, f.parameter)
        const ids = Object.fromEntries(
          PATH_IDS.map((name) => {
            const filter = FILTERS.find((f) => f.option === name)
            return [
              name,
              filter !== undefined && sharedAsFilter(filter)
                ? undefined
                : (given[name] as string | undefined),
            ]
          }),
        )
        const filters = Object.fromEntries(
          FILTERS.map((f) => [
            f.parameter,
            !sharesPathId(f) || sharedAsFilter(f) ? (given[keyOf(f)] as string | undefined) : undefined,
          ]),
        )
        const options: ExportOptions = { ...given, ids, filters }
        await run(resource === ALL ? planAll(options) : planOne(resource, options), options)
      },
    )
}

/** What an export reads and how it writes it, once its options are checked. */
interface Plan {
  name: string
  nouns: readonly [string, string]
  /** CSV columns, and an item's rows under them. */
  columns: readonly string[]
  rowsOf(item: unknown): FlatRow[]
  source(client: AwarenessClient): AsyncIterable<Page> | Promise<unknown>
}

/** `export all`: records only, of the organization or of one workspace; nothing else applies. */
function planAll(options: ExportOptions): Plan {
  if (options.format !== 'records') throw new UsageError(`${ALL} goes with --format records`)
  const given = [
    ...PATH_IDS.filter((name) => options.ids[name] !== undefined).map((name) => `--${name}`),
    ...FILTERS.filter((f) => options.filters[f.parameter] !== undefined).map(optionOf),
    ...(options.after === undefined ? [] : ['--after']),
    ...(options.bom ? ['--bom'] : []),
  ]
  if (given.length > 0) throw new UsageError(`${given[0]} does not go with ${ALL}`)
  return {
    name: ALL,
    nouns: ['record', 'records'],
    columns: [],
    rowsOf: () => [],
    source: (client) => allRecords(client, options.workspace),
  }
}

/** One resource's export, its options checked against what it takes. */
function planOne(resource: string, options: ExportOptions): Plan {
  const declared = BY_NAME.get(resource) as ResourceExport
  if (options.bom && options.format !== 'csv') throw new UsageError('--bom goes with --format csv')
  if (options.format === 'records' && declared.records === undefined)
    throw new UsageError(
      `--format records goes with ${named((e) => e.records !== undefined).join(', ')}, ${ALL}`,
    )
  if (declared.workspace !== false && !options.workspace)
    throw new UsageError(`${resource} needs --workspace`)
  for (const name of pathIdsOf(declared))
    if (!options.ids[name] && declared.everyParent?.id !== name)
      throw new UsageError(`${resource} needs --${name}`)
  if (options.format === 'ocsf' && !declared.ocsf)
    throw new UsageError(`--format ocsf goes with ${named((e) => e.ocsf === true).join(', ')}`)
  if (options.after !== undefined && !declared.after)
    throw new UsageError(`--after goes with ${named((e) => e.after === true).join(', ')}`)
  for (const filter of FILTERS)
    if (options.filters[filter.parameter] !== undefined && !takes(declared, filter.parameter))
      throw new UsageError(
        `${optionOf(filter)} goes with ${named((e) => takes(e, filter.parameter)).join(', ')}`,
      )
  for (const filter of declared.filters ?? [])
    if (filter.required && options.filters[filter.parameter] === undefined)
      throw new UsageError(`${resource} needs ${optionOf(filter)}`)
  const parent =
    declared.everyParent !== undefined && !options.ids[declared.everyParent.id]
      ? declared.everyParent.id
      : null
  const columns = parent === null ? declared.columns : [...declared.columns, `${parent}.id`]
  return {
    name: resource,
    nouns: declared.nouns,
    columns,
    rowsOf(item) {
      const rows = declared.toRows(item as never)
      if (parent === null) return rows
      const { id } = (item as Record<string, { id: string }>)[parent] as { id: string }
      return rows.map((row) => ({ ...row, [`${parent}.id`]: id }))
    },
    source: (client) => source(client, declared, options),
  }
}

/** Runs an export: pages through the server and writes its items to the target. */
async function run(plan: Plan, options: ExportOptions): Promise<void> {
  const { apiKey, apiUrl } = clientEnvironment()
  const url = options.url ?? apiUrl
  if (!url) throw new UsageError('set --url or AWARENESS_API_URL to the API base URL')
  if (!/^https?:\/\//.test(url)) throw new UsageError('--url must be an http:// or https:// URL')
  if (!apiKey) throw new CliError('set AWARENESS_API_KEY to the API key to export with')
  const progress = progressLine()
  const client = new AwarenessClient({
    baseUrl: url,
    apiKey,
    onRetry: ({ delayMs, reason }) => progress.update(`waiting ${Math.ceil(delayMs / 1000)} s (${reason})…`),
  })
  // Records are what an import reads back: a key that is shown less than everyone is refused first.
  if (options.format === 'records') {
    const { response } = await client.request(KEY_ROOT.path).withResponse()
    if (response.keyPrivacy !== 'identified')
      throw new UsageError(
        `--format records needs an identified key: this key is ${response.keyPrivacy ?? 'of unknown privacy'}, ` +
          'and the records it is shown could not be imported as they are (CONTRACT 19)',
      )
  }
  const target = options.out ? await fileTarget(options.out) : stdoutTarget()
  const output = target.stream
  const csv =
    options.format === 'csv'
      ? stringify({
          header: true,
          columns: [...plan.columns],
          cast: { boolean: String },
          record_delimiter: 'windows',
          // RFC 4180: a cell holding a lone CR or LF is quoted too, not only one holding CRLF.
          quoted_match: /[\r\n]/,
          escape_formulas: true,
          bom: options.bom === true,
        })
      : null
  let finished: Promise<unknown> = Promise.resolve()
  if (csv) {
    csv.pipe(output, { end: false })
    finished = once(csv, 'end')
  }
  let rows = 0
  const emit = async (item: unknown) => {
    if (csv) {
      for (const row of plan.rowsOf(item)) {
        await write(csv, row as never)
        rows++
      }
    } else {
      await write(output, `${JSON.stringify(item)}\n`)
    }
  }
  const started = Date.now()
  let items = 0
  let pages = 0
  try {
    const items$ = plan.source(client)
    if (items$ instanceof Promise) {
      await emit(await items$)
      items = 1
    } else {
      for await (const page of items$) {
        pages++
        for (const item of page.data) await emit(item)
        items += page.items ?? page.data.length
        const rate = Math.round((items * 1000) / Math.max(1, Date.now() - started))
        progress.update(
          `${plan.name}: ${counted(items, ...plan.nouns)}, ${counted(pages, 'page')} (${formatCount(rate)}/s)`,
        )
      }
    }
    if (csv) {
      csv.end()
      await finished
    }
    await target.commit()
  } catch (error) {
    progress.done()
    await target.abandon()
    if (error instanceof AwarenessApiError || error instanceof AwarenessNetworkError)
      throw new CliError(error.message)
    throw error
  }
  progress.done()
  if (options.out || process.stderr.isTTY) {
    const what = counted(items, ...plan.nouns)
    const asRows = csv ? ` (${counted(rows, 'CSV row')})` : ''
    const where = options.out ? ` to ${options.out}` : ''
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    process.stderr.write(`exported ${what}${asRows}${where} in ${seconds} s\n`)
  }
}
