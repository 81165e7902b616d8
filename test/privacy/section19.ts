// CONTRACT 19 written again from its words, independently of src/privacy: what an aggregate key
// with minimum group size `min` is shown of an identified statistics answer (the table of the
// amended section: each figure judged by the employees it describes), given the populations the
// test counts from the records it imported.

import { PERSONAL_FIELDS } from '../helpers/disclosure.js'

type Json = Record<string, unknown>

/**
 * A value of an identified answer as a pseudonymous reader sees it: a person (an object with an id
 * and a username or address) by their pseudonym, their personal fields emptied; a breached
 * account's address null; everything else as it is.
 */
export function pseudonymousOf(value: unknown, pseudonyms: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => pseudonymousOf(v, pseudonyms))
  if (value === null || typeof value !== 'object') return value
  const o = value as Json
  const person = typeof o.id === 'string' && ('username' in o || 'primary_email_address' in o)
  const out: Json = {}
  for (const [k, v] of Object.entries(o)) {
    if (person && k === 'id') {
      const pseudonym = pseudonyms.get(v as string)
      if (pseudonym === undefined) throw new Error(`no pseudonym kept for ${v}`)
      out[k] = pseudonym
    } else if (person && PERSONAL_FIELDS.includes(k)) out[k] = Array.isArray(v) ? [] : null
    else if (k === 'breached_accounts') out[k] = (v as Json[]).map((a) => ({ ...a, email: null }))
    else out[k] = pseudonymousOf(v, pseudonyms)
  }
  return out
}

/** The employees each statistic's narrower figures describe that its answer does not publish. */
export interface Unpublished {
  /** Active employees with a karma score (employees statistics). */
  karmaScored?: number
  /** The workspace's employees with a feedback in the 90 days (courses statistics). */
  feedbackGivers?: number
}

const nullNumbers = (value: unknown): unknown =>
  typeof value === 'number'
    ? null
    : Array.isArray(value)
      ? value.map(nullNumbers)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullNumbers(v)]))
        : value

/** `answer` (a statistics answer or one point of its series, start and end kept) as such a key sees it. */
export function aggregateStatistic(
  statistic: 'employees' | 'courses' | 'campaigns' | 'breaches' | 'inbox_tickets',
  answer: Json,
  population: number,
  unpublished: Unpublished,
  min: number,
): Json {
  const { start, end, ...figures } = answer
  const period = start === undefined ? {} : { start, end }
  if (population < min) return { ...period, ...(nullNumbers(figures) as Json) }
  const out: Json = structuredClone(figures)
  const small = (n: unknown) => typeof n !== 'number' || n < min
  if (statistic === 'employees' && small(unpublished.karmaScored)) out.average_karma_score = null
  if (statistic === 'courses' && small(unpublished.feedbackGivers))
    for (const k of ['positive_feedbacks', 'neutral_feedbacks', 'negative_feedbacks']) out[k] = null
  if (statistic === 'campaigns' && small(figures.employees_attacked_count)) {
    out.attack_events_per_employee = nullNumbers(figures.attack_events_per_employee)
    out.vulnerability_rate = null
    out.reporting_rate = null
  }
  if (statistic === 'breaches' && small(figures.impacted_employees_count)) {
    out.warned_employees_count = null
    out.acknowledged_employees_count = null
  }
  if (statistic === 'inbox_tickets') {
    const reports = figures.reports as Json
    if (small(reports.reporters_count)) {
      out.reports = { ...reports, total_count: null }
      out.tickets = nullNumbers(figures.tickets)
    }
  }
  return { ...period, ...out }
}

/** A group's karma history point as such a key sees it: `averaged` the members its mean covers. */
export function aggregateGroupPoint(point: Json, averaged: number | undefined, min: number): Json {
  const { employees_count: count } = point
  if (typeof count === 'number' && count < min)
    return { ...point, employees_count: null, average_karma_score: null }
  if (typeof count === 'number' && (averaged === undefined || averaged < min))
    return { ...point, average_karma_score: null }
  return point
}
