// The steps every operation shares: read the parameters strictly, read the page, and reply with
// the stored JSON of each item.

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorDetail } from '../errors.js'
import { type Limits, type Page, type Position, readLimit } from '../paging/paging.js'
import { type ParamDef, type ParameterSet, type RawQuery, throwProblems } from './parameters.js'

const JSON_TYPE = 'application/json; charset=utf-8'

export interface ListRequest<Q> {
  query: Q
  limit: number
  /** Binds a cursor to this operation, organization, workspace, path id and filters. */
  binding: string
  position: Position | null
}

/**
 * Reads a list request: its query and path parameters and x-item-limit (every problem reported at
 * once, as 422 invalid_parameter), then its cursor, which must have been issued for exactly this
 * list (422 invalid_cursor).
 */
export function readListRequest<D extends Record<string, ParamDef<unknown>>>(
  request: FastifyRequest,
  operation: string,
  parameters: ParameterSet<D>,
  limits: Limits,
): ListRequest<ReturnType<ParameterSet<D>['parse']>> {
  const problems: ErrorDetail[] = []
  const query = parameters.parse(rawParameters(request), problems)
  const limit = readLimit(request.headers['x-item-limit'], limits, problems)
  throwProblems(problems)
  // Every parameter's value, in their declared order (absent ones as null).
  const values = Object.keys(parameters.definitions).map(
    (name) => (query as Record<string, unknown>)[name] ?? null,
  )
  const binding = JSON.stringify([operation, request.key.organizationId, ...values])
  const position = request.server.api.cursors.decode(binding, request.headers['x-next-cursor'])
  return { query, limit, binding, position }
}

/** Reads a single-item request: its query and path parameters only. */
export function readItemRequest<D extends Record<string, ParamDef<unknown>>>(
  request: FastifyRequest,
  parameters: ParameterSet<D>,
): ReturnType<ParameterSet<D>['parse']> {
  const problems: ErrorDetail[] = []
  const query = parameters.parse(rawParameters(request), problems)
  throwProblems(problems)
  return query
}

/** Query parameters and path parameters in one raw set (path values count once each). */
function rawParameters(request: FastifyRequest): RawQuery {
  const raw: RawQuery = Object.assign(Object.create(null), request.query as RawQuery)
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
    raw[name] = [...(raw[name] ?? []), value]
  }
  return raw
}

/** A page's document, with x-next-cursor when more items follow. */
export function sendPage(reply: FastifyReply, list: ListRequest<unknown>, page: Page): FastifyReply {
  if (page.next !== null)
    reply.header('x-next-cursor', reply.server.api.cursors.encode(list.binding, page.next))
  return reply.type(JSON_TYPE).send(page.document)
}

/** `{"data":…}` from an item's stored JSON. */
export function sendItem(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(`{"data":${json}}`)
}
