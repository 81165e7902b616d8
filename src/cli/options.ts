// Flag and argument parsers shared by the commands. A value of the wrong form is a usage error
// (exit 2, CONTRACT 13): parsers throw commander's InvalidArgumentError, and a rule that spans
// several options throws UsageError.

import { InvalidArgumentError } from 'commander'
import { parseDuration, parseRateLimit } from '../config/config.js'
import { canonicalTimestamp } from '../domain/time.js'
import { UUID_PATTERN } from '../domain/uuid.js'
import { canonicalRange } from '../keys/allow-list.js'
import { CliError } from './output.js'

const UUID = new RegExp(UUID_PATTERN, 'i')

/** A usage error found once the options are parsed (an option that needs another, say). */
export class UsageError extends CliError {}

/** A commander parser for a UUID flag or argument, lower-cased. */
export function uuid(value: string): string {
  if (!UUID.test(value)) throw new InvalidArgumentError('not a UUID')
  return value.toLowerCase()
}

/** A commander parser for an integer from 1 to `max`. */
export const positiveInteger = (max: number) => integerBetween(1, max)

/** A commander parser for an integer from `min` to `max`. */
export function integerBetween(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`)
    }
    return Number(value)
  }
}

/** A commander parser for a duration such as `90d`, `12h`, `30m` or `45s`, in seconds. */
export function duration(value: string): number {
  const seconds = parseDuration(value)
  if (seconds === null) throw new InvalidArgumentError('must look like 90d, 12h, 30m or 45s')
  return seconds
}

/** Like `duration`, where zero (`0s`, `0m`, `0h`, `0d`) means "now". */
export function durationOrNow(value: string): number {
  if (/^0+[smhd]$/.test(value)) return 0
  const seconds = parseDuration(value)
  if (seconds === null) throw new InvalidArgumentError('must look like 24h, 30m, 45s or 0s (now)')
  return seconds
}

/** A commander parser for a request budget such as `1200/60s`, kept as written. */
export function budget(value: string): string {
  if (parseRateLimit(value) === null) throw new InvalidArgumentError('must look like 1200/60s')
  return value
}

/** A commander parser for a comma-separated list of values taken from `allowed`. */
export function listOf<T extends string>(allowed: readonly T[], noun: string) {
  return (value: string): T[] => {
    const items = value.split(',').map((s) => s.trim())
    const unknown = items.filter((s) => !(allowed as readonly string[]).includes(s))
    if (unknown.length > 0 || items.length === 0)
      throw new InvalidArgumentError(
        `unknown ${noun} ${unknown.join(', ') || '(empty)'}; allowed: ${allowed.join(', ')}`,
      )
    return [...new Set(items)] as T[]
  }
}

/** A commander parser for comma-separated IPv4/IPv6 addresses or CIDR ranges, made canonical. */
export function addressRanges(value: string): string[] {
  const ranges = value.split(',').map((s) => s.trim())
  const canonical = ranges.map(canonicalRange)
  const wrong = ranges.filter((_, i) => canonical[i] === null)
  if (wrong.length > 0)
    throw new InvalidArgumentError(
      `not an address or CIDR range: ${wrong.join(', ') || '(empty)'} (such as 192.0.2.0/24 or 2001:db8::/32)`,
    )
  return [...new Set(canonical as string[])]
}

/** A commander parser for an instant: a UTC timestamp or a date (midnight UTC), canonical. */
export function instant(value: string): string {
  const at = canonicalTimestamp(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (at === null) throw new InvalidArgumentError('must be a UTC time such as 2026-12-01T09:00:00Z or a date')
  return at
}

export const DATABASE_FLAG = [
  '--database <url>',
  'database URL or SQLite path (overrides DATABASE_URL)',
] as const
