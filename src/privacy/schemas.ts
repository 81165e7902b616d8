// The published shape of what aggregate keys are shown (CONTRACT 19): a statistic's figures take
// null, for the answers whose population is below such a key's minimum group size.

import type { TObject, TSchema } from 'typebox'
import { Nullable } from '../schemas/common.js'

const FIGURE_TYPES = new Set(['integer', 'number'])

/** Whether a schema is a figure (an integer or a number, nullable or not). */
function isFigure(schema: TSchema): boolean {
  const { type } = schema as { type?: unknown }
  if (typeof type === 'string') return FIGURE_TYPES.has(type)
  return Array.isArray(type) && type.some((t) => FIGURE_TYPES.has(t))
}

const takesNull = (schema: TSchema): boolean => {
  const { type } = schema as { type?: unknown }
  return Array.isArray(type) && type.includes('null')
}

function figuresNullable(schema: TSchema): TSchema {
  if (isFigure(schema)) return takesNull(schema) ? schema : Nullable(schema)
  const { properties } = schema as { properties?: Record<string, TSchema> }
  if (properties === undefined) return schema
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, figuresNullable(v)])),
  } as TSchema
}

const POPULATION_NOTE =
  'For an aggregate key (CONTRACT 19) whose minimum group size the population (the active employees) does not ' +
  'reach, every figure is null.'

/**
 * A statistic's schema whose every figure, at any depth, may be null: what an aggregate key is
 * shown of a small population. Its static type is the statistic's (as read, before hiding).
 */
export function hiddenWhenSmall<T extends TObject>(schema: T, note = POPULATION_NOTE): T {
  const { description } = schema as { description?: string }
  return {
    ...(figuresNullable(schema) as T),
    description: description === undefined ? note : `${description} ${note}`,
  }
}
