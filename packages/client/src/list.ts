// A whole list, paged by cursor behind an async iterator.

import type { ResponseInfo } from './response.js'

/** One page of a list and the cursor of the next one (null on the last page). */
export interface Page<T> {
  data: T[]
  nextCursor: string | null
  response: ResponseInfo
}

/** A page whose cursor is known (its headers are in) and whose items are still to be read. */
export interface OpeningPage<T> {
  nextCursor: string | null
  response: ResponseInfo
  data(): Promise<T[]>
}

/**
 * A whole list: iterate it for every item, or page by page. Pages are fetched in order, one at a
 * time, and the next one is asked for as soon as this one's cursor arrives (its headers), so the
 * server prepares it while this one's body is read and parsed. Stopping early abandons that request.
 */
export class List<T> implements AsyncIterable<T> {
  /** What the last page's answer said (request id, rate-limit state); null before the first. */
  lastResponse: ResponseInfo | null = null

  constructor(
    private readonly openPage: (cursor: string | null, signal: AbortSignal) => Promise<OpeningPage<T>>,
    private readonly signal?: AbortSignal,
  ) {}

  /** @example for await (const page of list.pages()) console.log(page.data.length, page.response.rateLimit) */
  async *pages(): AsyncGenerator<Page<T>> {
    const abandon = new AbortController()
    const stop = () => abandon.abort(this.signal?.reason)
    if (this.signal?.aborted) stop()
    this.signal?.addEventListener('abort', stop, { once: true })
    let opening: Promise<OpeningPage<T>> | null = this.openPage(null, abandon.signal)
    try {
      while (opening !== null) {
        const page: OpeningPage<T> = await opening
        opening = page.nextCursor === null ? null : this.openPage(page.nextCursor, abandon.signal)
        // Awaited on the next turn; until then its failure must not count as unhandled.
        opening?.catch(() => {})
        this.lastResponse = page.response
        yield { data: await page.data(), nextCursor: page.nextCursor, response: page.response }
      }
    } finally {
      this.signal?.removeEventListener('abort', stop)
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
