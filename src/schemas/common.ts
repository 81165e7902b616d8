import Type, { type TSchema, type TUnsafe } from 'typebox'
import { UUID_PATTERN } from '../domain/uuid.js'

/** A string enum published as `{ type: 'string', enum: [...] }`. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
}

/**
 * A value of `schema` or null. A schema of one type is published as that type or null
 * (`type: ["string", "null"]`, an enum with null among its values): the form every OpenAPI 3.1
 * tool reads, Scalar's reference included, which warns of `anyOf` with null inside an object. Any
 * other schema (a `$ref`, a union) is `anyOf` it or null.
 */
/** Whether a schema already takes null (Nullable's two forms). */
export const takesNull = (schema: TSchema): boolean => {
  const { type, anyOf } = schema as { type?: unknown; anyOf?: { type?: unknown }[] }
  return (Array.isArray(type) && type.includes('null')) || (anyOf ?? []).some((s) => s.type === 'null')
}

export function Nullable<T extends TSchema>(schema: T): TUnsafe<Type.Static<T> | null> {
  const {
    type,
    enum: values,
    ...rest
  } = schema as { type?: unknown; enum?: unknown[] } & Record<string, unknown>
  if (typeof type !== 'string' || 'const' in rest)
    return Type.Unsafe<Type.Static<T> | null>({ anyOf: [schema, { type: 'null' }] })
  return Type.Unsafe<Type.Static<T> | null>({
    ...rest,
    type: [type, 'null'],
    ...(values === undefined ? {} : { enum: [...values, null] }),
  })
}

export { UUID_PATTERN }

export const Uuid = Type.String({
  pattern: UUID_PATTERN,
  format: 'uuid',
  examples: ['0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10'],
})

export const Timestamp = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$',
  format: 'date-time',
  description: 'UTC, microsecond precision',
  examples: ['2024-01-13T10:00:00.123456Z'],
})

/** A count a statistic publishes. */
export const count = (description: string) => Type.Integer({ minimum: 0, description })

/** Objects are closed: no field beyond the ones listed appears (CONTRACT 2). */
export function Closed<T extends Type.TProperties>(properties: T, options: Record<string, unknown> = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options })
}
