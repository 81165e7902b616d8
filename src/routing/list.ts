// A list operation, declared once: its path, scope, parameters (whose values bind the cursor, in
// their order), page sizes, item and rows. listRoute registers it: the published schema, the strict
// reading of the request, the workspace grant, the cursor, the 304 and the page all come from the
// declaration.

import type { FastifyInstance } from 'fastify'
import Type, { type TSchema } from 'typebox'
import { grantWorkspace, type WorkspaceGrant, type WorkspaceRows, workspaceRows } from '../access.js'
import { type DialectName, dialectOf } from '../db/dialect.js'
import type { Scope } from '../domain/scopes.js'
import { type ListStatement, type ListValue, readPage } from '../paging/keyset.js'
import type { Limits, Page, Position } from '../paging/paging.js'
import { type People, peopleOf } from '../privacy/people.js'
import { AS_READ, presentPage, readerOf } from '../privacy/present.js'
import { notModified, tagAnswer } from './conditional.js'
import type { ApiContext } from './context.js'
import { type KeptValues, keptValues } from './kept.js'
import { peopleNamedIn, readListRequest, sendPage } from './operation.js'
import { type ParamDef, type Parsed, parameters } from './parameters.js'
import { readsOf } from './reads.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, pagingQuery, ref, registeredSchema } from './schemas.js'

type Definitions = Record<string, ParamDef<unknown>> & { workspace_id: ParamDef<string, true> }
/** What the rows filter by: the parameters but the workspace (the grant's) and those of the walk. */
type RowValues<D extends Definitions, X extends string> = Omit<Parsed<D>, X | 'workspace_id'>

/**
 * A parameter choosing how the items read (the feed's `format`): its value binds the cursor like the
 * others but is no parameter of the rows; any value but its default rewrites the page's document.
 */
export interface Representation<P extends string> {
  parameter: P
  /** The $id of the other item schema (the document lists both). */
  item: string
  render(value: string, document: Uint8Array | string, grant: WorkspaceGrant): Uint8Array | string
}

export interface ListOperation<
  D extends Definitions,
  S extends keyof D & string = never,
  R extends keyof D & string = never,
> {
  operationId: string
  /** As Fastify writes it: a path id is `:breach_id`. */
  path: string
  summary: string
  /** The order, then what the items hold; the paging note and the scope are added. */
  description: string
  scope: Scope
  /**
   * Path and query parameters. Every value binds the cursor, in this order; each is a parameter of
   * the rows' statement, except `start`'s.
   */
  parameters: D
  limits: Limits
  /** The $id of the item's schema. */
  item: string
  /**
   * The rows (the resource's sql.ts, where the values' kinds are checked); their name also names
   * the list in its cursors.
   */
  rows: ListStatement<RowValues<D, S | R>>
  /** What the parameters' own rules cannot see (karma_score_gte > karma_score_lte): throws a 422. */
  check?(query: Parsed<D>): void
  /**
   * Throws the 404 of a path id outside the granted workspace. Asked only of an empty page (and of
   * a conditional request): the rows must hold only items of the path's parent.
   */
  reach?(from: WorkspaceRows, query: Parsed<D>): Promise<void>
  /**
   * A parameter that gives where the walk starts when no cursor does (the events feed's `after`),
   * and the position it names (or throws).
   */
  start?: {
    parameter: S
    position(api: ApiContext, from: WorkspaceRows, value: string): Promise<Position>
  }
  representation?: Representation<R>
  /**
   * An aggregate key may read it (CONTRACT 19): its page as such a key sees it, groups below the
   * key's minimum group size never shown. Absent: 403 to such a key. `kept`: what it derived from
   * the workspace's data at this generation, for the next request.
   */
  aggregate?(
    from: WorkspaceRows,
    values: RowValues<D, S | R>,
    minGroupSize: number,
    position: Position | null,
    limit: number,
    dialect: DialectName,
    kept: KeptValues,
  ): Promise<Page>
  /**
   * For these values, the page read by code instead of `rows` (a breakdown over filtered members:
   * its cells are counted at request, and kept while the data's generation lasts), its items as
   * read, in the order of the key the reader is shown. Undefined: `rows`.
   */
  counted?(values: RowValues<D, S | R>): CountedPage | undefined
  /**
   * How a pseudonymous key sees the people of the items where their schema cannot say it alone (the
   * feed's object, chosen by the event's type; a breakdown's key, a person by manager): the walk
   * for these values, undefined for the item schema's marks. `departed`: the items name employees
   * deleted since, by the pseudonym they had.
   */
  people?: { walk(values: RowValues<D, S | R>): People | undefined; departed?: true }
  /**
   * Query parameters that name an employee (a manager filter): a pseudonymous key gives their
   * pseudonym (CONTRACT 19), read here as the employee it stands for; an unknown one names nobody.
   */
  peopleParameters?: readonly string[]
  /**
   * The rows as a pseudonymous key sees them, their items rendered by the one step when the import
   * kept them, and sent as they are (a measured fast path: docs/design.md). Same filters and order
   * as `rows`, whose name the cursors keep.
   */
  pseudonymousRows?: ListStatement<RowValues<D, S | R>>
  /**
   * For these values, the rows in the order a pseudonymous key sees them where an item's sort key is
   * a person it is shown by pseudonym (a breakdown by manager): its items are walked as `rows`'.
   */
  pseudonymousOrder?(values: RowValues<D, S | R>): ListStatement<RowValues<D, S | R>> | undefined
}

/** The key an item is listed by: as stored, or, where it is a person, their pseudonym (a pseudonymous key's order). */
export type ListedBy = 'key' | 'pseudonym'

/** A page read by code: after `position`, at most `limit` items, listed by `listed`. */
export type CountedPage = (
  from: WorkspaceRows,
  position: Position | null,
  limit: number,
  dialect: DialectName,
  kept: KeptValues,
  listed: ListedBy,
) => Promise<Page>

/** Declares a list operation (type-checks its parts against each other). */
export function defineList<
  D extends Definitions,
  S extends keyof D & string = never,
  R extends keyof D & string = never,
>(operation: ListOperation<D, S, R>): ListOperation<D, S, R> {
  return operation
}

/** Registers a list operation's route. */
export function listRoute<D extends Definitions, S extends keyof D & string, R extends keyof D & string>(
  app: FastifyInstance,
  operation: ListOperation<D, S, R>,
): void {
  const set = parameters(operation.parameters)
  const inPath = new Set([...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string))
  const names = Object.keys(operation.parameters)
  const pathNames = names.filter((n) => inPath.has(n))
  const query = names.filter((n) => !inPath.has(n))
  const querySchema = parameters(
    Object.fromEntries(query.map((name) => [name, operation.parameters[name] as ParamDef<unknown>])),
  ).schema as unknown as { properties: Record<string, TSchema> }
  const start = operation.start
  const representation = operation.representation
  const item = representation
    ? Type.Union([ref(operation.item), ref(representation.item)])
    : ref(operation.item)
  // What a pseudonymous key sees of a person in an item: the item schema's marks (CONTRACT 19).
  const marked = peopleOf(ref(operation.item), registeredSchema(app))
  const departed = operation.people?.departed === true
  const kept = keptValues()
  app.get(
    operation.path,
    {
      config: { scope: operation.scope, aggregate: operation.aggregate !== undefined, people: 'walked' },
      schema: {
        operationId: operation.operationId,
        summary: operation.summary,
        description: `${operation.description} ${LIST_ORDER_NOTE} Scope: ${operation.scope}.`,
        ...(pathNames.length > 0
          ? {
              params: Type.Object(
                Object.fromEntries(pathNames.map((n) => [n, Type.String({ format: 'uuid' })])),
              ),
            }
          : {}),
        querystring: Type.Unsafe({
          ...querySchema,
          properties: { ...querySchema.properties, ...pagingQuery(operation.limits) },
        }),
        headers: listHeaders(operation.limits),
        response: { 200: dataOf(Type.Array(item)) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(
        request,
        operation.rows.name,
        set,
        operation.limits,
        operation.rows.position,
      )
      const query = list.query
      operation.check?.(query)
      const db = readsOf(app)
      const grant = await grantWorkspace(db, request.key, query.workspace_id as string)
      const from = workspaceRows(db, grant)
      // An item of the page is of the path's parent in the granted workspace (the import refuses
      // any other): only an empty page needs the parent looked up. A conditional request is judged
      // after every check, the parent's included, before the page is read.
      const conditional = request.headers['if-none-match'] !== undefined
      if (operation.reach && conditional) await operation.reach(from, query)
      let position = list.position
      const { workspace_id: _granted, ...filters } = query
      await peopleNamedIn(request, from, filters, operation.peopleParameters)
      let values = filters as Record<string, ListValue>
      if (start) {
        const { [start.parameter]: walkFrom, ...rest } = values
        values = rest
        if (position === null && walkFrom !== undefined)
          position = await start.position(app.api, from, walkFrom as string)
      }
      let rendering: ListValue | undefined
      if (representation) {
        const { [representation.parameter]: chosen, ...rest } = values
        values = rest
        rendering = chosen
      }
      // A conditional request is judged before its page is read; any other is tagged with the
      // generation its page was read at.
      if (conditional && (await notModified(request, reply))) return reply
      // The values were parsed by the same parameters the rows' type comes from.
      const rows = operation.rows as ListStatement<Record<string, ListValue>>
      const { privacy, minGroupSize } = request.key
      const rowValues = values as RowValues<D, S | R>
      const stored = privacy === 'pseudonymous' ? operation.pseudonymousRows : undefined
      const reordered = privacy === 'pseudonymous' ? operation.pseudonymousOrder?.(rowValues) : undefined
      // A page that keeps what it read reads the generation first: what it keeps is never older than
      // its key says.
      const keptPage = async (read: (kept: KeptValues) => Promise<Page>): Promise<Page> => {
        const generation = await app.api.generation.ofOrganization(grant.organizationId)
        return { ...(await read(kept(grant.workspaceId, generation))), generation }
      }
      const { aggregate } = operation
      const counted = privacy === 'aggregate' ? undefined : operation.counted?.(rowValues)
      const page =
        privacy === 'aggregate' && aggregate
          ? await keptPage((keptHere) =>
              aggregate(from, rowValues, minGroupSize ?? 0, position, list.limit, dialectOf(db), keptHere),
            )
          : counted
            ? await keptPage((keptHere) =>
                counted(
                  from,
                  position,
                  list.limit,
                  dialectOf(db),
                  keptHere,
                  privacy === 'pseudonymous' ? 'pseudonym' : 'key',
                ),
              )
            : await readPage(
                db,
                grant,
                (stored ?? reordered ?? rows) as ListStatement<Record<string, ListValue>>,
                values,
                position,
                list.limit,
              )
      if (!conditional)
        tagAnswer(
          request,
          reply,
          page.generation ?? (await app.api.generation.ofOrganization(grant.organizationId)),
        )
      if (operation.reach && !conditional && page.empty) await operation.reach(from, query)
      const people = operation.people?.walk(rowValues) ?? marked
      const { pseudonyms } = app.api
      const reader = readerOf(privacy, {
        rendered: stored !== undefined,
        pseudonyms: (ids) =>
          departed ? pseudonyms.ofOrganization(grant.organizationId, ids) : pseudonyms.of(from, ids),
      })
      const { shown, carried } = await presentPage(reader, people, {
        document: page.document,
        people: page.people,
      })
      request.carried = carried
      if (shown !== AS_READ) {
        page.release?.()
        page.release = undefined
        page.document = shown
      }
      if (representation && rendering !== undefined) {
        const document = representation.render(rendering as string, page.document, grant)
        if (document !== page.document) {
          page.release?.()
          page.release = undefined
        }
        page.document = document
      }
      return sendPage(reply, list, page)
    },
  )
}
