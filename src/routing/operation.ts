// The steps every operation shares: read the parameters strictly, read the page, and reply with
// the stored JSON of each item.

import type { FastifyReply, FastifyRequest } from 'fastify'
import { type KeyRows, keyRows, type WorkspaceRows } from '../access.js'
import type { ErrorDetail } from '../errors.js'
import {
  type Limits,
  type Page,
  type PagingSource,
  type Position,
  type PositionShape,
  readLimit,
  TIME_AND_ID,
} from '../paging/paging.js'
import { NOBODY, type ParamDef, type ParameterSet, type RawQuery, throwProblems } from './parameters.js'
import './context.js'
import { readsOf } from './reads.js'

const JSON_TYPE = 'application/json; charset=utf-8'

export interface ListRequest<Q> {
  query: Q
  limit: number
  /** Binds a cursor to this operation, organization, workspace, path id and filters. */
  binding: string
  position: Position | null
  /** Its cursors are sealed (encrypted): the key must never be handed a real id (CONTRACT 19). */
  sealed: boolean
}

/**
 * Reads a list request: its query and path parameters and its page size (every problem reported at
 * once, as 422 invalid_parameter), then its cursor, which must have been issued for exactly this
 * list (422 invalid_cursor). The page size and the cursor come from their headers or from the
 * `limit` and `cursor` query parameters (CONTRACT 15), never both; they do not bind the cursor, so
 * a cursor serves either spelling.
 */
export function readListRequest<D extends Record<string, ParamDef<unknown>>>(
  request: FastifyRequest,
  operation: string,
  parameters: ParameterSet<D>,
  limits: Limits,
  shape: PositionShape = TIME_AND_ID,
): ListRequest<ReturnType<ParameterSet<D>['parse']>> {
  const problems: ErrorDetail[] = []
  const raw = rawParameters(request)
  const limitValue = pagingValue(request, raw, 'x-item-limit', 'limit', problems)
  const cursorValue = pagingValue(request, raw, 'x-next-cursor', 'cursor', problems)
  const query = parameters.parse(raw, problems)
  const limit = readLimit(limitValue?.value, limits, problems, limitValue?.source)
  throwProblems(problems)
  // Every parameter's value, in their declared order (absent ones as null).
  const values = Object.keys(parameters.definitions).map(
    (name) => (query as Record<string, unknown>)[name] ?? null,
  )
  // A cursor is bound to the key's privacy too (CONTRACT 19); identified keys' bindings stay as they were.
  // A key that sees pseudonyms has its cursors refused after a rotation of them.
  const { organizationId, privacy, minGroupSize, pseudonymsSince } = request.key
  const binding = JSON.stringify(
    privacy === 'identified'
      ? [operation, organizationId, ...values]
      : [operation, organizationId, privacy, minGroupSize, pseudonymsSince, ...values],
  )
  const sealed = privacy === 'pseudonymous'
  const position = request.server.api.cursors.decode(
    binding,
    cursorValue?.value,
    cursorValue?.source,
    shape,
    sealed,
  )
  return { query, limit, binding, position, sealed }
}

/**
 * A paging value from its header or its query parameter (taken out of the raw query, which holds
 * the list's own parameters only): both given, or the parameter repeated, is a problem.
 */
function pagingValue(
  request: FastifyRequest,
  raw: RawQuery,
  header: string,
  parameter: string,
  problems: ErrorDetail[],
): { value: string; source: PagingSource } | undefined {
  const fromQuery = raw[parameter]
  delete raw[parameter]
  const sent = request.headers[header]
  const fromHeader = Array.isArray(sent) ? sent.join(', ') : sent
  if (fromQuery === undefined)
    return fromHeader === undefined ? undefined : { value: fromHeader, source: { header } }
  if (fromHeader !== undefined) {
    problems.push({
      detail: `${parameter} and the ${header} header are the same setting: give one of them`,
      source: { parameter },
    })
    return undefined
  }
  if (fromQuery.length > 1) {
    problems.push({ detail: `${parameter} is given more than once`, source: { parameter } })
    return undefined
  }
  return { value: fromQuery[0] as string, source: { parameter } }
}

/** Reads a single-item request: its query and path parameters only. */
export function readItemRequest<D extends Record<string, ParamDef<unknown>>>(
  request: FastifyRequest,
  parameters: ParameterSet<D>,
): ReturnType<ParameterSet<D>['parse']> {
  const problems: ErrorDetail[] = []
  const query = parameters.parse(rawParameters(request), problems)
  // A paging header on an answer that is not paged is refused, as a cursor or limit parameter is.
  for (const header of PAGING_HEADERS)
    if (request.headers[header] !== undefined)
      problems.push({
        detail: `${header} pages a list; this endpoint's answer is not paged`,
        source: { header },
      })
  throwProblems(problems)
  return query
}

const PAGING_HEADERS = ['x-item-limit', 'x-next-cursor'] as const

/** Query parameters and path parameters in one raw set (path values count once each). */
function rawParameters(request: FastifyRequest): RawQuery {
  const raw: RawQuery = Object.assign(Object.create(null), request.query as RawQuery)
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
    raw[name] = [...(raw[name] ?? []), value]
  }
  return raw
}

/**
 * A page's document; when more items follow, the cursor in x-next-cursor and in a Link to the next
 * page (RFC 8288), for generic paginators that follow `rel="next"`.
 */
export function sendPage(reply: FastifyReply, list: ListRequest<unknown>, page: Page): FastifyReply {
  if (page.next !== null) {
    const cursor = reply.server.api.cursors.encode(list.binding, page.next, list.sealed)
    reply.header('x-next-cursor', cursor)
    // A next page's URL longer than a request may be has no Link: x-next-cursor still leads on.
    const next = nextPageUrl(reply.request, cursor)
    if (next !== null) reply.header('link', `<${next}>; rel="next"`)
  }
  // Once written out (or compressed): a response cut short leaves its buffer to the collector.
  if (page.release) reply.raw.once('finish', page.release)
  return reply.type(JSON_TYPE).send(page.document)
}

/** The longest request target this server reads (CONTRACT 8: 414 past it). */
export const MAX_REQUEST_TARGET = 8192

/** A query value as the shortest URL text that reads back the same: commas stay as they are. */
const queryText = (value: string) => encodeURIComponent(value).replaceAll('%2C', ',')

/**
 * This request's URL with the cursor replaced: the route's path with its (checked) ids, the query
 * in its shortest form (each parameter once, a list's values joined by commas). Absolute when the
 * server knows its origin (api.origin). Null when it would be longer than this server reads.
 */
function nextPageUrl(request: FastifyRequest, cursor: string): string | null {
  const params = request.params as Record<string, string>
  const path = request.routeOptions.url?.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
  let query = ''
  for (const [name, values] of Object.entries(request.query as Record<string, string[]>)) {
    if (name !== 'cursor') query += `${queryText(name)}=${values.map(queryText).join(',')}&`
  }
  const target = `${path}?${query}cursor=${queryText(cursor)}`
  if (target.length > MAX_REQUEST_TARGET) return null
  return `${request.server.origin(request)}${target}`
}

/** `{"data":…}` from an item's stored JSON. */
export function sendItem(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(`{"data":${json}}`)
}

/**
 * A body written as bytes (a series, `{"data":[…]}`): hashed for its ETag and sent as it is;
 * `release` once written out (or compressed), as a page's.
 */
export function sendItemBytes(reply: FastifyReply, body: Buffer, release?: () => void): FastifyReply {
  if (release) reply.raw.once('finish', release)
  return reply.type(JSON_TYPE).send(body)
}

/**
 * The statements over the reach of the request's key: what a route needs of the database beyond a
 * workspace's rows, which the engines hand it from a grant. A route never holds the database itself.
 */
export function keyRowsOf(request: FastifyRequest): KeyRows {
  return keyRows(readsOf(request.server), request.key)
}

/**
 * The parameters among `names` that name an employee, as the employee each stands for: a
 * pseudonymous or aggregate key gives them by pseudonym, as it is shown people (CONTRACT 19); an
 * unknown one (a real id among them) names nobody. An identified key's values are left as given; an
 * absent parameter stays absent.
 */
export async function peopleNamedIn(
  request: FastifyRequest,
  from: WorkspaceRows,
  values: Record<string, unknown>,
  names: readonly string[] | undefined,
): Promise<void> {
  if (request.key.privacy === 'identified') return
  for (const name of names ?? []) {
    const named = values[name]
    if (typeof named === 'string')
      values[name] = (await request.server.api.pseudonyms.idOf(from, named)) ?? NOBODY
  }
}
