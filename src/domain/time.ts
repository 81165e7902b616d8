// Timestamps travel as text from import to response so that microseconds survive exactly
// (a JavaScript Date keeps only milliseconds). The canonical form is fixed-width, so text order
// is time order, which is what keyset paging and range filters rely on.

/** The canonical response form: `2024-01-13T10:00:00.123456Z`. */
export const CANONICAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

const ZERO = 48
const DASH = 45
const COLON = 58
const DOT = 46
const T = 84
const Z = 90

/** The number written by the ASCII digits value[from, to), or -1 when one of them is not a digit. */
function digits(value: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const d = value.charCodeAt(i) - ZERO
    if (d < 0 || d > 9) return -1
    n = n * 10 + d
  }
  return n
}

/**
 * Normalizes a UTC timestamp (`YYYY-MM-DDTHH:MM:SS` with 0 to 6 fractional digits and `Z`) to the
 * canonical six-digit form, or returns null when it is not a real UTC date-time. Read character by
 * character: the import calls this for every timestamp of every record.
 * @example canonicalTimestamp('2024-01-13T10:00:00.5Z') // '2024-01-13T10:00:00.500000Z'
 */
export function canonicalTimestamp(value: string): string | null {
  const length = value.length
  // 20 characters without a fraction; a fraction adds a dot and 1 to 6 digits.
  if (length < 20 || length === 21 || length > 27 || value.charCodeAt(length - 1) !== Z) return null
  if (
    value.charCodeAt(4) !== DASH ||
    value.charCodeAt(7) !== DASH ||
    value.charCodeAt(10) !== T ||
    value.charCodeAt(13) !== COLON ||
    value.charCodeAt(16) !== COLON
  )
    return null
  if (length > 20 && (value.charCodeAt(19) !== DOT || digits(value, 20, length - 1) < 0)) return null
  const year = digits(value, 0, 4)
  const month = digits(value, 5, 7)
  const day = digits(value, 8, 10)
  const hour = digits(value, 11, 13)
  const minute = digits(value, 14, 16)
  const second = digits(value, 17, 19)
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null
  if (length === 27) return value
  if (length === 20) return `${value.slice(0, 19)}.000000Z`
  return `${value.slice(0, length - 1).padEnd(26, '0')}Z`
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** A millisecond instant in canonical form (the last three digits are zero). */
export function timestampFromMillis(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000Z`
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** RFC 3339 with 0 to 6 fractional digits: the local time, then `Z` or an offset. */
const RFC_3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?(Z|([+-])(\d{2}):(\d{2}))$/
const MINUTE_MS = 60_000

/**
 * An instant as the contract accepts one where a moment is asked for (CONTRACT 7): an RFC 3339
 * timestamp with `Z` or a `±hh:mm` offset and 0 to 6 fractional digits, or a date (midnight UTC);
 * the canonical timestamp (UTC), or null when it is neither, or not a real date-time.
 * @example instantOf('2024-01-13') // '2024-01-13T00:00:00.000000Z'
 * @example instantOf('2024-01-13T11:00:00.5+01:00') // '2024-01-13T10:00:00.500000Z'
 */
export function instantOf(raw: string): string | null {
  if (DATE.test(raw)) return canonicalTimestamp(`${raw}T00:00:00Z`)
  const parts = RFC_3339.exec(raw)
  if (parts === null) return null
  const [, local = '', fraction = '', zone, sign, hours, minutes] = parts
  // The local time must be real whatever its offset: read as if it were UTC first.
  const utc = canonicalTimestamp(`${local}${fraction}Z`)
  if (utc === null || zone === 'Z') return utc
  const offsetHours = Number(hours)
  const offsetMinutes = Number(minutes)
  if (offsetHours > 23 || offsetMinutes > 59) return null
  const offsetMs = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * MINUTE_MS
  const shifted = new Date(0)
  shifted.setUTCFullYear(Number(local.slice(0, 4)), Number(local.slice(5, 7)) - 1, Number(local.slice(8, 10)))
  shifted.setUTCHours(Number(local.slice(11, 13)), Number(local.slice(14, 16)), Number(local.slice(17, 19)))
  shifted.setTime(shifted.getTime() - offsetMs)
  const year = shifted.getUTCFullYear()
  if (year < 1 || year > 9999) return null
  // The microseconds are the local time's: an offset moves whole minutes.
  return `${String(year).padStart(4, '0')}${shifted.toISOString().slice(-20, -5)}${utc.slice(19)}`
}

/** The lengths of a series' periods (CONTRACT 17), in UTC: a calendar month, an ISO week (from Monday), a day. */
export const INTERVALS = ['month', 'week', 'day'] as const
export type Interval = (typeof INTERVALS)[number]
