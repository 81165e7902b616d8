// A typed client for the awareness API: one method per operation, transparent paging, retries
// (429/503 after Retry-After, network errors with backoff), typed errors, timeouts, an optional
// ETag cache. Uses the runtime's fetch (Node 18+, browsers); depends on nothing.
//
// @example
// import { AwarenessClient } from '@awareness-api/client'
// const client = new AwarenessClient({ baseUrl: 'https://awareness.example.com' }) // key: AWARENESS_API_KEY
// for await (const employee of client.employees.list({ workspaceId })) console.log(employee.name)

import type { EventFilters } from './filters.js'
import { List, type OpeningPage, type Page } from './list.js'
import { Operations, type Query } from './operations.js'
import type { ResponseInfo } from './response.js'
import type { Event } from './schemas.js'
import { type ClientOptions, Transport } from './transport.js'

export { AwarenessApiError, AwarenessNetworkError } from './errors.js'
export type * from './filters.js'
export { List, type Page } from './list.js'
export type { Query } from './operations.js'
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

export interface FollowOptions extends ListOptions {
  /** How long to wait after the feed's last page before asking again (default 30 s). */
  intervalMs?: number
}

function apiPromise<T>(run: Promise<{ data: T; response: ResponseInfo }>): ApiPromise<T> {
  const data = run.then((r) => r.data) as ApiPromise<T>
  // Whichever of the two the caller awaits carries the failure; the other must not count as unhandled.
  run.catch(() => {})
  data.catch(() => {})
  data.withResponse = () => run
  return data
}

export class AwarenessClient extends Operations {
  private readonly transport: Transport
  /** Each resource's operations (operations.ts, generated), and the feed's `follow`. */
  declare readonly events: Operations['events'] & {
    /**
     * Follows the feed from a stored position: every event after `after`, then, whenever the feed
     * is read to its end, waits and asks again, until `signal` aborts (the iteration then ends).
     * Store each handled event's id and pass it as `after` to resume after a restart. A position
     * older than the retention throws AwarenessApiError with code `event_expired`: read the
     * resources again in full, then follow from the start.
     * @example for await (const event of client.events.follow({ workspaceId, after: await load() })) await save(event.id)
     */
    follow(filters: EventFilters, options?: FollowOptions): AsyncGenerator<Event>
  }

  constructor(options: ClientOptions) {
    super()
    this.transport = new Transport(options)
    Object.assign(this.events, {
      follow: (filters: EventFilters, options: FollowOptions = {}) => this.follow(filters, options),
    })
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

  protected async page<T>(path: string, query: Query, options: PageOptions): Promise<Page<T>> {
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
