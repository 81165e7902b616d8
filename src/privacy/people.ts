// What a pseudonymous reader (CONTRACT 19) sees of a person, as the presenter (present.ts) applies it:
// compiled from a published schema's classes (schemas.ts), so that whatever renders an item of that schema, and
// whatever resource declares it, a person's id becomes their pseudonym and their personal fields are
// emptied. Figures and plain fields are left as they are, and the walk never visits them.

import type { TSchema } from 'typebox'
import type { WorkspaceRows } from '../access.js'
import { classHolds, DISCLOSURE, type Disclosure } from '../schemas/disclosure.js'

/** What a walk's `hide` answers for a value its reader is not sent at all (an event with nothing it may see). */
export const WITHHELD: unique symbol = Symbol('withheld')

/** A compiled walk over values of one schema. */
export interface People {
  /** Every person's id in `value` (their real ids). */
  ids(value: unknown, into: Set<string>): void
  /** `value` as a pseudonymous reader sees it, each id through `pseudonymOf`; WITHHELD: not sent to it. */
  hide(value: unknown, pseudonymOf: (id: string) => string): unknown
}

type Walk = {
  ids(value: unknown, into: Set<string>): void
  hide(value: unknown, pseudonymOf: (id: string) => string): unknown
}

const NOTHING: Walk = { ids() {}, hide: (value) => value }

const undecided = (): never => {
  throw new Error('a value of a union whose members hold people differently')
}
const UNDECIDED: Walk = { ids: undecided, hide: undecided }

/** Resolves `{ $ref }` to the schema of that $id. */
export type Resolve = (ref: string) => TSchema

function leaf(mark: 'person' | 'personal'): Walk {
  if (mark === 'person')
    return {
      ids(value, into) {
        if (typeof value === 'string') into.add(value)
      },
      hide: (value, pseudonymOf) => (typeof value === 'string' ? pseudonymOf(value) : value),
    }
  return { ids() {}, hide: (value) => (Array.isArray(value) ? [] : null) }
}

const PERSON_CLASSES: ReadonlySet<Disclosure> = new Set(['person', 'personal'])

/** The walk of `schema`, or NOTHING when no mark lies below it. */
function walkOf(schema: TSchema, resolve: Resolve, seen: Set<TSchema>, asked: Asked): Walk {
  const mark = (schema as Record<string, unknown>)[DISCLOSURE] as Disclosure | undefined
  if (mark !== undefined && PERSON_CLASSES.has(mark))
    return classHolds(schema, asked) ? leaf(mark as 'person' | 'personal') : NOTHING
  if (mark !== undefined) return NOTHING
  const s = schema as {
    $ref?: string
    properties?: Record<string, TSchema>
    items?: TSchema
    anyOf?: TSchema[]
    oneOf?: TSchema[]
  }
  if (s.$ref !== undefined) {
    const target = resolve(s.$ref)
    if (seen.has(target)) return NOTHING
    return walkOf(target, resolve, new Set([...seen, target]), asked)
  }
  if (s.properties !== undefined) {
    const fields = Object.entries(s.properties)
      .map(([name, field]) => [name, walkOf(field, resolve, seen, asked)] as const)
      .filter(([, walk]) => walk !== NOTHING)
    if (fields.length === 0) return NOTHING
    return {
      ids(value, into) {
        if (value === null || typeof value !== 'object') return
        const o = value as Record<string, unknown>
        for (const [name, walk] of fields) walk.ids(o[name], into)
      },
      hide(value, pseudonymOf) {
        if (value === null || typeof value !== 'object') return value
        const o = { ...(value as Record<string, unknown>) }
        for (const [name, walk] of fields) if (name in o) o[name] = walk.hide(o[name], pseudonymOf)
        return o
      },
    }
  }
  if (s.items !== undefined) {
    const each = walkOf(s.items, resolve, seen, asked)
    if (each === NOTHING) return NOTHING
    return {
      ids(value, into) {
        if (Array.isArray(value)) for (const v of value) each.ids(v, into)
      },
      hide: (value, pseudonymOf) =>
        Array.isArray(value) ? value.map((v) => each.hide(v, pseudonymOf)) : value,
    }
  }
  const branches = (s.anyOf ?? s.oneOf ?? [])
    .map((b) => walkOf(b, resolve, seen, asked))
    .filter((w) => w !== NOTHING)
  // Which member a value is, the union cannot say here (an event's object: its type says): such a
  // value is refused rather than shown, until its renderer chooses the member's walk itself.
  if (branches.length > 1) return UNDECIDED
  return branches[0] ?? NOTHING
}

const noReferences: Resolve = (ref) => {
  throw new Error(`a schema without references refers to ${ref}`)
}

/** The parameters an answer was asked with, for the classes that hold only for some (schemas.ts `personWhen`). */
type Asked = Readonly<Record<string, unknown>>

/**
 * The pseudonymous walk of values of `schema` ($refs resolved by `resolve`, if it has any), for
 * answers asked with `asked`.
 */
export function peopleOf(schema: TSchema, resolve: Resolve = noReferences, asked: Asked = {}): People {
  return walkOf(schema, resolve, new Set(), asked)
}

/** Whether a walk visits anything (false: the values hold no person). */
export const walksPeople = (people: People): boolean => people !== NOTHING

/** Where the pseudonyms kept at import are read (the employees resource's, through ApiContext). */
export interface Pseudonyms {
  /** The pseudonym of each of these employees of the granted workspace that has one. */
  of(from: WorkspaceRows, ids: readonly string[]): Promise<Map<string, string>>
  /** The employee of the granted workspace whose pseudonym this is, or null. */
  idOf(from: WorkspaceRows, pseudonym: string): Promise<string | null>
  /**
   * The pseudonym of each of these employees of the organization, an employee deleted since
   * included (events name them): kept, or made from the organization's secret as it was kept.
   */
  ofOrganization(organizationId: string, ids: readonly string[]): Promise<Map<string, string>>
}

/** The pseudonyms of a set of real ids (one statement for a page). */
export type PseudonymLookup = (ids: readonly string[]) => Promise<Map<string, string>>
