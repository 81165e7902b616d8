// What an aggregate reader (CONTRACT 19) is shown of each figure of an answer: compiled from the
// published schema's classes (schemas.ts `figure`), a figure over a narrower set of employees than
// the answer's population is null when that set holds fewer than the reader's minimum group size.
// The answer's own population is judged before (aggregate.ts), which nulls every figure at once.

import type { TSchema } from 'typebox'
import { type Counts, type Describes, DISCLOSURE, describedBy } from '../schemas/disclosure.js'

/** A figure of an answer: where it is, and the employees it describes (not the answer's population). */
interface Narrower {
  path: readonly string[]
  describes: Exclude<Describes, { population: 'answer' }>
}

/** The compiled rule of one schema's figures. */
export interface Figures {
  /** `value` (an object of the schema) with each figure over too few employees null. */
  hide(value: unknown, min: number, counts: Counts | undefined): unknown
  /** Whether any figure describes a narrower set than the answer's population. */
  readonly narrower: boolean
  /** The fields of the answer that count those sets, and the names of the counts its read supplies. */
  readonly populations: { fields: readonly string[]; counted: readonly string[] }
}

type Node = { $ref?: string; properties?: Record<string, TSchema>; anyOf?: TSchema[] }

function collect(schema: TSchema, resolve: (ref: string) => TSchema, path: string[], into: Narrower[]): void {
  const s = schema as Node
  if ((schema as Record<string, unknown>)[DISCLOSURE] === 'figure') {
    const describes = describedBy(schema)
    if (!('population' in describes)) into.push({ path, describes })
    return
  }
  if (s.$ref !== undefined) {
    collect(resolve(s.$ref), resolve, path, into)
    return
  }
  for (const [name, field] of Object.entries(s.properties ?? {}))
    collect(field, resolve, [...path, name], into)
  for (const member of s.anyOf ?? []) collect(member, resolve, path, into)
}

const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (v, name) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined),
    value,
  )

/** `value` with the field at `path` null (copied along the path; the rest shared). */
function withNull(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return null
  if (value === null || typeof value !== 'object') return value
  const [name, ...rest] = path as [string, ...string[]]
  const o = value as Record<string, unknown>
  return name in o ? { ...o, [name]: withNull(o[name], rest) } : o
}

/** The employees a figure describes in `root`: unknown (a count not kept) is taken as none. */
function populationOf(describes: Narrower['describes'], root: unknown, counts: Counts | undefined): number {
  const n = 'field' in describes ? at(root, describes.field.split('.')) : counts?.[describes.counted]
  return typeof n === 'number' ? n : 0
}

/** The figure rule of values of `schema` ($refs resolved by `resolve`). */
export function figuresOf(schema: TSchema, resolve: (ref: string) => TSchema): Figures {
  const narrower: Narrower[] = []
  collect(schema, resolve, [], narrower)
  const describes = narrower.map((f) => f.describes)
  return {
    narrower: narrower.length > 0,
    populations: {
      fields: [...new Set(describes.flatMap((d) => ('field' in d ? [d.field] : [])))],
      counted: [...new Set(describes.flatMap((d) => ('counted' in d ? [d.counted] : [])))],
    },
    hide(value, min, counts) {
      // Judged on the answer as read: a figure nulled first never hides another's population.
      const small = narrower.filter((f) => populationOf(f.describes, value, counts) < min)
      return small.reduce((v, f) => withNull(v, f.path), value)
    },
  }
}
