// What the published document declares each field discloses (CONTRACT 19: its x-disclosure), read
// by the tests from the committed OpenAPI document rather than from the code that applies it: the
// personal fields a pseudonymous reader sees emptied are those the document classes so.

import { DOCUMENT } from './openapi-document.js'

type Schema = {
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
  [key: string]: unknown
}

const schemas = DOCUMENT.components.schemas as Record<string, Schema>

/** A field's class, through Nullable's anyOf form too. */
export function classOf(field: Schema): string | undefined {
  const own = field['x-disclosure'] as string | undefined
  if (own !== undefined) return own
  const members = (field.anyOf ?? []).filter((m) => m.type !== 'null')
  return members.length === 1 ? classOf(members[0] as Schema) : undefined
}

/** The top-level fields of a published schema with this class. */
export function fieldsClassed(schema: string, disclosure: string): string[] {
  const { properties } = schemas[schema] as Schema
  return Object.entries(properties ?? {})
    .filter(([, field]) => classOf(field) === disclosure)
    .map(([name]) => name)
}

/** The employee's fields a pseudonymous reader is shown emptied (null, or [] for a list). */
export const PERSONAL_FIELDS: readonly string[] = fieldsClassed('Employee', 'personal')
