// Schemas shared by the route declarations (published in the OpenAPI document).

import type { FastifyInstance } from 'fastify'
import Type, { type TSchema } from 'typebox'
import { type Limits, limitHeaderSchema } from '../paging/paging.js'
import { param } from './parameters.js'

/** The workspace of the document's examples; the reference page fills it in for a first try. */
export const EXAMPLE_WORKSPACE_ID = '7cf3c256-32b9-4240-ad3f-b64afebede10'

export const workspaceId = param.uuid('The workspace whose data is returned.', EXAMPLE_WORKSPACE_ID)

export function listHeaders(limits: Limits) {
  return Type.Object({
    'x-item-limit': Type.Optional(limitHeaderSchema(limits)),
    'x-next-cursor': Type.Optional(
      Type.String({
        maxLength: 512,
        description: 'The x-next-cursor response header of the previous page, passed back unchanged.',
      }),
    ),
  })
}

/**
 * The query spellings of the paging headers (CONTRACT 15), published beside the list's own
 * parameters; they are read with the headers (operation.ts), not as parameters.
 */
export function pagingQuery(limits: Limits): Record<string, TSchema> {
  return {
    limit: Type.Integer({
      minimum: 1,
      maximum: limits.max,
      description: `Items per page, like x-item-limit (give one of the two): 1 to ${limits.max}, default ${limits.default}.`,
    }),
    cursor: Type.String({
      maxLength: 512,
      description:
        'Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it.',
    }),
  }
}

export function dataOf(schema: TSchema) {
  return Type.Object({ data: schema }, { additionalProperties: false })
}

export const ref = (id: string) => Type.Unsafe({ $ref: `${id}#` })

export const LIST_ORDER_NOTE =
  'Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither.'

/** The app's registered schema a `$ref` names (`Employee` or `Employee#`). */
export const registeredSchema =
  (app: FastifyInstance) =>
  (ref: string): TSchema =>
    app.getSchema(ref.replace(/#$/, '')) as TSchema
