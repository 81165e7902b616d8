// A typed client for the awareness API: one method per operation, transparent paging, retries
// (429/503 after Retry-After, network errors with backoff), typed errors, timeouts. Uses the built-in
// fetch of Node 20+; depends on nothing of the server.
//
// @example
// import { AwarenessClient } from 'awareness-api/client'
// const client = new AwarenessClient({ baseUrl: 'https://api.example.com', apiKey: process.env.AWARENESS_API_KEY })
// for await (const employee of client.employees.list({ workspaceId })) console.log(employee.name)

import type { Breach, CompromisedEmployee } from '../resources/breaches/schema.js'
import type { Course, EmployeeCourseProgress, Statistics } from '../resources/courses/schema.js'
import type { Employee } from '../resources/employees/schema.js'
import type { Event } from '../resources/events/schema.js'
import type { Organization } from '../resources/organization/schema.js'
import { type Answer, Transport, type TransportOptions } from './transport.js'

export { AwarenessApiError, AwarenessNetworkError } from './errors.js'
export type {
  Breach,
  CompromisedEmployee,
  Course,
  Employee,
  EmployeeCourseProgress,
  Event,
  Organization,
  Statistics,
}
export type ClientOptions = TransportOptions

export type EmployeeStatus = Employee['status']
export type BreachStatus = Breach['status']

/** One page of a list and the cursor of the next one (null on the last page). */
export interface Page<T> {
  data: T[]
  nextCursor: string | null
}

export interface PageOptions {
  /** Items per page (the API's default when absent). */
  limit?: number
  /** The nextCursor of the previous page. */
  cursor?: string | null
}

/** A page whose cursor is known (its headers are in) and whose items are still to be read. */
export interface OpeningPage<T> {
  nextCursor: string | null
  data(): Promise<T[]>
}

/**
 * A whole list: iterate it for every item, or page by page. Pages are fetched in order, one at a
 * time, and the next one is asked for as soon as this one's cursor arrives (its headers), so the
 * server prepares it while this one's body is read and parsed. Stopping early abandons that request.
 */
export class List<T> implements AsyncIterable<T> {
  constructor(
    private readonly openPage: (cursor: string | null, signal: AbortSignal) => Promise<OpeningPage<T>>,
  ) {}

  /** @example for await (const page of list.pages()) console.log(page.data.length) */
  async *pages(): AsyncGenerator<Page<T>> {
    const abandon = new AbortController()
    let opening: Promise<OpeningPage<T>> | null = this.openPage(null, abandon.signal)
    try {
      while (opening !== null) {
        const page: OpeningPage<T> = await opening
        opening = page.nextCursor === null ? null : this.openPage(page.nextCursor, abandon.signal)
        // Awaited on the next turn; until then its failure must not count as unhandled.
        opening?.catch(() => {})
        yield { data: await page.data(), nextCursor: page.nextCursor }
      }
    } finally {
      abandon.abort()
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data
  }

  /** Every item in memory: only for lists known to be small. */
  async toArray(): Promise<T[]> {
    const items: T[] = []
    for await (const item of this) items.push(item)
    return items
  }
}

export interface EmployeeFilters {
  workspaceId: string
  status?: readonly EmployeeStatus[]
  karmaScoreGte?: number
  karmaScoreLte?: number
}

export interface EventFilters {
  workspaceId: string
  /** Only these event types. */
  types?: readonly Event['type'][]
  /** The id of the last event handled: the feed resumes after it (from the oldest kept when absent). */
  after?: string | null
}

export interface FollowOptions {
  /** How long to wait after the feed's last page before asking again (default 30 s). */
  intervalMs?: number
  /** Stops following (the iteration then ends). */
  signal?: AbortSignal
  limit?: number
}

export interface CompromisedFilters {
  breachId: string
  workspaceId: string
  warned?: boolean
  acknowledged?: boolean
}

export class AwarenessClient {
  private readonly transport: Transport

  constructor(options: ClientOptions) {
    this.transport = new Transport(options)
  }

  private async page<T>(
    path: string,
    query: Record<string, string | undefined>,
    options: PageOptions,
  ): Promise<Page<T>> {
    const page = await this.openPage<T>(path, query, options)
    return { data: await page.data(), nextCursor: page.nextCursor }
  }

  private async openPage<T>(
    path: string,
    query: Record<string, string | undefined>,
    options: PageOptions,
    signal?: AbortSignal,
  ): Promise<OpeningPage<T>> {
    const answer = await this.transport.open(
      path,
      query,
      {
        'x-item-limit': options.limit === undefined ? undefined : String(options.limit),
        'x-next-cursor': options.cursor ?? undefined,
      },
      signal,
    )
    return {
      nextCursor: answer.headers.get('x-next-cursor'),
      data: async () => ((await answer.body()) as { data: T[] }).data,
    }
  }

  private async item<T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> {
    const answer: Answer = await this.transport.get(path, query)
    return (answer.body as { data: T }).data
  }

  private list<T>(path: string, query: Record<string, string | undefined>, limit?: number): List<T> {
    return new List((cursor, signal) => this.openPage<T>(path, query, { limit, cursor }, signal))
  }

  readonly employees = {
    /** @example for await (const e of client.employees.list({ workspaceId, status: ['active'] })) … */
    list: (filters: EmployeeFilters, options: { limit?: number } = {}) =>
      this.list<Employee>('/v1/employees', employeeQuery(filters), options.limit),
    /** @example const { data, nextCursor } = await client.employees.page({ workspaceId }, { limit: 100 }) */
    page: (filters: EmployeeFilters, options: PageOptions = {}) =>
      this.page<Employee>('/v1/employees', employeeQuery(filters), options),
    /** @example const employee = await client.employees.get(employeeId) */
    get: (employeeId: string) => this.item<Employee>(`/v1/employees/${encodeURIComponent(employeeId)}`),
  }

  readonly courses = {
    list: (filters: { workspaceId: string }, options: { limit?: number } = {}) =>
      this.list<Course>('/v1/courses', { workspace_id: filters.workspaceId }, options.limit),
    page: (filters: { workspaceId: string }, options: PageOptions = {}) =>
      this.page<Course>('/v1/courses', { workspace_id: filters.workspaceId }, options),
    /** Every employee of the workspace with their course progress. */
    progress: (filters: { workspaceId: string }, options: { limit?: number } = {}) =>
      this.list<EmployeeCourseProgress>(
        '/v1/courses/employees_progress',
        { workspace_id: filters.workspaceId },
        options.limit,
      ),
    progressPage: (filters: { workspaceId: string }, options: PageOptions = {}) =>
      this.page<EmployeeCourseProgress>(
        '/v1/courses/employees_progress',
        { workspace_id: filters.workspaceId },
        options,
      ),
    /** @example const { active_employees } = await client.courses.statistics({ workspaceId }) */
    statistics: (filters: { workspaceId: string }) =>
      this.item<Statistics>('/v1/courses/statistics', { workspace_id: filters.workspaceId }),
  }

  readonly breaches = {
    list: (
      filters: { workspaceId: string; status?: readonly BreachStatus[] },
      options: { limit?: number } = {},
    ) => this.list<Breach>('/v1/breaches', breachQuery(filters), options.limit),
    page: (filters: { workspaceId: string; status?: readonly BreachStatus[] }, options: PageOptions = {}) =>
      this.page<Breach>('/v1/breaches', breachQuery(filters), options),
    /** @example for await (const c of client.breaches.compromisedEmployees({ breachId, workspaceId, acknowledged: false })) … */
    compromisedEmployees: (filters: CompromisedFilters, options: { limit?: number } = {}) =>
      this.list<CompromisedEmployee>(compromisedPath(filters), compromisedQuery(filters), options.limit),
    compromisedEmployeesPage: (filters: CompromisedFilters, options: PageOptions = {}) =>
      this.page<CompromisedEmployee>(compromisedPath(filters), compromisedQuery(filters), options),
  }

  readonly events = {
    /**
     * The events after `after`, oldest first, to the newest recorded so far.
     * @example for await (const event of client.events.list({ workspaceId, after: stored })) handle(event)
     */
    list: (filters: EventFilters, options: { limit?: number } = {}) =>
      this.list<Event>('/v1/events', eventQuery(filters), options.limit),
    page: (filters: EventFilters, options: PageOptions = {}) =>
      this.page<Event>('/v1/events', eventQuery(filters), options),
    /**
     * Follows the feed from a stored position: every event after `after`, then, whenever the feed
     * is read to its end, waits and asks again, until `signal` aborts. Store each handled event's id
     * and pass it as `after` to resume after a restart. A position older than the retention throws
     * AwarenessApiError with code `event_expired`: read the resources again in full, then follow from
     * the start.
     * @example for await (const event of client.events.follow({ workspaceId, after: await load() })) await save(event.id)
     */
    follow: (filters: EventFilters, options: FollowOptions = {}) => this.follow(filters, options),
  }

  private async *follow(filters: EventFilters, options: FollowOptions): AsyncGenerator<Event> {
    let after = filters.after ?? null
    const { signal } = options
    while (!signal?.aborted) {
      for await (const event of this.events.list({ ...filters, after }, { limit: options.limit })) {
        yield event
        after = event.id
        if (signal?.aborted) return
      }
      await pause(options.intervalMs ?? 30_000, signal)
    }
  }

  readonly organization = {
    /** @example const { workspaces } = await client.organization.get() */
    get: () => this.item<Organization>('/v1/organization'),
  }
}

function employeeQuery(f: EmployeeFilters): Record<string, string | undefined> {
  return {
    workspace_id: f.workspaceId,
    status: f.status?.join(','),
    karma_score_gte: f.karmaScoreGte === undefined ? undefined : String(f.karmaScoreGte),
    karma_score_lte: f.karmaScoreLte === undefined ? undefined : String(f.karmaScoreLte),
  }
}

function breachQuery(f: {
  workspaceId: string
  status?: readonly BreachStatus[]
}): Record<string, string | undefined> {
  return { workspace_id: f.workspaceId, status: f.status?.join(',') }
}

function eventQuery(f: EventFilters): Record<string, string | undefined> {
  return { workspace_id: f.workspaceId, type: f.types?.join(','), after: f.after ?? undefined }
}

/** Waits `ms`, or less when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}

function compromisedPath(f: CompromisedFilters): string {
  return `/v1/breaches/${encodeURIComponent(f.breachId)}/compromised-employees`
}

function compromisedQuery(f: CompromisedFilters): Record<string, string | undefined> {
  return {
    workspace_id: f.workspaceId,
    warned: f.warned === undefined ? undefined : String(f.warned),
    acknowledged: f.acknowledged === undefined ? undefined : String(f.acknowledged),
  }
}
