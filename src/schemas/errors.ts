import Type from 'typebox'
import { MAX_ERROR_ENTRIES } from '../errors.js'
import { Closed, StringEnum } from './common.js'
import { plain } from './disclosure.js'

export const ErrorSourceSchema = Type.Union([
  Closed({ parameter: plain(Type.String({ description: 'query or path parameter' })) }),
  Closed({ header: plain(Type.String()) }),
  Closed({ pointer: plain(Type.String()) }),
  Closed({}),
])

/**
 * The one error body of every failed request (JSON:API error objects, CONTRACT 8), its code one of
 * `codes` (errors.ts: errorCodes).
 */
export const errorResponseSchema = (codes: readonly string[]) =>
  Closed(
    {
      errors: Type.Array(
        Closed({
          status: plain(Type.String({ description: 'the HTTP status, as a string' })),
          code: plain(StringEnum(codes)),
          title: plain(Type.String()),
          detail: plain(Type.String()),
          source: ErrorSourceSchema,
        }),
        { minItems: 1, maxItems: MAX_ERROR_ENTRIES },
      ),
      meta: Closed({
        request_id: plain(Type.String()),
        more_errors: Type.Optional(
          plain(
            Type.Literal(true, {
              description: 'present when there were more problems than the entries listed',
            }),
          ),
        ),
      }),
    },
    { $id: 'ErrorResponse' },
  )
