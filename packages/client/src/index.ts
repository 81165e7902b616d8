// A typed client for the awareness API: one method per operation, transparent paging, retries
// (429/503 after Retry-After, network errors with backoff), typed errors, timeouts, an optional
// ETag cache. Uses the runtime's fetch (Node 18+, browsers); depends on nothing.
//
// @example
// import { AwarenessClient } from '@awareness-api/client'
// const client = new AwarenessClient({ baseUrl: 'https://awareness.example.com' }) // key: AWARENESS_API_KEY
// for await (const employee of client.employees.list({ workspaceId })) console.log(employee.name)

import { List, type OpeningPage, type Page } from './list.js'
import type { ResponseInfo } from './response.js'
import { type ClientOptions, Transport } from './transport.js'
import type {
  Breach,
  BreachStatus,
  CompromisedEmployee,
  Course,
  Employee,
  EmployeeCourseProgress,
  EmployeeStatus,
  Event,
  EventType,
  Organization,
  Statistics,
} from './types.js'

export { AwarenessApiError, AwarenessNetworkError } from './errors.js'
export { List, type Page } from './list.js'
export type { RateLimitState, ResponseInfo } from './response.js'
export type { ClientOptions } from './transport.js'
export type * from './types.js'
export { VERSION } from './version.js'

export interface CallOptions {
  /** Abandons the call (its retries and waits included); the call then rejects with the signal's reason. */
  signal?: AbortSignal
}

export interface ListOptions extends CallOptions {
  /** Items per page (the API's default when absent). */
  limit?: number
}

export interface PageOptions extends ListOptions {
  /** The nextCursor of the previous page. */
  cursor?: string | null
}

/** The result of a single call: await it for the object, or `withResponse()` for the answer's details too. */
export type ApiPromise<T> = Promise<T> & {
  /** @example const { data, response } = await client.organization.get().withResponse() */
  withResponse(): Promise<{ data: T; response: ResponseInfo }>
}

export interface EmployeeFilters {
  workspaceId: string
  status?: readonly EmployeeStatus[]
  karmaScoreGte?: number
  karmaScoreLte?: number
}

export interface BreachFilters {
  workspaceId: string
  status?: readonly BreachStatus[]
}

export interface CompromisedFilters {
  breachId: string
  workspaceId: string
  warned?: boolean
  acknowledged?: boolean
}

export interface EventFilters {
  workspaceId: string
  /** Only these event types. */
  types?: readonly EventType[]
  /** The id of the last event handled: the feed resumes after it (from the oldest kept when absent). */
  after?: string | null
}

export interface FollowOptions extends ListOptions {
  /** How long to wait after the feed's last page before asking again (default 30 s). */
  intervalMs?: number
}

/** Query parameters by name; undefined ones are left out. */
export type Query = Record<string, string | undefined>

function apiPromise<T>(run: Promise<{ data: T; response: ResponseInfo }>): ApiPromise<T> {
  const data = run.then((r) => r.data) as ApiPromise<T>
  // Whichever of the two the caller awaits carries the failure; the other must not count as unhandled.
  run.catch(() => {})
  data.catch(() => {})
  data.withResponse = () => run
  return data
}

export class AwarenessClient {
  private readonly transport: Transport

  constructor(options: ClientOptions) {
    this.transport = new Transport(options)
  }

  /**
   * Any operation answering one object, by path: what the typed methods use, for tools that loop
   * over the API's operations (the CLI's export).
   * @example const organization = await client.request('/v1/organization')
   */
  request<T = unknown>(path: string, query: Query = {}, options: CallOptions = {}): ApiPromise<T> {
    return apiPromise(
      this.transport.get(path, query, {}, options.signal).then((answer) => ({
        data: (answer.body as { data: T }).data,
        response: answer.response,
      })),
    )
  }

  private async openPage<T>(
    path: string,
    query: Query,
    options: PageOptions,
    signal: AbortSignal | undefined,
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
      response: answer.response,
      data: async () => ((await answer.body()) as { data: T[] }).data,
    }
  }

  private async page<T>(path: string, query: Query, options: PageOptions): Promise<Page<T>> {
    const page = await this.openPage<T>(path, query, options, options.signal)
    return { data: await page.data(), nextCursor: page.nextCursor, response: page.response }
  }

  /**
   * Every item of any list operation, by path, page after page (as `request` for one object).
   * @example for await (const item of client.paginate('/v1/courses', { workspace_id })) …
   */
  paginate<T = unknown>(path: string, query: Query = {}, options: ListOptions = {}): List<T> {
    return new List<T>(
      (cursor, signal) => this.openPage<T>(path, query, { limit: options.limit, cursor }, signal),
      options.signal,
    )
  }

  readonly organization = {
    /** @example const { workspaces } = await client.organization.get() */
    get: (options: CallOptions = {}) => this.request<Organization>('/v1/organization', {}, options),
  }

  readonly employees = {
    /** @example for await (const employee of client.employees.list({ workspaceId, status: ['active'] })) … */
    list: (filters: EmployeeFilters, options: ListOptions = {}) =>
      this.paginate<Employee>('/v1/employees', employeeQuery(filters), options),
    page: (filters: EmployeeFilters, options: PageOptions = {}) =>
      this.page<Employee>('/v1/employees', employeeQuery(filters), options),
    get: (employeeId: string, options: CallOptions = {}) =>
      this.request<Employee>(`/v1/employees/${encodeURIComponent(employeeId)}`, {}, options),
  }

  readonly courses = {
    list: (filters: { workspaceId: string }, options: ListOptions = {}) =>
      this.paginate<Course>('/v1/courses', { workspace_id: filters.workspaceId }, options),
    page: (filters: { workspaceId: string }, options: PageOptions = {}) =>
      this.page<Course>('/v1/courses', { workspace_id: filters.workspaceId }, options),
    /** Each employee's progress in every course of the workspace. */
    progress: (filters: { workspaceId: string }, options: ListOptions = {}) =>
      this.paginate<EmployeeCourseProgress>(
        '/v1/courses/employees_progress',
        { workspace_id: filters.workspaceId },
        options,
      ),
    progressPage: (filters: { workspaceId: string }, options: PageOptions = {}) =>
      this.page<EmployeeCourseProgress>(
        '/v1/courses/employees_progress',
        { workspace_id: filters.workspaceId },
        options,
      ),
    /** @example const { active_employees } = await client.courses.statistics({ workspaceId }) */
    statistics: (filters: { workspaceId: string }, options: CallOptions = {}) =>
      this.request<Statistics>('/v1/courses/statistics', { workspace_id: filters.workspaceId }, options),
  }

  readonly breaches = {
    list: (filters: BreachFilters, options: ListOptions = {}) =>
      this.paginate<Breach>('/v1/breaches', breachQuery(filters), options),
    page: (filters: BreachFilters, options: PageOptions = {}) =>
      this.page<Breach>('/v1/breaches', breachQuery(filters), options),
    /** @example for await (const c of client.breaches.compromisedEmployees({ breachId, workspaceId, acknowledged: false })) … */
    compromisedEmployees: (filters: CompromisedFilters, options: ListOptions = {}) =>
      this.paginate<CompromisedEmployee>(compromisedPath(filters), compromisedQuery(filters), options),
    compromisedEmployeesPage: (filters: CompromisedFilters, options: PageOptions = {}) =>
      this.page<CompromisedEmployee>(compromisedPath(filters), compromisedQuery(filters), options),
  }

  readonly events = {
    /**
     * The events after `after`, oldest first, to the newest recorded so far.
     * @example for await (const event of client.events.list({ workspaceId, after: stored })) handle(event)
     */
    list: (filters: EventFilters, options: ListOptions = {}) =>
      this.paginate<Event>('/v1/events', eventQuery(filters), options),
    page: (filters: EventFilters, options: PageOptions = {}) =>
      this.page<Event>('/v1/events', eventQuery(filters), options),
    /**
     * Follows the feed from a stored position: every event after `after`, then, whenever the feed
     * is read to its end, waits and asks again, until `signal` aborts (the iteration then ends).
     * Store each handled event's id and pass it as `after` to resume after a restart. A position
     * older than the retention throws AwarenessApiError with code `event_expired`: read the
     * resources again in full, then follow from the start.
     * @example for await (const event of client.events.follow({ workspaceId, after: await load() })) await save(event.id)
     */
    follow: (filters: EventFilters, options: FollowOptions = {}) => this.follow(filters, options),
  }

  private async *follow(filters: EventFilters, options: FollowOptions): AsyncGenerator<Event> {
    let after = filters.after ?? null
    const { signal } = options
    try {
      while (!signal?.aborted) {
        for await (const event of this.events.list({ ...filters, after }, options)) {
          yield event
          after = event.id
          if (signal?.aborted) return
        }
        await pause(options.intervalMs ?? 30_000, signal)
      }
    } catch (error) {
      if (signal?.aborted) return
      throw error
    }
  }
}

function employeeQuery(f: EmployeeFilters): Query {
  return {
    workspace_id: f.workspaceId,
    status: f.status?.join(','),
    karma_score_gte: f.karmaScoreGte === undefined ? undefined : String(f.karmaScoreGte),
    karma_score_lte: f.karmaScoreLte === undefined ? undefined : String(f.karmaScoreLte),
  }
}

function breachQuery(f: BreachFilters): Query {
  return { workspace_id: f.workspaceId, status: f.status?.join(',') }
}

function eventQuery(f: EventFilters): Query {
  return { workspace_id: f.workspaceId, type: f.types?.join(','), after: f.after ?? undefined }
}

function compromisedPath(f: CompromisedFilters): string {
  return `/v1/breaches/${encodeURIComponent(f.breachId)}/compromised-employees`
}

function compromisedQuery(f: CompromisedFilters): Query {
  return {
    workspace_id: f.workspaceId,
    warned: f.warned === undefined ? undefined : String(f.warned),
    acknowledged: f.acknowledged === undefined ? undefined : String(f.acknowledged),
  }
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
