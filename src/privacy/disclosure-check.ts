// Disclosure is declared, never assumed (CONTRACT 19): every field of a published schema carries a
// class (schemas.ts). The app runs this over every schema it publishes before it starts, and refuses
// to start with a field that carries none, naming it: a new field never reaches a reader unjudged.

import type { TSchema } from 'typebox'
import { DISCLOSED_AS, DISCLOSURE, disclosureOf } from '../schemas/disclosure.js'

type Node = {
  $ref?: string
  properties?: Record<string, TSchema>
  items?: TSchema
  anyOf?: TSchema[]
  oneOf?: TSchema[]
  type?: unknown
}

const isNull = (s: TSchema) => (s as Node).type === 'null'

/** Whether a schema holds fields of its own to classify (an object, a list of them, a reference). */
function isContainer(schema: TSchema): boolean {
  const s = schema as Node
  if (s.properties !== undefined || s.$ref !== undefined) return true
  if (s.items !== undefined) return isContainer(s.items)
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((m) => !isNull(m) && isContainer(m))
}

/**
 * What in `schema` (named `path`) breaks the rule: a field without a class, or a class on an
 * object whose fields must be classified one by one (only `personal` empties a whole object or
 * list). References are the schemas checked on their own.
 */
export function unclassified(schema: TSchema, path: string): string[] {
  const found: string[] = []
  const visit = (s: TSchema, at: string, isField: boolean) => {
    if ((s as Record<string, unknown>)[DISCLOSED_AS] !== undefined) return
    const own = disclosureOf(s)
    if (isContainer(s)) {
      if (own === 'personal') return
      if (own !== undefined && (s as Record<string, unknown>)[DISCLOSURE] !== undefined)
        found.push(`${at}: ${own} on an object or list of objects (classify its fields)`)
      const n = s as Node
      if (n.$ref !== undefined) return
      for (const [name, field] of Object.entries(n.properties ?? {})) visit(field, `${at}.${name}`, true)
      if (n.items !== undefined) visit(n.items, `${at}[]`, false)
      for (const member of [...(n.anyOf ?? []), ...(n.oneOf ?? [])])
        if (!isNull(member)) visit(member, at, false)
      return
    }
    if (own === undefined && isField) found.push(`${at}: no disclosure class`)
  }
  visit(schema, path, false)
  return found
}

/** Refuses a published schema with a field that says nothing of what it discloses. */
export function assertClassified(schemas: readonly TSchema[]): void {
  const found = schemas.flatMap((s) =>
    unclassified(s, ((s as { $id?: string }).$id ?? 'an answer').replace(/#$/, '')),
  )
  if (found.length > 0)
    throw new Error(
      `published fields without a disclosure class (CONTRACT 19; src/schemas/disclosure.ts): ${found.join('; ')}`,
    )
}
