// The typed client's operations (packages/client/src/operations.ts) and object types (schemas.ts),
// generated from the OpenAPI document and the names each resource gives its operations in the
// client (Resource.client). Run by `npm run openapi`; a test fails when the committed files differ.

import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { RESOURCES } from '../src/resources/index.js'
import type { ClientMethod, Resource } from '../src/resources/resource.js'
import { ROOT_URL } from '../test/helpers/root.js'

interface Parameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema: { type?: string; enum?: string[]; items?: { enum?: string[]; type?: string } }
}
interface Operation {
  operationId: string
  summary?: string
  parameters?: Parameter[]
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
interface Schema {
  $ref?: string
  type?: string
  items?: Schema
  anyOf?: Schema[]
  properties?: Record<string, Schema>
}
interface Document {
  paths: Record<string, { get: Operation }>
  components: { schemas: Record<string, unknown> }
}

const HEADER = (what: string) =>
  `// Generated from openapi.json and the resources' client names by \`npm run openapi\`; do not edit.\n// ${what}\n\n`

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
const literal = (values: readonly string[]) => values.map((v) => `'${v}'`).join(' | ')
const comment = (lines: readonly string[], indent: string) =>
  lines.length === 0
    ? ''
    : lines.length === 1
      ? `${indent}/** ${lines[0]} */\n`
      : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`

function typeOf(p: Parameter): string {
  const s = p.schema
  if (s.type === 'array') return `readonly (${s.items?.enum ? literal(s.items.enum) : 'string'})[]`
  if (s.enum) return literal(s.enum)
  if (s.type === 'integer' || s.type === 'number') return 'number'
  if (s.type === 'boolean') return 'boolean'
  return 'string'
}

/** The expression sending filter `field` of parameter `p` as query text. */
function sent(p: Parameter, field: string): string {
  const t = p.schema.type
  if (t === 'array') return `${field}?.join(',')`
  if (t === 'integer' || t === 'number' || t === 'boolean')
    return `${field} == null ? undefined : String(${field})`
  return p.required ? field : `${field} ?? undefined`
}

/** The item type of an operation's answer (`data`), and whether it is a list. */
function answerOf(operation: Operation): { type: string; list: boolean } {
  const schema = operation.responses['200']?.content?.['application/json']?.schema
  const data = schema?.properties?.data
  const list = data?.type === 'array'
  // Items of several representations (the feed's format): the default one, listed first.
  const ref = (list ? (data?.items?.$ref ?? data?.items?.anyOf?.[0]?.$ref) : data?.$ref) ?? ''
  const name = ref.split('/').pop()
  if (!name) throw new Error(`${operation.operationId}: its answer's data is no $ref`)
  return { type: name, list }
}

interface Generated {
  /** Each named filters type: its name and its declaration. */
  filters: [string, string][]
  queries: string[]
  members: string[]
}

/** A method of a namespace: its name (`statistics.history` hangs on `statistics`), doc and function. */
interface Member {
  name: string
  doc: string
  fn: string
}

function method(path: string, operation: Operation, names: ClientMethod, out: Generated): Member[] {
  const id = operation.operationId
  const paged = (operation.parameters ?? []).some((p) => p.name === 'x-item-limit')
  // A list's limit and cursor travel as headers (paginate's options), not as filters.
  const parameters = (operation.parameters ?? []).filter(
    (p) =>
      (p.in === 'query' || p.in === 'path') &&
      !(paged && (p.name === 'limit' || p.name === 'cursor')) &&
      !names.omit?.includes(p.name),
  )
  const positional = parameters.find((p) => p.name === names.positional)
  // Path ids first: they name what the query filters.
  const filters = parameters
    .filter((p) => p !== positional)
    .sort((a, b) => Number(b.in === 'path') - Number(a.in === 'path'))
  const field = (p: Parameter) => names.rename?.[p.name] ?? camel(p.name)
  const { type, list } = answerOf(operation)
  const pathText = `\`${path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === names.positional
      ? `\${encodeURIComponent(${camel(name)})}`
      : `\${encodeURIComponent(f.${field({ name } as Parameter)})}`,
  )}\``
  const usesFilters = filters.length > 0
  const filterFields = filters.map((p) => {
    const nullable = names.nullable?.includes(p.name) ? ' | null' : ''
    return `${comment(p.description ? [p.description] : [], '  ')}  ${field(p)}${p.required || p.in === 'path' ? '' : '?'}: ${typeOf(p)}${nullable}\n`
  })
  let filtersType = ''
  if (usesFilters) {
    if (names.filters) {
      out.filters.push([
        names.filters,
        `/** The filters of ${id}. */\nexport interface ${names.filters} {\n${filterFields.join('')}}\n`,
      ])
      filtersType = names.filters
    } else {
      filtersType = `{ ${filters.map((p) => `${field(p)}${p.required || p.in === 'path' ? '' : '?'}: ${typeOf(p)}`).join('; ')} }`
    }
  }
  const query = filters.filter((p) => p.in === 'query')
  const queryName = `${id}Query`
  if (usesFilters) {
    out.queries.push(
      `function ${queryName}(f: ${filtersType}): Query {\n  return {\n${query.map((p) => `    ${p.name}: ${sent(p, `f.${field(p)}`)},\n`).join('')}  }\n}\n`,
    )
  }
  const args = [
    ...(positional ? [`${camel(positional.name)}: string`] : []),
    ...(usesFilters ? [`filters: ${filtersType}`] : []),
  ]
  const queryArg = usesFilters ? `${queryName}(filters)` : '{}'
  let pathArg = pathText.includes('${') ? pathText : `'${path}'`
  if (pathText.includes('f.')) {
    out.queries.push(`function ${id}Path(f: ${filtersType}): string {\n  return ${pathText}\n}\n`)
    pathArg = `${id}Path(filters)`
  }
  const doc = comment(names.doc ?? [], '    ')
  // A series is an array answered whole: not paged.
  if (!list || !paged) {
    const answer = list ? `${type}[]` : type
    return [
      {
        name: names.method,
        doc,
        fn: `(${[...args, 'options: CallOptions = {}'].join(', ')}) =>\n      this.request<${answer}>(${pathArg}, ${queryArg}, options)`,
      },
    ]
  }
  const walk = {
    name: names.method,
    doc,
    fn: `(${[...args, 'options: ListOptions = {}'].join(', ')}) =>\n      this.paginate<${type}>(${pathArg}, ${queryArg}, options)`,
  }
  const page = names.page
    ? [
        {
          name: names.page,
          doc: '',
          fn: `(${[...args, 'options: PageOptions = {}'].join(', ')}) =>\n      this.page<${type}>(${pathArg}, ${queryArg}, options)`,
        },
      ]
    : []
  return [walk, ...page]
}

/** A namespace's members: a dotted name's method hangs on its parent's function (Object.assign). */
function namespaceMembers(members: readonly Member[], namespace: string): string {
  const children = members.filter((m) => m.name.includes('.'))
  for (const child of children) {
    const parent = child.name.split('.')[0]
    if (!members.some((m) => m.name === parent))
      throw new Error(`${namespace}.${child.name}: no method ${parent} to hang it on`)
  }
  return members
    .filter((m) => !m.name.includes('.'))
    .map((m) => {
      const kids = children.filter((c) => c.name.startsWith(`${m.name}.`))
      const fn =
        kids.length === 0
          ? m.fn
          : `Object.assign(${m.fn}, {\n${kids.map((k) => `${k.doc}${k.name.slice(m.name.length + 1)}: ${k.fn},\n`).join('')}})`
      return `${m.doc}    ${m.name}: ${fn},\n`
    })
    .join('')
}

/** The operations of the document under the resources' client names. */
function clientOperations(text: string): { out: Generated; types: string[] } {
  const document = JSON.parse(text) as Document
  const byId = new Map(
    Object.entries(document.paths).map(([path, item]) => [
      item.get.operationId,
      { path, operation: item.get },
    ]),
  )
  const out: Generated = { filters: [], queries: [], members: [] }
  const used = new Set<string>()
  for (const resource of RESOURCES as readonly Resource[]) {
    const { namespace, operations } = resource.client
    const members = Object.entries(operations).flatMap(([id, names]) => {
      const found = byId.get(id)
      if (!found) throw new Error(`${resource.name}: the document has no operation ${id}`)
      used.add(id)
      return method(found.path, found.operation, names, out)
    })
    out.members.push(`  readonly ${namespace} = {\n${namespaceMembers(members, namespace)}  }\n`)
  }
  const missing = [...byId.keys()].filter((id) => !used.has(id))
  if (missing.length > 0) throw new Error(`operations without a client name: ${missing.join(', ')}`)
  const types = [...new Set([...byId.values()].map(({ operation }) => answerOf(operation).type))].sort()
  return { out, types }
}

/** packages/client/src/filters.ts: every operation's named filters type (the package exports them all). */
export function generateClientFilters(text: string): string {
  const { out } = clientOperations(text)
  return `${HEADER('The filters of each operation that names them (src/resources/*/index.ts: client).')}${out.filters.map(([, declaration]) => declaration).join('\n')}`
}

/** packages/client/src/operations.ts */
export function generateClientOperations(text: string): string {
  const { out, types } = clientOperations(text)
  const filters = out.filters.map(([name]) => name).sort()
  return `${HEADER('One method per operation, named by the resources (src/resources/*/index.ts: client).')}import type { ${filters.join(', ')} } from './filters.js'
import type { ApiPromise, CallOptions, ListOptions, PageOptions } from './index.js'
import type { List, Page } from './list.js'
import type { ${types.join(', ')} } from './schemas.js'

/** Query parameters by name; undefined ones are left out. */
export type Query = Record<string, string | undefined>

/** The API's operations by namespace, over the transport's three calls. */
export abstract class Operations {
  abstract request<T = unknown>(path: string, query?: Query, options?: CallOptions): ApiPromise<T>
  abstract paginate<T = unknown>(path: string, query?: Query, options?: ListOptions): List<T>
  protected abstract page<T>(path: string, query: Query, options: PageOptions): Promise<Page<T>>

${out.members.join('\n')}}

${out.queries.join('\n')}`
}

/** packages/client/src/schemas.ts: a name for every object the document defines. */
export function generateClientSchemas(text: string): string {
  const document = JSON.parse(text) as Document
  const names = Object.keys(document.components.schemas)
  return `${HEADER('A name for every object of the document (components.schemas).')}import type { components } from './openapi.js'

type Schemas = components['schemas']

${names.map((name) => `export type ${name} = Schemas['${name}']\n`).join('')}`
}

/** `text` as Biome formats the file at `path` (the repository's style), as committed. */
export function formatted(path: string, text: string): string {
  const biome = fileURLToPath(new URL('node_modules/.bin/biome', ROOT_URL))
  const result = spawnSync(biome, ['format', `--stdin-file-path=${path}`], { input: text, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`biome format ${path}: ${result.stderr}`)
  return result.stdout
}
