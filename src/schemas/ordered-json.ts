// JSON in a published schema's key order. An item is rendered once at import and served as stored,
// so its keys must come out in the order its schema lists them; the schema is the one place that
// order is written. The plan is compiled once per schema: rendering is a walk over its keys.

import type { Static, TSchema } from 'typebox'

/** Puts a value's keys in the schema's order, recursively; null when the value is kept as it is. */
type Arrange = ((value: unknown) => unknown) | null

interface SchemaShape {
  properties?: Record<string, TSchema>
  items?: TSchema
  anyOf?: readonly TSchema[]
}

function arrangement(schema: TSchema): Arrange {
  const shape = schema as SchemaShape
  if (shape.properties !== undefined) {
    const fields = Object.entries(shape.properties).map(([key, field]) => [key, arrangement(field)] as const)
    return (value) => {
      if (value === null || typeof value !== 'object') return value
      const from = value as Record<string, unknown>
      const ordered: Record<string, unknown> = {}
      for (const [key, arrange] of fields) {
        const field = from[key]
        ordered[key] = arrange === null ? field : arrange(field)
      }
      return ordered
    }
  }
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
