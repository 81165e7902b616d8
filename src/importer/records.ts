// Validation of import records (CONTRACT 12): each line is checked as strictly as a response
// would be, then turned into the staging row of its type. References between records are checked
// later, in SQL, against the whole file and the database (see checks.ts).

import Type, { type TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { canonicalTimestamp } from '../domain/time.js'
import {
  CRITICALITIES,
  DELIVERIES,
  EMAIL_SOURCES,
  EMPLOYEE_STATUSES,
  LANGUAGES,
  PROGRESS_STATUSES,
  SECURITY_LEVELS,
  SENTIMENTS,
  THEMES,
} from '../domain/values.js'
import {
  compromisedEmployeeTail,
  courseJson,
  courseReferenceJson,
  employeeJsonParts,
  employeeReferenceJson,
  progressEntryTail,
} from '../render/render.js'
import { Closed, Nullable, StringEnum } from '../schemas/common.js'
import type { RecordType, StagingRow } from './staging.js'

const AnyUuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
})
// Any UTC date-time with 0 to 6 fractional digits; stored in the canonical six-digit form.
const AnyTimestamp = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$' })
const Text = (maxLength = 1000) => Type.String({ maxLength })
const Name = (maxLength = 1000) => Type.String({ minLength: 1, maxLength })
const Count = Type.Integer({ minimum: 0, maximum: 2147483647 })
const Year = Type.Integer({ minimum: 1, maximum: 1000 })

const Ref = Closed({ id: AnyUuid })

const SCHEMAS = {
  organization: Closed({
    type: Type.Literal('organization'),
    id: AnyUuid,
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  workspace: Closed({
    type: Type.Literal('workspace'),
    id: AnyUuid,
    organization_id: AnyUuid,
    name: Name(),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  employee: Type.Object(
    {
      type: Type.Literal('employee'),
      id: AnyUuid,
      name: Nullable(Text()),
      username: Nullable(Text()),
      primary_email_address: Type.Optional(Nullable(Text())),
      email_addresses: Type.Array(
        Closed({ address: Name(), is_primary: Type.Boolean(), source: StringEnum(EMAIL_SOURCES) }),
        { maxItems: 100 },
      ),
      country_code: Nullable(Type.String({ pattern: '^[A-Z]{2}$' })),
      department: Nullable(Closed({ name: Text() })),
      job_title: Nullable(Text()),
      language: Nullable(StringEnum(LANGUAGES)),
      timezone: Name(100),
      status: StringEnum(EMPLOYEE_STATUSES),
      karma: Nullable(Closed({ score: Count, security_level: StringEnum(SECURITY_LEVELS) })),
      manager: Nullable(Ref),
      workspace: Ref,
      created_at: AnyTimestamp,
      updated_at: AnyTimestamp,
    },
    { additionalProperties: false },
  ),
  course: Closed({
    type: Type.Literal('course'),
    workspace_id: AnyUuid,
    id: AnyUuid,
    name: Name(),
    slug: Name(),
    description: Text(20000),
    duration: Count,
    theme: StringEnum(THEMES),
    settings: Type.Array(Closed({ delivery: StringEnum(DELIVERIES), year: Year }), { maxItems: 100 }),
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  course_progress: Closed({
    type: Type.Literal('course_progress'),
    employee_id: AnyUuid,
    course_id: AnyUuid,
    status: Nullable(StringEnum(PROGRESS_STATUSES)),
    years: Type.Array(
      Closed({
        year: Year,
        status: StringEnum(PROGRESS_STATUSES),
        due_at: AnyTimestamp,
        completed_at: Nullable(AnyTimestamp),
      }),
      { maxItems: 100 },
    ),
  }),
  course_feedback: Closed({
    type: Type.Literal('course_feedback'),
    id: AnyUuid,
    employee_id: AnyUuid,
    course_id: AnyUuid,
    sentiment: StringEnum(SENTIMENTS),
    created_at: AnyTimestamp,
  }),
  breach: Closed({
    type: Type.Literal('breach'),
    workspace_id: AnyUuid,
    id: AnyUuid,
    name: Name(),
    domain: Name(),
    criticality: StringEnum(CRITICALITIES),
    last_breached_at: AnyTimestamp,
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  }),
  compromised_employee: Closed({
    type: Type.Literal('compromised_employee'),
    workspace_id: AnyUuid,
    breach_id: AnyUuid,
    employee_id: AnyUuid,
    compromised_at: AnyTimestamp,
    warned_at: Nullable(AnyTimestamp),
    acknowledged_at: Nullable(AnyTimestamp),
    breached_accounts: Type.Array(Closed({ email: Name(), compromised_at: AnyTimestamp }), {
      maxItems: 1000,
    }),
  }),
} satisfies Record<RecordType, TSchema>

export const RECORD_TYPES = Object.keys(SCHEMAS) as RecordType[]

const VALIDATORS = Object.fromEntries(
  Object.entries(SCHEMAS).map(([type, schema]) => [type, Compile(schema as TSchema)]),
) as unknown as Record<RecordType, ReturnType<typeof Compile>>

export type ParsedRecord = { type: RecordType; row: StagingRow } | { errors: string[] }

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
  if (typeof type !== 'string' || !Object.hasOwn(SCHEMAS, type)) {
    return {
      errors: [
        type === undefined
          ? 'missing field "type"'
          : `unknown record type ${JSON.stringify(type)} (expected one of ${RECORD_TYPES.join(', ')})`,
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
  const row = TO_ROW[recordType](value as never, errors)
  return errors.length > 0 ? { errors } : { type: recordType, row }
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
      out.add(`${path(e)}: must be one of ${(e.params.allowedValues as string[]).join(', ')}`)
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

// Conversions from a valid record to its staging row. They also apply the rules a schema cannot
// express (real calendar dates, time-zone names, one primary address, unique years).

type Rec<T extends RecordType> = Type.Static<(typeof SCHEMAS)[T]>

const ts = (value: string, field: string, errors: string[]): string => {
  const canonical = canonicalTimestamp(value)
  if (canonical === null) errors.push(`${field}: ${JSON.stringify(value)} is not a real UTC date-time`)
  return canonical ?? value
}
const nts = (value: string | null, field: string, errors: string[]) =>
  value === null ? null : ts(value, field, errors)
const id = (value: string) => value.toLowerCase()

const timeZones = new Map<string, boolean>()
function isTimeZone(name: string): boolean {
  let known = timeZones.get(name)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name })
      known = true
    } catch {
      known = false
    }
    if (timeZones.size < 10000) timeZones.set(name, known)
  }
  return known
}

const TO_ROW: { [T in RecordType]: (r: Rec<T>, errors: string[]) => StagingRow } = {
  organization: (r, e) => [
    id(r.id),
    ts(r.created_at, 'organization.created_at', e),
    ts(r.updated_at, 'organization.updated_at', e),
  ],
  workspace: (r, e) => [
    id(r.id),
    id(r.organization_id),
    r.name,
    ts(r.created_at, 'workspace.created_at', e),
    ts(r.updated_at, 'workspace.updated_at', e),
  ],
  employee: (r, e) => {
    const primaries = r.email_addresses.filter((a) => a.is_primary)
    if (primaries.length > 1) e.push('employee.email_addresses: at most one address may be primary')
    const primary = primaries[0]?.address ?? null
    if (r.primary_email_address !== undefined && r.primary_email_address !== primary) {
      e.push(
        `employee.primary_email_address: must equal the primary entry of email_addresses (${JSON.stringify(primary)})`,
      )
    }
    if (!isTimeZone(r.timezone))
      e.push(`employee.timezone: ${JSON.stringify(r.timezone)} is not a time-zone name`)
    if (r.manager !== null && id(r.manager.id) === id(r.id))
      e.push('employee.manager: an employee cannot manage itself')
    const row = {
      id: id(r.id),
      workspace_id: id(r.workspace.id),
      name: r.name,
      username: r.username,
      primary_email_address: primary,
      email_addresses: r.email_addresses.map((a) => ({
        address: a.address,
        is_primary: a.is_primary,
        source: a.source,
      })),
      country_code: r.country_code,
      department_name: r.department === null ? null : r.department.name,
      job_title: r.job_title,
      language: r.language,
      timezone: r.timezone,
      status: r.status,
      karma_score: r.karma === null ? null : r.karma.score,
      security_level: r.karma === null ? null : r.karma.security_level,
      manager_id: r.manager === null ? null : id(r.manager.id),
      created_at: ts(r.created_at, 'employee.created_at', e),
      updated_at: ts(r.updated_at, 'employee.updated_at', e),
    }
    if (e.length > 0) return []
    const { head, tail } = employeeJsonParts(row)
    return [
      row.id,
      row.workspace_id,
      row.status,
      row.karma_score,
      row.manager_id,
      row.created_at,
      employeeReferenceJson(row),
      head,
      tail,
    ]
  },
  course: (r, e) => {
    const row = {
      id: id(r.id),
      name: r.name,
      slug: r.slug,
      description: r.description,
      duration: r.duration,
      theme: r.theme,
      settings: r.settings.map((s) => ({ delivery: s.delivery, year: s.year })),
      created_at: ts(r.created_at, 'course.created_at', e),
      updated_at: ts(r.updated_at, 'course.updated_at', e),
    }
    if (e.length > 0) return []
    return [id(r.workspace_id), row.id, row.created_at, courseJson(row), courseReferenceJson(row)]
  },
  course_progress: (r, e) => {
    const years = [...r.years].sort((a, b) => a.year - b.year)
    for (let i = 1; i < years.length; i++) {
      if (years[i]?.year === years[i - 1]?.year)
        e.push(`course_progress.years: year ${years[i]?.year} appears twice`)
    }
    const rendered = years.map((y, i) => ({
      year: y.year,
      status: y.status,
      due_at: ts(y.due_at, `course_progress.years.${i}.due_at`, e),
      completed_at: nts(y.completed_at, `course_progress.years.${i}.completed_at`, e),
    }))
    if (e.length > 0) return []
    return [
      id(r.employee_id),
      id(r.course_id),
      r.status,
      progressEntryTail({ status: r.status, years: rendered }),
    ]
  },
  course_feedback: (r, e) => [
    id(r.id),
    id(r.employee_id),
    id(r.course_id),
    r.sentiment,
    ts(r.created_at, 'course_feedback.created_at', e),
  ],
  breach: (r, e) => [
    id(r.workspace_id),
    id(r.id),
    r.name,
    r.domain,
    r.criticality,
    ts(r.last_breached_at, 'breach.last_breached_at', e),
    ts(r.created_at, 'breach.created_at', e),
    ts(r.updated_at, 'breach.updated_at', e),
  ],
  compromised_employee: (r, e) => {
    const row = {
      compromised_at: ts(r.compromised_at, 'compromised_employee.compromised_at', e),
      warned_at: nts(r.warned_at, 'compromised_employee.warned_at', e),
      acknowledged_at: nts(r.acknowledged_at, 'compromised_employee.acknowledged_at', e),
      breached_accounts: r.breached_accounts.map((a, i) => ({
        email: a.email,
        compromised_at: ts(a.compromised_at, `compromised_employee.breached_accounts.${i}.compromised_at`, e),
      })),
    }
    if (e.length > 0) return []
    return [
      id(r.workspace_id),
      id(r.breach_id),
      id(r.employee_id),
      row.compromised_at,
      row.warned_at,
      row.acknowledged_at,
      compromisedEmployeeTail(row),
    ]
  },
}
