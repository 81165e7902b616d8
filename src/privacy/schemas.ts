// The published shape of what aggregate keys are shown (CONTRACT 19): a statistic's figures take
// null, for the answers whose population is below such a key's minimum group size.

import type { TObject, TSchema } from 'typebox'
import { Nullable, takesNull } from '../schemas/common.js'

const FIGURE_TYPES = new Set(['integer', 'number'])

/** Whether a schema is a figure (an integer or a number, nullable or not). */
function isFigure(schema: TSchema): boolean {
  const { type } = schema as { type?: unknown }
  if (typeof type === 'string') return FIGURE_TYPES.has(type)
  return Array.isArray(type) && type.some((t) => FIGURE_TYPES.has(t))
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

/**
 * What a pseudonymous reader (CONTRACT 19) is shown of a field that tells who a person is, marked
 * on the field's schema where a resource declares it (`x-pseudonymous` in the OpenAPI document):
 * `pseudonym` (an employee's id: their pseudonym), `null` (a personal field), `empty` (a list of
 * their addresses). The marks are the one declaration the pseudonymous rendering (people.ts) reads.
 */
export const PSEUDONYMOUS = 'x-pseudonymous'
export type PseudonymousMark = 'pseudonym' | 'null' | 'empty'

const marked = <T extends TSchema>(schema: T, mark: PseudonymousMark): T => ({
  ...schema,
  [PSEUDONYMOUS]: mark,
})

/** An employee's id: a pseudonymous reader sees their pseudonym. */
export const personId = <T extends TSchema>(schema: T): T => marked(schema, 'pseudonym')

/** A field that names or reaches a person (nullable): null for a pseudonymous reader. */
export const personal = <T extends TSchema>(schema: T): T => marked(schema, 'null')

/** A person's list of addresses: empty for a pseudonymous reader. */
export const personalList = <T extends TSchema>(schema: T): T => marked(schema, 'empty')
