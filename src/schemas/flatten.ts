// A published object as one flat row, derived from its schema (CSV export): nested objects become
// dotted column names, arrays (and objects of no fixed shape) become JSON text in one column, null
// becomes an empty field. Adding a field to a schema adds its column.

import type { TSchema } from 'typebox'

export type Cell = string | number | boolean | null
export type FlatRow = Record<string, Cell>

interface SchemaNode {
  type?: string | string[]
  properties?: Record<string, SchemaNode>
  anyOf?: SchemaNode[]
}

const SCALARS = ['string', 'integer', 'number', 'boolean', 'null']

/** Whether a field's values are strings, numbers, booleans or null: anything else is JSON text in its cell. */
function isScalar(schema: SchemaNode): boolean {
  if (schema.anyOf !== undefined) return schema.anyOf.every(isScalar)
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]
  return types.length > 0 && types.every((t) => SCALARS.includes(t))
}

/** Whether a schema is of objects (`object`, or `["object", "null"]`) with fixed fields. */
const isObject = (schema: SchemaNode | undefined): boolean =>
  schema?.properties !== undefined &&
  (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')))

/** The object schema inside a field's schema (itself, or the non-null branch of a nullable one). */
function objectOf(schema: SchemaNode): SchemaNode | null {
  if (isObject(schema)) return schema
  const branch = schema.anyOf?.find((s) => s.type !== 'null')
  return isObject(branch) ? (branch as SchemaNode) : null
}

/** Each leaf field of an object schema as its column, in field order, and whether its cell is JSON text. */
function leaves(schema: TSchema, prefix: string): { column: string; json: boolean }[] {
  const properties = (schema as SchemaNode).properties ?? {}
  return Object.entries(properties).flatMap(([name, field]) => {
    const nested = objectOf(field)
    return nested
      ? leaves(nested as TSchema, `${prefix}${name}.`)
      : [{ column: `${prefix}${name}`, json: !isScalar(field) }]
  })
}

/**
 * The columns of an object schema, in its field order.
 * @example flatColumns(Employee) // ['id', 'name', …, 'department.name', …, 'manager.id', …]
 */
export const flatColumns = (schema: TSchema, prefix = ''): string[] =>
  leaves(schema, prefix).map((leaf) => leaf.column)

/** The columns of `flatColumns(schema, prefix)` whose cells hold JSON text (arrays, objects of no fixed shape). */
export const jsonColumns = (schema: TSchema, prefix = ''): string[] =>
  leaves(schema, prefix)
    .filter((leaf) => leaf.json)
    .map((leaf) => leaf.column)

/** `value` as a row of `flatColumns(schema)`. */
export function flatRow(schema: TSchema, value: unknown, prefix = '', row: FlatRow = {}): FlatRow {
  const properties = (schema as SchemaNode).properties ?? {}
  const object = (value ?? null) as Record<string, unknown> | null
  for (const [name, field] of Object.entries(properties)) {
    const nested = objectOf(field)
    const item = object === null ? null : object[name]
    if (nested) flatRow(nested as TSchema, item, `${prefix}${name}.`, row)
    else
      row[`${prefix}${name}`] =
        item !== null && typeof item === 'object' ? JSON.stringify(item) : ((item ?? null) as Cell)
  }
  return row
}
