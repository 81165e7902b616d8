// The reports' items as SQL renders them at request (and a cell's answer at import): each object's
// fields from its published schema, so that the SQL cannot put them in another order or miss one.

import type { TObject } from 'typebox'
import { BreakdownCell } from './schema.js'

/**
 * SQL text of a `schema` object's JSON: each field's value given as SQL yielding its JSON text, in
 * the schema's order; a field left out, added or out of order throws where the statement is built.
 */
export function objectSql(schema: TObject, values: Readonly<Record<string, string>>): string {
  const fields = Object.keys(schema.properties)
  if (Object.keys(values).join() !== fields.join())
    throw new Error(
      `the SQL of ${String((schema as { $id?: string }).$id)} must give ${fields.join(', ')}, in that order`,
    )
  return `${fields.map((field, i) => `'${i === 0 ? '{' : ','}"${field}":' || ${values[field]}`).join(' || ')} || '}'`
}

/** SQL: a timestamp as a JSON value (null as null). */
export const timestampJson = (value: string) =>
  `case when ${value} is null then 'null' else '"' || ${value} || '"' end`

/**
 * SQL: a member's employee `e` as every report item names them, their reference: the one place the
 * reports' items render a person.
 */
export const EMPLOYEE_JSON = 'e.ref_json'

/** SQL: an employee `e`'s karma as the employee renders it (`{"score","security_level"}` or null). */
export const KARMA_JSON = `case when e.karma_score is null then 'null'
  else '{"score":' || e.karma_score || ',"security_level":"' || e.karma_level || '"}' end`

/** SQL over a member's sent attacks `a`, grouped: their counts as the lists name them. */
export const ATTACK_COUNTS = {
  attacks_count: 'count(*)',
  tricked_count: 'coalesce(sum(case when a.tricked_at is null then 0 else 1 end), 0)',
  reported_count: 'coalesce(sum(case when a.reported_at is null then 0 else 1 end), 0)',
} as const

/** `names`, once checked to stand together, in that order, among `schema`'s fields. */
function consecutive<const N extends readonly string[]>(schema: TObject, names: N): N {
  const fields = Object.keys(schema.properties)
  const start = fields.indexOf(names[0] as string)
  if (start < 0 || fields.slice(start, start + names.length).join() !== names.join())
    throw new Error(`${names.join(', ')} do not stand together, in that order, in the schema`)
  return names
}

/**
 * A breakdown cell's fields that a window changes, together in its schema: a cell's answer without
 * a window is kept cut around them (import.ts), and a window's fills the gap (sql.ts).
 */
export const WINDOW_FIELDS = consecutive(BreakdownCell, [
  'employees_attacked_count',
  'vulnerability_rate',
  'reporting_rate',
  'reporters_count',
  'employee_reporting_rate',
] as const)

/** The field after them, where a kept answer's tail starts. */
export const AFTER_WINDOW_FIELD = Object.keys(BreakdownCell.properties)[
  Object.keys(BreakdownCell.properties).indexOf(WINDOW_FIELDS[0]) + WINDOW_FIELDS.length
] as string
