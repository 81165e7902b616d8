// One request with timeouts and bounded retries: 429 and 503 are retried after their Retry-After,
// network failures and timeouts after an exponential backoff with full jitter. Optionally answers
// from an ETag cache: a 304 costs none of the key's budget.

import { AwarenessApiError, AwarenessNetworkError } from './errors.js'
import { type ResponseInfo, rateLimitOf, responseInfo } from './response.js'
import type { ErrorEntry } from './types.js'
import { VERSION } from './version.js'

export interface ClientOptions {
  /** The server's address, e.g. `https://awareness.example.com`. */
  baseUrl: string
  /** The API key; read from the AWARENESS_API_KEY environment variable when absent (Node). */
  apiKey?: string
  /** Per attempt; default 30 s. */
  timeoutMs?: number
  /** Retries after the first attempt; default 5. */
  maxRetries?: number
  /** No single wait is longer; a Retry-After beyond it fails at once. Default 60 s. */
  maxRetryDelayMs?: number
  /** First backoff step; default 500 ms (doubling, with jitter). */
  retryBaseMs?: number
  /** Your application's name and version, put first in the User-Agent: `acme-siem-sync/2.1`. */
  userAgent?: string
  /**
   * Remember each answer's ETag and send it back (If-None-Match): an unchanged answer comes back
   * as 304, costs none of the key's budget, and is served from memory. `true` keeps up to 1,000
   * answers; a number sets the bound. Default off.
   */
  etagCache?: boolean | number
  fetch?: typeof fetch
  /** Called before each wait (for logs and progress displays). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void
}

/** A successful answer whose body has not been read yet. */
export interface OpenAnswer {
  response: ResponseInfo
  headers: Headers
  /** Reads and parses the body (once). */
  body(): Promise<unknown>
}

const RETRIED = new Set([429, 503])

function retryAfterMs(value: string | null): number | null {
  if (value === null) return null
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}

type Env = { process?: { env?: Record<string, string | undefined>; version?: string } }
const runtime = globalThis as Env

function userAgentOf(application: string | undefined): string {
  const node = runtime.process?.version
  return [application, `awareness-api-client/${VERSION}`, node ? `node/${node.replace(/^v/, '')}` : null]
    .filter(Boolean)
    .join(' ')
}

/** A signal that aborts when any of these does (AbortSignal.any where the runtime has it). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const native = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any
  if (native) return native.call(AbortSignal, signals)
  const controller = new AbortController()
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason)
      break
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true })
  }
  return controller.signal
}

interface Cached {
  etag: string
  headers: Headers
  body: unknown
}

export class Transport {
  private readonly options: Required<
    Omit<ClientOptions, 'onRetry' | 'fetch' | 'userAgent' | 'etagCache' | 'apiKey'>
  > &
    Pick<ClientOptions, 'onRetry'> & { fetch: typeof fetch; apiKey: string; userAgent: string }
  private readonly cache: Map<string, Cached> | null
  private readonly cacheSize: number

  constructor(options: ClientOptions) {
    const apiKey = options.apiKey ?? runtime.process?.env?.AWARENESS_API_KEY
    if (!apiKey)
      throw new TypeError('AwarenessClient needs an API key: pass apiKey, or set AWARENESS_API_KEY')
    if (!options.baseUrl) throw new TypeError('AwarenessClient needs the baseUrl of the API')
    this.options = {
      timeoutMs: 30_000,
      maxRetries: 5,
      maxRetryDelayMs: 60_000,
      retryBaseMs: 500,
      ...options,
      apiKey,
      userAgent: userAgentOf(options.userAgent),
      fetch: options.fetch ?? globalThis.fetch,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    }
    const size = options.etagCache === true ? 1000 : options.etagCache || 0
    this.cacheSize = size
    this.cache = size > 0 ? new Map() : null
  }

  /** A whole answer: its body parsed. */
  async get(
    path: string,
    query: Record<string, string | undefined>,
    headers: Record<string, string | undefined> = {},
    signal?: AbortSignal,
  ): Promise<{ response: ResponseInfo; headers: Headers; body: unknown }> {
    const answer = await this.open(path, query, headers, signal)
    return { response: answer.response, headers: answer.headers, body: await answer.body() }
  }

  /**
   * Like get, but returns as soon as a successful answer's headers are in, before its body is read:
   * a list can ask for its next page while this one's body is still arriving. `signal` abandons it.
   */
  async open(
    path: string,
    query: Record<string, string | undefined>,
    headers: Record<string, string | undefined> = {},
    signal?: AbortSignal,
  ): Promise<OpenAnswer> {
    const url = new URL(this.options.baseUrl + path)
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, value)
    const sent: Record<string, string> = {
      'x-api-key': this.options.apiKey,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    }
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value
    const cacheKey = `${url.href} ${sent['x-item-limit'] ?? ''} ${sent['x-next-cursor'] ?? ''}`
    const cached = this.cache?.get(cacheKey)
    if (cached) sent['if-none-match'] = cached.etag
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        const timeout = AbortSignal.timeout(this.options.timeoutMs)
        response = await this.options.fetch(url, {
          headers: sent,
          signal: signal ? anySignal([signal, timeout]) : timeout,
        })
      } catch (error) {
        if (signal?.aborted) throw error
        const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error'
        if (attempt >= this.options.maxRetries || isPermanent(error)) {
          throw new AwarenessNetworkError(
            `cannot reach ${url.host}: ${networkCause(error)} (${attempt + 1} ${attempt === 0 ? 'attempt' : 'attempts'})`,
            { cause: error },
          )
        }
        await this.wait(attempt, this.backoff(attempt), reason, signal)
        continue
      }
      if (response.status === 304 && cached) {
        await response.body?.cancel()
        this.remember(cacheKey, cached)
        const info = { ...responseInfo(304, response.headers), etag: cached.etag }
        return { response: info, headers: cached.headers, body: async () => cached.body }
      }
      if (response.ok) {
        const etag = response.headers.get('etag')
        return {
          response: responseInfo(response.status, response.headers),
          headers: response.headers,
          body: async () => {
            const text = await response.text()
            const body = text.length > 0 ? JSON.parse(text) : null
            if (this.cache && etag) this.remember(cacheKey, { etag, headers: response.headers, body })
            return body
          },
        }
      }
      const body = await response.text()
      if (RETRIED.has(response.status) && attempt < this.options.maxRetries) {
        const asked = retryAfterMs(response.headers.get('retry-after'))
        if (asked === null || asked <= this.options.maxRetryDelayMs) {
          await this.wait(attempt, asked ?? this.backoff(attempt), String(response.status), signal)
          continue
        }
      }
      throw toError(response, body)
    }
  }

  /** Keeps an answer, the most recently used last; the least recently used goes past the bound. */
  private remember(key: string, entry: Cached): void {
    if (!this.cache) return
    this.cache.delete(key)
    this.cache.set(key, entry)
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string)
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.options.maxRetryDelayMs, this.options.retryBaseMs * 2 ** attempt)
    return Math.random() * ceiling
  }

  private async wait(attempt: number, delayMs: number, reason: string, signal?: AbortSignal): Promise<void> {
    this.options.onRetry?.({ attempt: attempt + 1, delayMs, reason })
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', stop)
        resolve()
      }
      const stop = () => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      const timer = setTimeout(done, delayMs)
      if (signal?.aborted) stop()
      else signal?.addEventListener('abort', stop, { once: true })
    })
  }
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved now',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'the connection was closed',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
}

/** Failures no retry can mend: a port fetch refuses to use, a certificate that does not fit. */
const PERMANENT = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
])

function isPermanent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.message === 'bad port' || (cause?.code !== undefined && PERMANENT.has(cause.code))
}

/** Why fetch failed, in words: fetch's own message is only "fetch failed"; the cause has the code. */
function networkCause(error: unknown): string {
  if ((error as Error).name === 'TimeoutError') return 'timeout: no answer in time'
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code
  if (code) return CAUSES[code] ? `${CAUSES[code]} (${code})` : code
  if (cause?.message === 'bad port') return 'fetch refuses to use this port (bad port)'
  return cause?.message ?? (error as Error).message
}

function toError(response: Response, body: string): AwarenessApiError {
  const requestId = response.headers.get('x-request-id')
  const rateLimit = rateLimitOf(response.headers)
  const retryAfter = response.headers.get('retry-after')
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null
  try {
    const parsed = JSON.parse(body) as { errors: ErrorEntry[] }
    const first = parsed.errors[0]
    if (first)
      return new AwarenessApiError(
        response.status,
        first.code,
        first.detail,
        requestId,
        parsed.errors,
        rateLimit,
        retryAfterSeconds,
      )
  } catch {
    // Not the API's error shape (a proxy in between, say): keep what there is.
  }
  return new AwarenessApiError(
    response.status,
    'unexpected_response',
    body.slice(0, 200) || response.statusText,
    requestId,
    [],
    rateLimit,
    retryAfterSeconds,
  )
}
