import { readFileSync } from 'node:fs'
import { RESOURCES } from '../../src/resources/index.js'
import type { Resource } from '../../src/resources/resource.js'
import type { ApiDataset } from './dataset.js'
import { ROOT_URL } from './root.js'

export interface RouteCase {
  /** Its operationId. */
  name: string
  /** A URL that answers 200 with a full-scope key of organization A. */
  url: string
  scope: string
  /** Paged: x-item-limit and x-next-cursor apply, with this maximum. */
  max?: number
  /** Takes workspace_id: builds the URL for another workspace. */
  inWorkspace?: (workspaceId: string) => string
  /** Has a path id: builds the URL (in workspace A1) with another id in its place. */
  withPathId?: (id: string) => string
  /** The type of record the path id names (`group` for `group_id`). */
  pathType?: string
}

interface Operation {
  operationId: string
  'x-required-scope': string
  parameters: {
    name: string
    in: string
    required?: boolean
    schema: { maximum?: number; enum?: string[] }
  }[]
}

const document = JSON.parse(readFileSync(new URL('openapi.json', ROOT_URL), 'utf8')) as {
  paths: Record<string, { get: Operation }>
}

/**
 * The record type a path id names (`ticket`: an inbox_ticket): the first record of the resource
 * whose 404 names the id.
 */
const RECORD_OF = new Map(
  (RESOURCES as readonly Resource[]).flatMap((r) =>
    (r.notFound ?? []).map((n) => [n.parameter.replace(/_id$/, ''), r.records[0]?.type as string] as const),
  ),
)
const recordOf = (name: string) => RECORD_OF.get(name) ?? name

/**
 * The query parameters an operation requires besides workspace_id (a breakdown's `by`), each with
 * the first value it allows: `&by=department`.
 */
export function requiredQuery(path: string): string {
  const operation = document.paths[path]?.get
  if (operation === undefined) throw new Error(`${path} is no operation of the document`)
  return operation.parameters
    .filter((p) => p.in === 'query' && p.required && p.name !== 'workspace_id')
    .map((p) => {
      const value = p.schema.enum?.[0]
      if (value === undefined) throw new Error(`requiredQuery: give a value of ${p.name} for ${path}`)
      return `&${p.name}=${value}`
    })
    .join('')
}

/** Every operation of the API (from the document), with a URL that works on the dataset. */
export function routeCases(d: ApiDataset): RouteCase[] {
  // The dataset's ids for the path parameters operations take.
  const ids: Record<string, string> = {
    employee_id: d.employeesA1[1]?.id as string,
    breach_id: d.sharedBreachId,
  }
  return Object.entries(document.paths).map(([path, { get: operation }]) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      // Else the first record of workspace A1 of the type the parameter names (`group_id`: a group).
      const id =
        ids[name] ??
        (d.all.find((r) => r.type === recordOf(name.replace(/_id$/, '')) && r.workspace_id === d.a1)?.id as
          | string
          | undefined)
      if (id === undefined) throw new Error(`routeCases: give the dataset's ${name} for ${path}`)
      return id
    })
    const names = new Set(operation.parameters.map((p) => p.name))
    const required = requiredQuery(path)
    const inWorkspace = names.has('workspace_id')
      ? (w: string) => `${filled}?workspace_id=${w}${required}`
      : undefined
    const limit = operation.parameters.find((p) => p.name === 'x-item-limit')
    const pathName = /\{(\w+)_id\}/.exec(path)?.[1]
    const withPathId =
      pathName === undefined
        ? undefined
        : (id: string) => {
            const url = path.replace(/\{\w+\}/, id)
            return names.has('workspace_id') ? `${url}?workspace_id=${d.a1}${required}` : url
          }
    return {
      name: operation.operationId,
      url: inWorkspace ? inWorkspace(d.a1) : filled,
      scope: operation['x-required-scope'],
      ...(limit ? { max: limit.schema.maximum } : {}),
      ...(inWorkspace ? { inWorkspace } : {}),
      ...(withPathId ? { withPathId, pathType: recordOf(pathName as string) } : {}),
    }
  })
}

/** The body without what differs between two requests (the request id). */
export function withoutRequestId(json: any): unknown {
  return { ...json, meta: { ...json.meta, request_id: '*' } }
}
