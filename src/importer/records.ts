// Validation of import records (CONTRACT 12): each line is checked against its type's schema as
// strictly as a response would be, then turned into the staging row of its type (both declared by
// its resource). References between records are checked later, in SQL, against the whole file and
// the database (see checks.ts).

import { Compile } from 'typebox/compile'
import type { Value } from '../db/bulk-rows.js'
import { type RecordType, SPECS, TYPES } from './staging.js'

// Compiled once per thread (the reading worker's); one per record type, never more.
const VALIDATORS = Object.fromEntries(TYPES.map((type) => [type, Compile(SPECS[type].schema)])) as Record<
  RecordType,
  ReturnType<typeof Compile>
>

export type ParsedRecord = { type: RecordType; row: Value[] } | { errors: string[] }

// NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Where a record holds text that strict JSON parsers or CSV cannot carry (NUL, an unpaired UTF-16
 * surrogate), as a field path; null when it holds none. Both can only come from \u escapes.
 */
function unsafeTextPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : null
  if (typeof value !== 'object' || value === null) return null
  for (const [key, item] of Object.entries(value)) {
    const found = unsafeTextPath(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`)
    if (found !== null) return found
  }
  return null
}

/**
 * Validates one decoded JSON value and returns its staging row, or what is wrong with it.
 * `escapes`: whether its line holds a \u escape (the only way to write NUL or an unpaired
 * surrogate in JSON text); only then is every string looked at.
 */
export function parseRecord(value: unknown, escapes = true): ParsedRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { errors: ['a record must be a JSON object'] }
  }
  const type = (value as { type?: unknown }).type
  if (typeof type !== 'string' || !Object.hasOwn(SPECS, type)) {
    return {
      errors: [
        type === undefined
          ? 'missing field "type"'
          : `unknown record type ${JSON.stringify(type)} (expected one of ${TYPES.join(', ')})`,
      ],
    }
  }
  const recordType = type as RecordType
  const validator = VALIDATORS[recordType]
  if (!validator.Check(value)) return { errors: describe(recordType, validator.Errors(value)) }
  const unsafe = escapes ? unsafeTextPath(value, recordType) : null
  if (unsafe !== null) {
    return {
      errors: [`${unsafe}: text may not hold NUL or an unpaired UTF-16 surrogate (\\u0000, \\ud800…)`],
    }
  }
  const errors: string[] = []
  const row = SPECS[recordType].toRow(value, errors)
  return row === null ? { errors } : { type: recordType, row }
}

interface SchemaError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message: string
}

function describe(type: RecordType, errors: readonly SchemaError[]): string[] {
  const out = new Set<string>()
  const path = (e: SchemaError) =>
    e.instancePath === '' ? type : `${type}${e.instancePath.replaceAll('/', '.')}`
  const nullable = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath))
  for (const e of errors) {
    if (e.keyword === 'boolean') continue
    if (e.keyword === 'additionalProperties') {
      for (const name of e.params.additionalProperties as string[])
        out.add(`${path(e)}: unknown field "${name}"`)
    } else if (e.keyword === 'required') {
      for (const name of e.params.requiredProperties as string[])
        out.add(`${path(e)}: missing field "${name}"`)
    } else if (e.keyword === 'enum') {
      // A nullable enum's values hold null: named apart.
      const allowed = e.params.allowedValues as (string | null)[]
      const values = allowed.filter((value) => value !== null).join(', ')
      out.add(`${path(e)}: must be one of ${values}${allowed.includes(null) ? ', or null' : ''}`)
    } else if (e.keyword === 'pattern') {
      out.add(`${path(e)}: ${patternMeaning(String(e.params.pattern))}`)
    } else if (e.keyword === 'type' && nullable.has(e.instancePath) && e.params.type === 'null') {
      // The "or null" branch of a nullable field: the other branch's error says more.
    } else if (e.keyword === 'anyOf') {
      if (
        ![...errors].some(
          (x) => x.instancePath === e.instancePath && x.keyword !== 'anyOf' && x.keyword !== 'type',
        )
      )
        out.add(`${path(e)}: has the wrong type`)
    } else {
      out.add(`${path(e)}: ${e.message}`)
    }
  }
  return out.size > 0 ? [...out] : [`${type}: is not valid`]
}

function patternMeaning(pattern: string): string {
  if (pattern.includes('[0-9a-fA-F]{8}')) return 'must be a UUID'
  if (pattern.includes('T\\d{2}')) return 'must be a UTC date-time such as 2024-01-13T10:00:00.123456Z'
  if (pattern === '^[A-Z]{2}$') return 'must be an ISO 3166-1 alpha-2 code in upper case'
  return `must match ${pattern}`
}
