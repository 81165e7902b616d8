// JSON in a published schema's key order. An item is rendered once at import and served as stored,
// so its keys must come out in the order its schema lists them; the schema is the one place that
// order is written. The plan is compiled once per schema, into one object literal per object schema
// (its keys known, so each rendered object is built in one shape, as a hand-written renderer would).

import type { Static, TObject, TSchema } from 'typebox'

/** Puts a value's keys in the schema's order, recursively; null when the value is kept as it is. */
type Arrange = ((value: unknown) => unknown) | null

interface SchemaShape {
  properties?: Record<string, TSchema>
  items?: TSchema
  anyOf?: readonly TSchema[]
}

/** An object literal's arrangement: each key of `fields` from the value, `slot`'s as null. */
function objectArrangement(fields: readonly (readonly [string, Arrange])[], slot?: string): Arrange {
  const members = fields.map(([key, arrange], at) => {
    if (key === '__proto__') throw new Error('ordered-json: a schema key named __proto__')
    const name = JSON.stringify(key)
    if (key === slot) return `${name}: null`
    return `${name}: ${arrange === null ? `v[${name}]` : `nested[${at}](v[${name}])`}`
  })
  const compile = new Function(
    'nested',
    `return (v) => v === null || typeof v !== 'object' ? v : { ${members.join(', ')} }`,
  ) as (nested: readonly Arrange[]) => (value: unknown) => unknown
  return compile(fields.map(([, arrange]) => arrange))
}

/** Each property of an object schema with its own arrangement, in the schema's order. */
const fieldsOf = (properties: Record<string, TSchema>): [string, Arrange][] =>
  Object.entries(properties).map(([key, field]) => [key, arrangement(field)])

function arrangement(schema: TSchema): Arrange {
  const shape = schema as SchemaShape
  if (shape.properties !== undefined) return objectArrangement(fieldsOf(shape.properties))
  if (shape.items !== undefined) {
    const arrange = arrangement(shape.items)
    if (arrange === null) return null
    return (value) => (Array.isArray(value) ? value.map(arrange) : value)
  }
  // A nullable object: the one branch that has a shape.
  if (shape.anyOf !== undefined) {
    for (const branch of shape.anyOf) {
      const arrange = arrangement(branch)
      if (arrange !== null) return arrange
    }
  }
  return null
}

/**
 * A renderer of `schema`'s values: their JSON with every object's keys in the schema's order, and
 * only the keys it lists (a row read with more columns renders as the item).
 */
export function jsonOf<S extends TSchema>(schema: S): (value: Static<S>) => string {
  const arrange = arrangement(schema)
  return arrange === null ? (value) => JSON.stringify(value) : (value) => JSON.stringify(arrange(value))
}

/**
 * A renderer of `schema`'s objects with `slot` null whatever the value holds there (or lacks): the
 * JSON around a slot that another row's text fills (records/fragments.ts).
 */
export function jsonWithNull<S extends TObject>(schema: S, slot: string): (value: unknown) => string {
  const arrange = objectArrangement(fieldsOf(schema.properties), slot) as (value: unknown) => unknown
  return (value) => JSON.stringify(arrange(value))
}
