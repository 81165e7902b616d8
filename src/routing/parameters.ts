// Query and path parameters, parsed strictly (CONTRACT 7). One definition per parameter gives both
// its published schema (OpenAPI) and its parser, so the two cannot disagree. Fastify's own
// validation is off for these parts: its coercion would accept what the contract refuses (an empty
// value as 0, a repeated parameter, an unknown one).

import Type, { type TSchema } from 'typebox'
import { instantOf } from '../domain/time.js'
import { UUID_PATTERN } from '../domain/uuid.js'
import { ApiError, apiError, type ErrorDetail, echo } from '../errors.js'
import { withoutKeys } from '../keys/format.js'

/** The raw query: every value of every parameter, as sent. */
export type RawQuery = Record<string, string[]>

export interface ParamDef<T, R extends boolean = boolean> {
  schema: TSchema
  required: R
  /** The parsed value, or undefined when the raw value breaks the rule. */
  parse(raw: string): T | undefined
  /** What a valid value looks like, for the error detail. */
  rule: string
  /** A list: given several times, its values count as one comma-separated value (CONTRACT 7). */
  list?: true
}

const UUID = new RegExp(UUID_PATTERN, 'i')

/** An id no row has: what a pseudonym naming nobody is read as (it matches nothing). */
export const NOBODY = '00000000-0000-0000-0000-000000000000'
const MAX_INTEGER = 2147483647
/** The most values a list of ids or codes may hold (each is a bound parameter of the page's statement). */
const MAX_LIST_ITEMS = 100

export const param = {
  /** A required UUID (ids are compared in lower case). */
  uuid(description: string, example?: string): ParamDef<string, true> {
    return {
      schema: Type.String({ format: 'uuid', description, ...(example ? { examples: [example] } : {}) }),
      required: true,
      parse: (raw) => (UUID.test(raw) ? raw.toLowerCase() : undefined),
      rule: 'must be a UUID',
    }
  },
  /** An optional UUID (a filter). */
  optionalUuid(description: string): ParamDef<string, false> {
    return { ...param.uuid(description), required: false }
  },
  nonNegativeInteger(description: string): ParamDef<number, false> {
    return {
      schema: Type.Integer({ minimum: 0, maximum: MAX_INTEGER, description }),
      required: false,
      parse: (raw) => (/^\d{1,10}$/.test(raw) && Number(raw) <= MAX_INTEGER ? Number(raw) : undefined),
      rule: `must be an integer from 0 to ${MAX_INTEGER}`,
    }
  },
  boolean(description: string): ParamDef<boolean, false> {
    return {
      schema: Type.Boolean({ description }),
      required: false,
      parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
      rule: 'must be true or false',
    }
  },
  /**
   * One end of a time window, inclusive: a timestamp in the response form, or a date (midnight UTC).
   * Parsed to the canonical timestamp, so both spellings of one instant mean the same.
   */
  instant(description: string): ParamDef<string, false> {
    return {
      schema: Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2}))?$',
        description:
          `${description} An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits ` +
          '(2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive.',
      }),
      required: false,
      parse: (raw) => instantOf(raw) ?? undefined,
      rule:
        'must be an RFC 3339 timestamp with Z or an offset and at most 6 fractional digits, such as ' +
        '2024-01-13T10:00:00.123456Z or 2024-01-13T11:00:00+01:00, or a date such as 2024-01-13',
    }
  },
  /** One of these values; absent, the first. */
  choice<const V extends readonly string[]>(values: V, description: string): ParamDef<V[number], false> {
    return {
      schema: Type.Unsafe<V[number]>({ type: 'string', enum: [...values], default: values[0], description }),
      required: false,
      parse: (raw) => (values.includes(raw) ? raw : undefined),
      rule: `must be one of: ${values.join(', ')}`,
    }
  },
  /** One of these values, required. */
  requiredChoice<const V extends readonly string[]>(
    values: V,
    description: string,
  ): ParamDef<V[number], true> {
    return {
      schema: Type.Unsafe<V[number]>({ type: 'string', enum: [...values], description }),
      required: true,
      parse: (raw) => (values.includes(raw) ? raw : undefined),
      rule: `must be one of: ${values.join(', ')}`,
    }
  },
  /** An integer from `min` to `max`; absent, `fallback` (which the reader applies). */
  integerBetween(min: number, max: number, fallback: number, description: string): ParamDef<number, false> {
    return {
      schema: Type.Integer({ minimum: min, maximum: max, default: fallback, description }),
      required: false,
      parse: (raw) =>
        /^\d{1,10}$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined,
      rule: `must be an integer from ${min} to ${max}`,
    }
  },
  /** One string of 1 to `maxLength` characters, taken whole: never split, commas included. */
  text(maxLength: number, description: string): ParamDef<string, false> {
    return {
      schema: Type.String({ minLength: 1, maxLength, description }),
      required: false,
      parse: (raw) => (raw.length >= 1 && raw.length <= maxLength ? raw : undefined),
      rule: `must be a string of 1 to ${maxLength} characters`,
    }
  },
  /** A comma-separated list of UUIDs (or the parameter repeated), any of; compared in lower case. */
  uuidList(description: string): ParamDef<string[], false> {
    return {
      schema: Type.Array(Type.String({ format: 'uuid' }), {
        maxItems: MAX_LIST_ITEMS,
        description: `${description} Comma-separated (or the parameter repeated), at most ${MAX_LIST_ITEMS}.`,
      }),
      required: false,
      parse: (raw) => {
        const items = raw.split(',')
        return items.length <= MAX_LIST_ITEMS && items.every((i) => UUID.test(i))
          ? [...new Set(items.map((i) => i.toLowerCase()))].sort()
          : undefined
      },
      rule: `must be a comma-separated list of at most ${MAX_LIST_ITEMS} UUIDs`,
      list: true,
    }
  },
  /** A comma-separated list of values matching `pattern` (or the parameter repeated), any of. */
  patternList(pattern: string, example: string, description: string): ParamDef<string[], false> {
    const item = new RegExp(pattern)
    return {
      schema: Type.Array(Type.String({ pattern }), {
        maxItems: MAX_LIST_ITEMS,
        description: `${description} Comma-separated (or the parameter repeated), at most ${MAX_LIST_ITEMS}.`,
      }),
      required: false,
      parse: (raw) => {
        const items = raw.split(',')
        return items.length <= MAX_LIST_ITEMS && items.every((i) => item.test(i))
          ? [...new Set(items)].sort()
          : undefined
      },
      rule: `must be a comma-separated list of at most ${MAX_LIST_ITEMS} values such as ${example}`,
      list: true,
    }
  },
  /**
   * A comma-separated list of allowed values; duplicates allowed, empty items not. The parameter may
   * also be repeated (`status=a&status=b`, what OpenAPI client generators send): same meaning.
   */
  enumList<const V extends readonly string[]>(values: V, description: string): ParamDef<V[number][], false> {
    return {
      schema: Type.Array(Type.Unsafe<V[number]>({ type: 'string', enum: [...values] }), {
        description: `${description} Comma-separated (or the parameter repeated), any of: ${values.join(', ')}.`,
      }),
      required: false,
      parse: (raw) => {
        const items = raw.split(',')
        return items.every((i) => values.includes(i)) ? [...new Set(items)].sort() : undefined
      },
      rule: `must be a comma-separated list of: ${values.join(', ')}`,
      list: true,
    }
  },
}

export type Parsed<D extends Record<string, ParamDef<unknown>>> = {
  [K in keyof D]: D[K] extends ParamDef<infer T, infer R> ? (R extends true ? T : T | undefined) : never
}

export interface ParameterSet<D extends Record<string, ParamDef<unknown>>> {
  definitions: D
  /** The closed object schema of these parameters, for the OpenAPI document. */
  schema: TSchema
  /** Parses the raw values; collects every problem (with the parameter named) into `problems`. */
  parse(raw: RawQuery, problems: ErrorDetail[]): Parsed<D>
}

export function parameters<D extends Record<string, ParamDef<unknown>>>(definitions: D): ParameterSet<D> {
  const entries = Object.entries(definitions)
  const properties = Object.fromEntries(entries.map(([name, d]) => [name, d.schema]))
  const required = Object.entries(definitions)
    .filter(([, d]) => d.required)
    .map(([name]) => name)
  return {
    definitions,
    schema: Type.Unsafe({ type: 'object', properties, required, additionalProperties: false }),
    parse(raw, problems) {
      const out: Record<string, unknown> = {}
      for (const name in raw) {
        if (!Object.hasOwn(definitions, name)) {
          problems.push({
            detail: `${echo(withoutKeys(name))} is not a parameter of this endpoint`,
            source: { parameter: echo(withoutKeys(name)) },
          })
        }
      }
      for (const [name, definition] of entries) {
        const values = raw[name]
        if (values === undefined) {
          if (definition.required)
            problems.push({ detail: `${name} is required`, source: { parameter: name } })
          continue
        }
        if (values.length > 1 && !definition.list) {
          problems.push({ detail: `${name} is given more than once`, source: { parameter: name } })
          continue
        }
        const value = definition.parse(values.join(','))
        if (value === undefined)
          problems.push({ detail: `${name} ${definition.rule}`, source: { parameter: name } })
        else out[name] = value
      }
      return out as Parsed<D>
    },
  }
}

/** A time window's two ends, both optional: one that starts after it ends is a 422 naming `after`. */
export function checkWindow(
  [afterName, after]: [string, string | undefined],
  [beforeName, before]: [string, string | undefined],
): void {
  if (after !== undefined && before !== undefined && after > before)
    throw apiError('invalid_parameter', `${afterName} must not be later than ${beforeName}`, {
      parameter: afterName,
    })
}

/** A window on created_at (CONTRACT 15, 16), both ends inclusive, as parsed: canonical timestamps. */
export interface CreatedWindow {
  created_after?: string | undefined
  created_before?: string | undefined
}

/** The parameters of a CreatedWindow: `things` says what it keeps (`campaigns created`). */
export const createdWindow = (things: string) => ({
  created_after: param.instant(`Only ${things} at or after this time.`),
  created_before: param.instant(`Only ${things} at or before this time.`),
})

/** A CreatedWindow that starts after it ends is a 422. */
export const checkCreatedWindow = (q: CreatedWindow): void =>
  checkWindow(['created_after', q.created_after], ['created_before', q.created_before])

/** Throws one 422 listing every problem, when there is any. */
export function throwProblems(problems: readonly ErrorDetail[]): void {
  if (problems.length > 0) throw new ApiError('invalid_parameter', problems)
}

/** What the plain reading cannot take: an encoded character, a space as '+', a leading '?' (dropped). */
const PLAIN_QUERY_BREAKS = /^\?|[%+]/

/**
 * Parses a query string keeping every value of every name, so that a repeated parameter can be
 * refused instead of silently taking one of its values.
 */
export function parseQueryString(query: string): RawQuery {
  // No prototype: a parameter named __proto__ is just an unknown parameter.
  const out: RawQuery = Object.create(null)
  // Nothing encoded (no '%', no '+'): the pairs as they stand, which is what URLSearchParams reads.
  if (!PLAIN_QUERY_BREAKS.test(query)) {
    for (const pair of query.split('&')) {
      if (pair === '') continue
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      const value = equals === -1 ? '' : pair.slice(equals + 1)
      const list = out[name]
      if (list) list.push(value)
      else out[name] = [value]
    }
    return out
  }
  for (const [name, value] of new URLSearchParams(query)) {
    const list = out[name]
    if (list) list.push(value)
    else out[name] = [value]
  }
  return out
}
