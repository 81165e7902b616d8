// An operation that answers one object (statistics) or one series of them, declared once like a
// list (list.ts): its path, scope, parameters and item schema; itemRoute registers it with the
// strict reading of the request, the workspace grant and the ETag of its body.

import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { grantWorkspace, type WorkspaceRows, workspaceRows } from '../access.js'
import type { Scope } from '../domain/scopes.js'
import {
  Counted,
  hideSmallPopulations,
  type Population,
  populationAsked,
  type SmallPopulations,
} from '../privacy/aggregate.js'
import { figuresOf } from '../privacy/figures.js'
import { peopleOf } from '../privacy/people.js'
import { AS_READ, present, readerOf } from '../privacy/present.js'
import { unheard } from './context.js'
import { peopleNamedIn, readItemRequest, sendItem, sendItemBytes } from './operation.js'
import { type ParamDef, type Parsed, parameters } from './parameters.js'
import { readsOf } from './reads.js'
import { dataOf, ref, registeredSchema } from './schemas.js'

type Definitions = Record<string, ParamDef<unknown>> & { workspace_id: ParamDef<string, true> }

/**
 * A whole response body already written (a series spliced from kept answers): sent as it is, then
 * `release` gives its buffer back; `identity`, what the body is a function of, is hashed for its
 * ETag in place of the body.
 */
export class Rendered {
  constructor(
    readonly body: Buffer,
    readonly release?: () => void,
    readonly identity?: string,
  ) {}
}

/** Thrown by a read that stopped because nobody waits for its answer any more. */
export class WorkNotWanted extends Error {
  constructor() {
    super('the request was abandoned: its client left or its deadline passed')
  }
}

export interface ItemOperation<D extends Definitions, T> {
  operationId: string
  /** As Fastify writes it: a path id is `:group_id`, and is among the parameters. */
  path: string
  summary: string
  /** What the object holds; the scope is added. */
  description: string
  scope: Scope
  parameters: D
  /** The $id of the object's schema. */
  item: string
  /** The answer is an array of items (a series), not one. */
  series?: true
  /** What the parameters' own rules cannot see: throws a 422. */
  check?(query: Parsed<D>): void
  /**
   * An aggregate key may read it (CONTRACT 19): how its answer's population is found, whose
   * figures such a key never sees when it is below the key's minimum group size. Absent: 403.
   */
  aggregate?: SmallPopulations
  /**
   * Path parameters that name an employee: a pseudonymous key names them by their pseudonym
   * (CONTRACT 19), read here as the employee it stands for before `reach` and `read` see it.
   */
  people?: readonly string[]
  /** Throws the 404 of an id outside the granted workspace. */
  reach?(from: WorkspaceRows, query: Parsed<D>): Promise<void>
  /**
   * The object, for the granted workspace. A read that runs many statements asks `wanted` between
   * them and stops (WorkNotWanted) once its client left or its deadline passed. `population`, given
   * for an aggregate key's window statistic or its series (`populationAsked`): a read whose
   * statement selected it beside the answer answers `Counted`, and the engine reads none itself.
   * `aggregate`: the reader is an aggregate key, whose figures' populations the read counts beside
   * the answer where the answer does not publish them (`Counted.counts`).
   */
  read(
    from: WorkspaceRows,
    query: Parsed<D>,
    wanted: () => boolean,
    population?: Population,
    aggregate?: boolean,
  ): Promise<T | Rendered | Counted<T>>
}

/** Declares an item operation (type-checks its parts against each other). */
export function defineItem<D extends Definitions, T>(operation: ItemOperation<D, T>): ItemOperation<D, T> {
  return operation
}

/** What a rendered body holds under `data`. */
const renderedData = (answer: Rendered): unknown =>
  (JSON.parse(answer.body.toString('utf8')) as { data: unknown }).data

/** Registers an item operation's route. */
export function itemRoute<D extends Definitions, T>(
  app: FastifyInstance,
  operation: ItemOperation<D, T>,
): void {
  const set = parameters(operation.parameters)
  const inPath = new Set([...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string))
  const names = Object.keys(operation.parameters)
  const pathNames = names.filter((n) => inPath.has(n))
  const query = parameters(
    Object.fromEntries(
      names.filter((n) => !inPath.has(n)).map((n) => [n, operation.parameters[n] as ParamDef<unknown>]),
    ),
  )
  const item = ref(operation.item)
  // What a pseudonymous key sees of a person in the answer: the item schema's marks (CONTRACT 19).
  const answerSchema = operation.series ? Type.Array(item) : item
  const people = peopleOf(answerSchema, registeredSchema(app))
  // What an aggregate key sees of each figure: the item schema's classes (CONTRACT 19).
  const figures = figuresOf(item, registeredSchema(app))
  app.get(
    operation.path,
    {
      config: {
        scope: operation.scope,
        etag: 'body',
        series: operation.series,
        aggregate: operation.aggregate !== undefined,
        people: 'walked',
      },
      schema: {
        operationId: operation.operationId,
        summary: operation.summary,
        description: `${operation.description} Scope: ${operation.scope}.`,
        ...(pathNames.length > 0
          ? {
              params: Type.Object(
                Object.fromEntries(pathNames.map((n) => [n, Type.String({ format: 'uuid' })])),
              ),
            }
          : {}),
        querystring: query.schema,
        response: { 200: dataOf(answerSchema) },
      },
    },
    async (request, reply) => {
      const query = readItemRequest(request, set)
      operation.check?.(query)
      const db = readsOf(app)
      const from = workspaceRows(db, await grantWorkspace(db, request.key, query.workspace_id as string))
      // An unknown pseudonym names nobody: its reach is the 404.
      await peopleNamedIn(request, from, query, operation.people)
      if (operation.reach) await operation.reach(from, query)
      const { privacy, minGroupSize } = request.key
      const rule = privacy === 'aggregate' ? operation.aggregate : undefined
      const read = await operation.read(
        from,
        query,
        () => !unheard(request),
        rule === undefined ? undefined : populationAsked(rule),
        rule !== undefined,
      )
      const answer = read instanceof Counted ? read.answer : read
      const data = () => (answer instanceof Rendered ? renderedData(answer) : answer)
      const reader = readerOf(privacy, {
        pseudonyms: (ids) => app.api.pseudonyms.of(from, ids),
        figures: async (value) =>
          rule === undefined
            ? undefined
            : hideSmallPopulations(rule, from, value, minGroupSize ?? 0, {
                population: read instanceof Counted ? read.population : undefined,
                counts: read instanceof Counted ? read.counts : undefined,
                figures,
              }),
      })
      const { shown, carried } = await present(reader, people, data)
      request.carried = carried
      if (shown !== AS_READ) {
        if (answer instanceof Rendered) answer.release?.()
        return sendItem(reply, JSON.stringify(shown))
      }
      if (!(answer instanceof Rendered)) return sendItem(reply, JSON.stringify(answer))
      if (answer.identity !== undefined) request.bodyIdentity = answer.identity
      return sendItemBytes(reply, answer.body, answer.release)
    },
  )
}
