// One request with timeouts and bounded retries: 429 and 503 are retried after their Retry-After,
// network failures and timeouts after an exponential backoff with full jitter.

import { AwarenessApiError, AwarenessNetworkError } from './errors.js'

export interface TransportOptions {
  baseUrl: string
  apiKey: string
  /** Per attempt; default 30 s. */
  timeoutMs?: number
  /** Retries after the first attempt; default 5. */
  maxRetries?: number
  /** No single wait is longer; a Retry-After beyond it fails at once. Default 60 s. */
  maxRetryDelayMs?: number
  /** First backoff step; default 500 ms (doubling, with jitter). */
  retryBaseMs?: number
  fetch?: typeof fetch
  /** Called before each wait (for logs and progress displays). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void
}

export interface Answer {
  status: number
  headers: Headers
  body: unknown
}

/** A successful answer whose body has not been read yet. */
export interface OpenAnswer {
  status: number
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

export class Transport {
  private readonly options: Required<Omit<TransportOptions, 'onRetry' | 'fetch'>> &
    Pick<TransportOptions, 'onRetry'> & { fetch: typeof fetch }

  constructor(options: TransportOptions) {
    this.options = {
      timeoutMs: 30_000,
      maxRetries: 5,
      maxRetryDelayMs: 60_000,
      retryBaseMs: 500,
      ...options,
      fetch: options.fetch ?? globalThis.fetch,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    }
  }

  async get(
    path: string,
    query: Record<string, string | undefined>,
    headers: Record<string, string | undefined> = {},
  ): Promise<Answer> {
    const answer = await this.open(path, query, headers)
    return { status: answer.status, headers: answer.headers, body: await answer.body() }
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
    const sent: Record<string, string> = { 'x-api-key': this.options.apiKey, accept: 'application/json' }
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await this.options.fetch(url, {
          headers: sent,
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)])
            : AbortSignal.timeout(this.options.timeoutMs),
        })
      } catch (error) {
        if (signal?.aborted) throw error
        const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error'
        if (attempt >= this.options.maxRetries) {
          throw new AwarenessNetworkError(
            `cannot reach ${url.host}: ${networkCause(error)} (${attempt + 1} ${attempt === 0 ? 'attempt' : 'attempts'})`,
            { cause: error },
          )
        }
        await this.wait(attempt, this.backoff(attempt), reason)
        continue
      }
      if (response.ok || response.status === 304) {
        return {
          status: response.status,
          headers: response.headers,
          body: async () => {
            const body = await response.text()
            return body.length > 0 ? JSON.parse(body) : null
          },
        }
      }
      const body = await response.text()
      if (RETRIED.has(response.status) && attempt < this.options.maxRetries) {
        const asked = retryAfterMs(response.headers.get('retry-after'))
        if (asked === null || asked <= this.options.maxRetryDelayMs) {
          await this.wait(attempt, asked ?? this.backoff(attempt), String(response.status))
          continue
        }
      }
      throw toError(response, body)
    }
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.options.maxRetryDelayMs, this.options.retryBaseMs * 2 ** attempt)
    return Math.random() * ceiling
  }

  private async wait(attempt: number, delayMs: number, reason: string): Promise<void> {
    this.options.onRetry?.({ attempt: attempt + 1, delayMs, reason })
    await new Promise((resolve) => setTimeout(resolve, delayMs))
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

/** Why fetch failed, in words: fetch's own message is only "fetch failed"; the cause has the code. */
function networkCause(error: unknown): string {
  if ((error as Error).name === 'TimeoutError') return 'timeout: no answer in time'
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code
  if (code) return CAUSES[code] ? `${CAUSES[code]} (${code})` : code
  return cause?.message ?? (error as Error).message
}

function toError(response: Response, body: string): AwarenessApiError {
  const requestId = response.headers.get('x-request-id')
  try {
    const parsed = JSON.parse(body) as { errors: AwarenessApiError['errors'] }
    const first = parsed.errors[0]
    if (first)
      return new AwarenessApiError(response.status, first.code, first.detail, requestId, parsed.errors)
  } catch {
    // Not the API's error shape (a proxy in between, say): keep what there is.
  }
  return new AwarenessApiError(
    response.status,
    'unexpected_response',
    body.slice(0, 200) || response.statusText,
    requestId,
    [],
  )
}
