// The Python client's generated module (packages/python/awareness_api/_generated.py): a TypedDict
// per object of the OpenAPI document, and the operations under the names each resource gives them
// in the typed client (Resource.client), snake_cased. Run by `npm run openapi`; a test fails when
// the committed file differs.

import { RESOURCES } from '../src/resources/index.js'
import type { Resource } from '../src/resources/resource.js'

type Schema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  anyOf?: Schema[]
  allOf?: Schema[]
  description?: string
}
interface Parameter {
  name: string
  in: string
  required?: boolean
}
export interface Document {
  paths: Record<string, { get: { operationId: string; parameters?: Parameter[] } }>
  components: { schemas: Record<string, Schema> }
}

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
)
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())
const identifier = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || KEYWORDS.has(name))
    throw new Error(`python client: ${name} is not a Python identifier`)
  return name
}
/** A query parameter as a keyword argument: a Python keyword (`from`) takes a trailing underscore. */
const argument = (name: string) => (KEYWORDS.has(name) ? `${name}_` : identifier(name))
const pyLiteral = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : value === true
      ? 'True'
      : value === false
        ? 'False'
        : String(value)

/** TypedDicts, in the order they are needed (nested ones before their parent). */
function typedDicts(doc: Document): string[] {
  const out: string[] = []
  const annotation = (s: Schema, name: string): string => {
    if (s.$ref) return s.$ref.split('/').at(-1) as string
    if (s.anyOf) {
      const nonNull = s.anyOf.filter((x) => x.type !== 'null')
      const union = nonNull.map((x, i) => annotation(x, nonNull.length === 1 ? name : `${name}${i + 1}`))
      const inner = union.length === 1 ? (union[0] as string) : `Union[${union.join(', ')}]`
      return nonNull.length < s.anyOf.length ? `Optional[${inner}]` : inner
    }
    if (s.const !== undefined) return `Literal[${pyLiteral(s.const)}]`
    if (s.enum) {
      const values = s.enum.filter((v) => v !== null)
      const literal = `Literal[${values.map(pyLiteral).join(', ')}]`
      return values.length < s.enum.length ? `Optional[${literal}]` : literal
    }
    const type = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type]
    const nullable = Array.isArray(s.type) && s.type.includes('null')
    const wrap = (t: string) => (nullable ? `Optional[${t}]` : t)
    switch (type[0]) {
      case 'string':
        return wrap('str')
      case 'integer':
        return wrap('int')
      case 'number':
        return wrap('float')
      case 'boolean':
        return wrap('bool')
      case 'array':
        return wrap(`List[${s.items ? annotation(s.items, `${name}Item`) : 'Any'}]`)
      case 'object':
        if (!s.properties) return wrap('Dict[str, Any]')
        define(name, s)
        return wrap(name)
      default:
        return 'Any'
    }
  }
  const define = (name: string, s: Schema) => {
    const required = new Set(s.required ?? [])
    const fields = Object.entries(s.properties ?? {}).map(([key, value]) => ({
      key,
      type: annotation(value, `${name}${pascal(key)}`),
      required: required.has(key),
    }))
    const block = (className: string, base: string, list: typeof fields) =>
      `class ${className}(${base}):\n${list.length === 0 ? '    pass\n' : list.map((f) => `    ${identifier(f.key)}: ${f.type}\n`).join('')}`
    const optional = fields.filter((f) => !f.required)
    // A key Python cannot name (`from`) needs TypedDict's functional form.
    const named = fields.every((f) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(f.key) && !KEYWORDS.has(f.key))
    if (!named && optional.length === 0)
      out.push(
        `${name} = TypedDict(${JSON.stringify(name)}, {${fields.map((f) => `${JSON.stringify(f.key)}: ${f.type}`).join(', ')}})\n`,
      )
    else if (optional.length === 0) out.push(block(name, 'TypedDict', fields))
    else {
      out.push(
        block(
          `_${name}Required`,
          'TypedDict',
          fields.filter((f) => f.required),
        ),
      )
      out.push(block(name, `_${name}Required, total=False`, optional))
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) annotation(schema, name)
  return out
}

export interface PythonOperation {
  operation: string
  path: string
  path_params: string[]
  query: string[]
  kind: 'list' | 'page' | 'item'
}

/** Each resource's operations: namespace → method → what the client sends. */
export function pythonOperations(doc: Document): Record<string, Record<string, PythonOperation>> {
  const byId = new Map(
    Object.entries(doc.paths).map(([path, item]) => [item.get.operationId, { path, ...item.get }]),
  )
  const namespaces: Record<string, Record<string, PythonOperation>> = {}
  for (const resource of RESOURCES as readonly Resource[]) {
    const methods: Record<string, PythonOperation> = {}
    for (const [operationId, names] of Object.entries(resource.client.operations)) {
      const op = byId.get(operationId)
      if (!op) throw new Error(`python client: ${operationId} is not in the document`)
      const parameters = op.parameters ?? []
      const paged = parameters.some((p) => p.name === 'cursor' && p.in === 'query')
      const query = parameters
        .filter((p) => p.in === 'query' && p.name !== 'cursor' && p.name !== 'limit')
        .map((p) => argument(p.name))
      const path = parameters.filter((p) => p.in === 'path').map((p) => identifier(p.name))
      const common = { operation: operationId, path: op.path, path_params: path, query }
      methods[snake(names.method)] = { ...common, kind: paged ? 'list' : 'item' }
      if (paged && names.page) methods[snake(names.page)] = { ...common, kind: 'page' }
    }
    namespaces[resource.client.namespace] = methods
  }
  return namespaces
}

export function generatePythonClient(text: string): string {
  const doc = JSON.parse(text) as Document
  const ops = pythonOperations(doc)
  const lines = Object.entries(ops).flatMap(([namespace, methods]) => [
    `    ${JSON.stringify(namespace)}: {`,
    ...Object.entries(methods).map(([name, op]) => `        ${JSON.stringify(name)}: ${pyDict(op)},`),
    '    },',
  ])
  return `# Generated from openapi.json and the resources' client names by \`npm run openapi\`; do not edit.
# The API's objects as TypedDicts, and each operation as the client calls it.

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union


${typedDicts(doc).join('\n\n')}

OPERATIONS: Dict[str, Dict[str, Dict[str, Any]]] = {
${lines.join('\n')}
}
`
}

function pyDict(value: object): string {
  const item = (v: unknown): string => (Array.isArray(v) ? `[${v.map(item).join(', ')}]` : pyLiteral(v))
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}: ${item(v)}`)
    .join(', ')}}`
}
