// Timestamps travel as text from import to response so that microseconds survive exactly
// (a JavaScript Date keeps only milliseconds). The canonical form is fixed-width, so text order
// is time order, which is what keyset paging and range filters rely on.

const ACCEPTED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/

/** The canonical response form: `2024-01-13T10:00:00.123456Z`. */
export const CANONICAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/**
 * Normalizes a UTC timestamp with 0 to 6 fractional digits to the canonical six-digit form,
 * or returns null when it is not a real UTC date-time.
 * @example canonicalTimestamp('2024-01-13T10:00:00.5Z') // '2024-01-13T10:00:00.500000Z'
 */
export function canonicalTimestamp(value: string): string | null {
  const m = ACCEPTED.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi, s, frac] = m as unknown as string[]
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${(frac ?? '').padEnd(6, '0')}Z`
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** A millisecond instant in canonical form (the last three digits are zero). */
export function timestampFromMillis(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000Z`
}
