// The periods of a series (CONTRACT 17): UTC days, ISO weeks (from Monday) or calendar months, from
// the one holding `from` to the one holding `to`, oldest first. Each point's `start` is inclusive
// and its `end` exclusive, both in the canonical timestamp form.

import type { Interval } from '../domain/time.js'
import { apiError } from '../errors.js'

/** The most points one series answers. */
export const MAX_POINTS = 1000
/** How many points answer when `from` is absent. */
export const DEFAULT_POINTS = 12

export interface Period {
  start: string
  end: string
}

const DAY_MS = 86_400_000
// Date.UTC reads years 0 to 99 as 1900 to 1999: years are set with setUTCFullYear instead.
const utc = (year: number, month: number, day: number): number => new Date(0).setUTCFullYear(year, month, day)
const FIRST_MS = utc(1, 0, 1)
const PAST_LAST_MS = utc(10000, 0, 1)

/** The start of the period of `interval` holding the instant `ms`. */
function periodStart(ms: number, interval: Interval): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS
  if (interval === 'day') return day
  const date = new Date(day)
  if (interval === 'week') return day - ((date.getUTCDay() + 6) % 7) * DAY_MS
  return utc(date.getUTCFullYear(), date.getUTCMonth(), 1)
}

/** The start of the period `n` periods after (or before, n < 0) the one starting at `start`. */
function shift(start: number, interval: Interval, n: number): number {
  if (interval === 'day') return start + n * DAY_MS
  if (interval === 'week') return start + n * 7 * DAY_MS
  const date = new Date(start)
  return utc(date.getUTCFullYear(), date.getUTCMonth() + n, 1)
}

/** How many periods run from the one starting at `first` to the one starting at `last`, both included. */
function countFrom(first: number, last: number, interval: Interval): number {
  if (interval === 'day') return Math.round((last - first) / DAY_MS) + 1
  if (interval === 'week') return Math.round((last - first) / (7 * DAY_MS)) + 1
  const a = new Date(first)
  const b = new Date(last)
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1
}

// Canonical timestamps to and from milliseconds: the microseconds below a millisecond never move
// an instant to another period, which all start on a whole day.
const millisOf = (timestamp: string): number => Date.parse(`${timestamp.slice(0, 23)}Z`)

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const midnight = (year: number, month: number, day: number) =>
  `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T00:00:00.000000Z`

/** The civil date of a day number (days since 1970-01-01), proleptic Gregorian (H. Hinnant's days_from_civil, inverted). */
function civil(days: number): [number, number, number] {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day]
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => pad(n, 2))
const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeap(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

/** The `count` + 1 boundaries of periods of `step` days from the one starting at `first` (ms). */
function dayTexts(first: number, count: number, step: number): string[] {
  const texts: string[] = new Array(count + 1)
  let [year, month, day] = civil(Math.round(first / DAY_MS))
  let yearText = pad(year, 4)
  // The calendar is walked forward a step at a time: a boundary is then one template.
  for (let i = 0; i <= count; i++) {
    texts[i] = `${yearText}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T00:00:00.000000Z`
    day += step
    for (let days = daysIn(year, month); day > days; days = daysIn(year, month)) {
      day -= days
      if (++month > 12) {
        month = 1
        yearText = pad(++year, 4)
      }
    }
  }
  return texts
}

/** The `count` + 1 boundaries of months from the one starting at `first` (ms). */
function monthTexts(first: number, count: number): string[] {
  const date = new Date(first)
  const months = date.getUTCFullYear() * 12 + date.getUTCMonth()
  const texts: string[] = new Array(count + 1)
  for (let i = 0; i <= count; i++) {
    const n = months + i
    texts[i] = midnight(Math.floor(n / 12), (n % 12) + 1, 1)
  }
  return texts
}

/** The instant 1 µs before a period's end: the inclusive upper end of a window over the period. */
export const lastInstantBefore = (end: string): string =>
  `${new Date(millisOf(end) - 1).toISOString().slice(0, 23)}999Z`

/**
 * The periods of a series, oldest first. `to` defaults to `now`; `from` to the start of the period
 * DEFAULT_POINTS − 1 periods before the one holding `to`. 422 when `from` is after `to`, when more
 * than MAX_POINTS would answer, or when a period would lie outside years 1 to 9999.
 */
export function periodsOf(
  interval: Interval,
  from: string | undefined,
  to: string | undefined,
  now: string,
): Period[] {
  const until = to ?? now
  if (from !== undefined && from > until)
    throw apiError('invalid_parameter', `from must not be later than ${to === undefined ? 'now' : 'to'}`, {
      parameter: 'from',
    })
  const last = periodStart(millisOf(until), interval)
  const first =
    from === undefined ? shift(last, interval, 1 - DEFAULT_POINTS) : periodStart(millisOf(from), interval)
  const count = countFrom(first, last, interval)
  if (count > MAX_POINTS)
    throw apiError(
      'invalid_parameter',
      `from and to span ${count} periods of a ${interval}: a series has at most ${MAX_POINTS} points`,
      { parameter: 'from' },
    )
  if (first < FIRST_MS)
    throw apiError('invalid_parameter', 'the series would start before the year 1', {
      parameter: from === undefined ? 'to' : 'from',
    })
  if (shift(last, interval, 1) >= PAST_LAST_MS)
    throw apiError('invalid_parameter', 'the series would end after the year 9999', {
      parameter: to === undefined ? 'from' : 'to',
    })
  // Each boundary is written once, from calendar numbers: formatting Dates is the series' cost.
  const texts =
    interval === 'month' ? monthTexts(first, count) : dayTexts(first, count, interval === 'week' ? 7 : 1)
  const periods: Period[] = new Array(count)
  for (let i = 0; i < count; i++) periods[i] = { start: texts[i] as string, end: texts[i + 1] as string }
  return periods
}
