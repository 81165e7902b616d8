// What every published field discloses (CONTRACT 19, "disclosure is declared, never assumed"): each
// field of a published schema carries one class, and the one step that applies a reader's privacy
// (privacy/present.ts) reads it from there (through privacy/people.ts and privacy/figures.ts). A
// field without a class stops the app at its start (privacy/disclosure-check.ts), naming the field.

import type { TObject, TSchema } from 'typebox'
import { Nullable, takesNull } from './common.js'

/** The mark of a field's class in its schema (and in the OpenAPI document). */
export const DISCLOSURE = 'x-disclosure'
/** The mark of the employees a figure describes. */
export const DESCRIBES = 'x-describes'

/**
 * person: an employee's id (their pseudonym for a pseudonymous reader); personal: a field that says
 * who a person is or reaches them (null, or [] for a list); figure: a count, mean or rate of
 * employees (null for an aggregate reader when they are fewer than its minimum); plain: none of these.
 */
export const DISCLOSURES = ['person', 'personal', 'figure', 'plain'] as const
export type Disclosure = (typeof DISCLOSURES)[number]

/**
 * The employees a figure describes: the answer's own population (a statistic's active employees, a
 * breakdown row's or a group's members); the count another field of the same answer publishes, by
 * its path from the answer ('reports.reporters_count'); or a count the answer's read supplies beside
 * it, which is not published.
 */
export type Describes =
  | { population: 'answer' }
  | { field: string }
  | { counted: string; description: string }

const classed = <T extends TSchema>(schema: T, disclosure: Disclosure, more: object = {}): T =>
  ({ ...schema, [DISCLOSURE]: disclosure, ...more }) as T

/** An employee's id: a pseudonymous reader sees their pseudonym. */
export const personId = <T extends TSchema>(schema: T): T => classed(schema, 'person')

/** A field that names or reaches a person: null for a pseudonymous reader ([] for a list). */
export const personal = <T extends TSchema>(schema: T): T => classed(schema, 'personal')

/** A person's list of addresses: empty for a pseudonymous reader. */
export const personalList = personal

/** The mark of a class that holds only for answers asked with these parameters (plain otherwise). */
export const WHEN = 'x-disclosure-when'
export type When = Readonly<Record<string, string>>

/** An employee's id in the answers asked with `when` (a breakdown by manager's key); plain otherwise. */
export const personWhen = <T extends TSchema>(when: When, schema: T): T =>
  classed(schema, 'person', { [WHEN]: when })

/** A personal field in the answers asked with `when`; plain otherwise. */
export const personalWhen = <T extends TSchema>(when: When, schema: T): T =>
  classed(schema, 'personal', { [WHEN]: when })

/** Whether a field's class holds for an answer asked with `parameters` (a class without `when` always does). */
export function classHolds(schema: TSchema, parameters: Readonly<Record<string, unknown>>): boolean {
  const when = (schema as Record<string, unknown>)[WHEN] as When | undefined
  return when === undefined || Object.entries(when).every(([name, value]) => parameters[name] === value)
}

/** The populations a read counted beside its answer that the answer does not publish, by name. */
export type Counts = Readonly<Record<string, number>>

/** A field that tells nothing about a person beyond what the record it is in does. */
export const plain = <T extends TSchema>(schema: T): T => classed(schema, 'plain')

const ANSWER: Describes = { population: 'answer' }

/** A count, mean or rate of the employees `describes` names (the answer's population when absent). */
export const figure = <T extends TSchema>(schema: T, describes: Describes = ANSWER): T =>
  classed(schema, 'figure', { [DESCRIBES]: describes })

/** A figure over the employees counted by the field at `path` of the same answer. */
export const figureOf = <T extends TSchema>(path: string, schema: T): T => figure(schema, { field: path })

/** The class a schema declares, through `Nullable`'s `anyOf` form too. */
export function disclosureOf(schema: TSchema): Disclosure | undefined {
  const own = (schema as Record<string, unknown>)[DISCLOSURE] as Disclosure | undefined
  if (own !== undefined) return own
  const { anyOf } = schema as { anyOf?: TSchema[] }
  const members = (anyOf ?? []).filter((s) => (s as { type?: unknown }).type !== 'null')
  return members.length === 1 ? disclosureOf(members[0] as TSchema) : undefined
}

/**
 * The mark of a schema disclosed as another one is: an event's `previous_attributes` holds fields of
 * its object, classified there; an OCSF event is rendered from the event as its reader sees it.
 */
export const DISCLOSED_AS = 'x-disclosed-as'

/** Marks `schema` as disclosed as what `what` says (its fields are classified there). */
export const disclosedAs = <T extends TSchema>(schema: T, what: string): T =>
  ({ ...schema, [DISCLOSED_AS]: what }) as T

/** The employees a figure describes. */
export function describedBy(schema: TSchema): Describes {
  const own = (schema as Record<string, unknown>)[DESCRIBES] as Describes | undefined
  if (own !== undefined) return own
  const { anyOf } = schema as { anyOf?: TSchema[] }
  const member = (anyOf ?? []).find((s) => (s as Record<string, unknown>)[DESCRIBES] !== undefined)
  return member === undefined ? ANSWER : describedBy(member)
}

function figuresNullable(schema: TSchema): TSchema {
  if (disclosureOf(schema) === 'figure') return takesNull(schema) ? schema : Nullable(schema)
  const { properties } = schema as { properties?: Record<string, TSchema> }
  if (properties === undefined) return schema
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, figuresNullable(v)])),
  } as TSchema
}

const POPULATION_NOTE =
  'For an aggregate key (CONTRACT 19): every figure is null when the population (the active employees) is ' +
  'below its minimum group size, and a figure over a narrower set of employees (its x-describes) is null when ' +
  'that set is.'

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
