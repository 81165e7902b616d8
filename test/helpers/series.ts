// The oracle's side of the history series (CONTRACT 17): periods written out from the calendar,
// not from the server's arithmetic, and the default series (12 months, the last holding now).

const DAY = 86_400_000
const canonical = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000Z`

export interface Period {
  start: string
  end: string
}

/** The periods of `interval` from the one holding `from` to the one holding `to`, oldest first. */
export function periods(interval: 'day' | 'week' | 'month', from: string, to: string): Period[] {
  const startOf = (ms: number) => {
    const d = new Date(ms)
    const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    if (interval === 'day') return day
    if (interval === 'week') return day - ((d.getUTCDay() + 6) % 7) * DAY
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
  }
  const next = (ms: number) => {
    const d = new Date(ms)
    if (interval === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
    return ms + (interval === 'week' ? 7 : 1) * DAY
  }
  const out: Period[] = []
  for (let s = startOf(Date.parse(from)); s <= Date.parse(to); s = next(s))
    out.push({ start: canonical(s), end: canonical(next(s)) })
  return out
}

/** A window's inclusive upper end over a period: 1 µs before its end. */
export const lastMicrosecond = (end: string) =>
  `${new Date(Date.parse(end) - 1).toISOString().slice(0, 23)}999Z`

/** The default series' periods: the 12 months up to the one holding now. */
export function defaultMonths(now = new Date()): Period[] {
  return periods(
    'month',
    canonical(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)),
    canonical(now.getTime()),
  )
}

/** A default state series after one import now: every field null but in the last point, `current`. */
export function stateSeriesNow(current: Record<string, unknown>): Record<string, unknown>[] {
  const months = defaultMonths()
  const nulls = Object.fromEntries(Object.keys(current).map((k) => [k, null]))
  return months.map((p, i) => ({ ...p, ...(i === months.length - 1 ? current : nulls) }))
}

/** A default window series: each month's point, the statistic with its window set to the month. */
export function windowSeriesNow(
  statistic: (window: { after: string; before: string }) => Record<string, unknown>,
): Record<string, unknown>[] {
  return defaultMonths().map((p) => ({
    ...p,
    ...statistic({ after: p.start, before: lastMicrosecond(p.end) }),
  }))
}
